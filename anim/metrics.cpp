#include "anim/metrics.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {
struct Leg { Joint hip, knee, ankle, toe; };
constexpr std::array<Leg, 2> kLegs = {{{Joint::hip_near, Joint::knee_near, Joint::ankle_near, Joint::toe_near},
                                       {Joint::hip_far, Joint::knee_far, Joint::ankle_far, Joint::toe_far}}};
struct Arm { Joint shoulder, elbow, hand; };
constexpr std::array<Arm, 2> kArms = {{{Joint::shoulder_near, Joint::elbow_near, Joint::hand_near},
                                       {Joint::shoulder_far, Joint::elbow_far, Joint::hand_far}}};

vec2 at(const CharacterFrame& f, Joint j) { return f.joints[index(j)]; }
bool turning(const CharacterFrame& f) { return std::abs(f.body.x_scale()) < 1.0; }
}  // namespace

double knee_bend(const CharacterFrame& f, Side side) {
  const Leg& l = kLegs[index(side)];
  const vec2 hip = at(f, l.hip);
  const double sgn = f.body.x_scale() < 0.0 ? -1.0 : 1.0;
  // In the facing frame a forward knee lies counter-clockwise of the hip->ankle line.
  return sgn * cross(at(f, l.ankle) - hip, at(f, l.knee) - hip);
}

double bone_error(const CharacterFrame& f) {
  const Proportions& b = f.body_size;
  double e = 0.0;
  auto bone = [&](Joint a, Joint c, double len) { e = std::max(e, std::abs(glm::length(at(f, c) - at(f, a)) - len)); };
  // Bones in 3D where a joint is held out of the side view's plane (an elbow, a prone knee).
  auto bone3 = [&](Joint a, Joint c, double depth, double len) {
    const vec2 d = at(f, c) - at(f, a);
    e = std::max(e, std::abs(std::sqrt(d.x * d.x + d.y * d.y + depth * depth) - len));
  };
  for (Side s : kSides) {
    const Leg& l = kLegs[index(s)];
    bone3(l.hip, l.knee, f.knee_depth[index(s)], b.thigh);
    bone3(l.knee, l.ankle, f.knee_depth[index(s)], b.shank);
    bone(l.ankle, l.toe, std::hypot(b.toe_forward(), b.ankle_height));
  }
  for (Side s : kSides) {
    const Arm& a = kArms[index(s)];
    bone3(a.shoulder, a.elbow, f.elbow_depth[index(s)], b.upper_arm);
    bone3(a.elbow, a.hand, f.elbow_depth[index(s)], b.forearm_to_grip());
  }
  bone(Joint::pelvis, Joint::chest, kLowerSpineShare * b.trunk);
  bone(Joint::chest, Joint::neck, (1.0 - kLowerSpineShare) * b.trunk);
  return e;
}

std::array<double, 2> ContactDrift::add(const CharacterFrame& f) {
  std::array<double, 2> drift{};
  for (Side s : kSides) {
    const std::size_t i = index(s);
    const bool planted = f.contact[i];
    if (planted && (!was_planted_[i] || f.bearing[i] != was_bearing_[i])) start_[i] = f.plant_world[i];
    if (planted) drift[i] = std::abs(f.plant_world[i].x - start_[i].x);
    was_planted_[i] = planted;
    was_bearing_[i] = f.bearing[i];
  }
  return drift;
}

void GaitMeter::add(const CharacterFrame& f) {
  GaitMetrics& m = m_;
  ++m.frames;
  bool finite = true;
  for (const vec2& p : f.joints) finite = finite && is_finite(p);
  if (!finite) {
    ++m.nonfinite;
    return;
  }
  const double leg = f.body_size.leg();
  const vec2 pelvis = at(f, Joint::pelvis);
  // Over uneven ground the hips are measured from the lower foot's ground, the ground under
  // each toe (seed 001 section 6 casts a ray down from each foot: the hips drop to keep the
  // lower foot reachable), or from the level under them where that is lower.
  double ground = terrain_.level_at(pelvis.x);
  for (Side s : kSides) ground = std::min(ground, terrain_.height_at(at(f, kLegs[index(s)].toe).x));
  m.min_hip_over_leg = std::min(m.min_hip_over_leg, (pelvis.y - ground) / leg);
  // Continuity is read over the ground's level, so a climb's own rise is not a seam.
  const double over_level = pelvis.y - terrain_.level_at(pelvis.x);
  if (has_prev_) m.max_hip_step = std::max(m.max_hip_step, std::abs(over_level - prev_hip_over_level_));
  if (!turning(f)) m.max_bone_error = std::max(m.max_bone_error, bone_error(f));
  for (Side s : kSides) {
    const Leg& l = kLegs[index(s)];
    if (knee_bend(f, s) < -1e-9) ++m.knee_backward_frames;
    m.max_limb_overlength = std::max(m.max_limb_overlength, glm::length(at(f, l.ankle) - at(f, l.hip)) - leg);
    const Arm& a = kArms[index(s)];
    m.max_limb_overlength = std::max(m.max_limb_overlength,
                                     glm::length(at(f, a.hand) - at(f, a.shoulder)) - f.body_size.arm());
    for (Joint j : {l.toe, l.ankle})
      m.min_foot_clearance = std::min(m.min_foot_clearance, at(f, j).y - terrain_.height_at(at(f, j).x));
  }
  // A planted foot must not move horizontally (Rule 8; vertical movement is the roll).
  for (double d : drift_.add(f)) m.max_contact_drift = std::max(m.max_contact_drift, d);
  if (f.state == State::walk || f.state == State::run) {
    ++moving_frames_;
    for (Side s : kSides) planted_moving_[index(s)] += f.contact[index(s)] ? 1 : 0;
    // Cadence and stride from the touchdowns themselves: steps counted between the first
    // and the last plant seen while moving, over the time and distance between them.
    if (has_prev_ && f.step != prev_step_) {
      if (first_step_ < 0) { first_step_ = f.step; first_t_ = f.t; first_x_ = f.x; }
      last_step_ = f.step;
      last_t_ = f.t;
      last_x_ = f.x;
    }
    // Hip rise and fall over each full cycle (the phase wraps once per cycle).
    if (has_prev_ && f.phase < prev_phase_) {
      if (cycle_open_) {
        ++m.cycles;
        const double range = cycle_max_ - cycle_min_;
        min_range_ = std::min(min_range_, range);
        m.max_cycle_hip_range = std::max(m.max_cycle_hip_range, range);
      }
      cycle_open_ = true;
      cycle_min_ = 1e9;
      cycle_max_ = -1e9;
    }
    const double h = pelvis.y - terrain_.level_at(pelvis.x);
    cycle_min_ = std::min(cycle_min_, h);
    cycle_max_ = std::max(cycle_max_, h);
  } else {
    cycle_open_ = false;
  }
  has_prev_ = true;
  prev_hip_over_level_ = over_level;
  prev_step_ = f.step;
  prev_phase_ = f.phase;
}

GaitMetrics GaitMeter::result() const {
  GaitMetrics m = m_;
  m.min_cycle_hip_range = m.cycles > 0 ? min_range_ : 0.0;
  if (moving_frames_ > 0) m.stance_fraction = 0.5 * (planted_moving_[0] + planted_moving_[1]) / moving_frames_;
  if (first_step_ >= 0 && last_t_ > first_t_ && last_step_ > first_step_) {
    m.cadence = static_cast<double>(last_step_ - first_step_) / (last_t_ - first_t_);
    m.stride = 2.0 * std::abs(last_x_ - first_x_) / static_cast<double>(last_step_ - first_step_);
  }
  return m;
}

GaitMetrics measure_gait(std::span<const CharacterFrame> frames, const Terrain& terrain) {
  GaitMeter meter(terrain);
  for (const CharacterFrame& f : frames) meter.add(f);
  return meter.result();
}

}  // namespace anim
