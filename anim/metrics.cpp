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
  for (const Leg& l : kLegs) {
    bone(l.hip, l.knee, b.thigh);
    bone(l.knee, l.ankle, b.shank);
    bone(l.ankle, l.toe, std::hypot(b.toe_forward(), b.ankle_height));
  }
  for (const Arm& a : kArms) {
    bone(a.shoulder, a.elbow, b.upper_arm);
    bone(a.elbow, a.hand, b.forearm_to_grip());
  }
  bone(Joint::pelvis, Joint::chest, kLowerSpineShare * b.trunk);
  bone(Joint::chest, Joint::neck, (1.0 - kLowerSpineShare) * b.trunk);
  return e;
}

GaitMetrics measure_gait(std::span<const CharacterFrame> frames, const Terrain& terrain) {
  GaitMetrics m;
  m.frames = static_cast<int>(frames.size());
  if (frames.empty()) return m;
  std::array<vec2, 2> plant_start{};
  std::array<bool, 2> was_planted{};
  double cycle_min = 1e9, cycle_max = -1e9;
  bool cycle_open = false;
  int moving_frames = 0;
  std::array<int, 2> planted_moving{};
  // Cadence and stride from the touchdowns themselves: steps counted between the first and
  // the last plant seen while moving, over the time and distance between those plants.
  double first_t = 0.0, last_t = 0.0, first_x = 0.0, last_x = 0.0;
  std::int64_t first_step = -1, last_step = 0;
  double min_range = 1e9;

  for (std::size_t i = 0; i < frames.size(); ++i) {
    const CharacterFrame& f = frames[i];
    bool finite = true;
    for (const vec2& p : f.joints) finite = finite && is_finite(p);
    if (!finite) { ++m.nonfinite; continue; }
    const double leg = f.body_size.leg();
    const vec2 pelvis = at(f, Joint::pelvis);
    m.min_hip_over_leg = std::min(m.min_hip_over_leg, (pelvis.y - terrain.level_at(pelvis.x)) / leg);
    if (i > 0) m.max_hip_step = std::max(m.max_hip_step, std::abs(pelvis.y - at(frames[i - 1], Joint::pelvis).y));
    if (!turning(f)) m.max_bone_error = std::max(m.max_bone_error, bone_error(f));
    for (Side s : kSides) {
      const Leg& l = kLegs[index(s)];
      if (knee_bend(f, s) < -1e-9) ++m.knee_backward_frames;
      m.max_limb_overlength = std::max(m.max_limb_overlength, glm::length(at(f, l.ankle) - at(f, l.hip)) - leg);
      const Arm& a = kArms[index(s)];
      m.max_limb_overlength = std::max(m.max_limb_overlength,
                                       glm::length(at(f, a.hand) - at(f, a.shoulder)) - f.body_size.arm());
      for (Joint j : {l.toe, l.ankle}) {
        m.min_foot_clearance = std::min(m.min_foot_clearance, at(f, j).y - terrain.height_at(at(f, j).x));
      }
      // A planted toe must not move horizontally (Rule 8; vertical movement is the roll).
      const bool planted = f.contact[index(s)];
      if (planted && !was_planted[index(s)]) plant_start[index(s)] = at(f, l.toe);
      if (planted) m.max_toe_drift = std::max(m.max_toe_drift, std::abs(at(f, l.toe).x - plant_start[index(s)].x));
      was_planted[index(s)] = planted;
    }
    // Hip rise and fall over each full cycle (the phase wraps once per cycle).
    if (f.state == State::walk || f.state == State::run) {
      ++moving_frames;
      for (Side s : kSides) planted_moving[index(s)] += f.contact[index(s)] ? 1 : 0;
      const bool planted_now = i > 0 && f.step != frames[i - 1].step;
      if (planted_now) {
        if (first_step < 0) { first_step = f.step; first_t = f.t; first_x = f.x; }
        last_step = f.step;
        last_t = f.t;
        last_x = f.x;
      }
      const bool wrapped = i > 0 && f.phase < frames[i - 1].phase;
      if (wrapped) {
        if (cycle_open) {
          ++m.cycles;
          const double range = cycle_max - cycle_min;
          min_range = std::min(min_range, range);
          m.max_cycle_hip_range = std::max(m.max_cycle_hip_range, range);
        }
        cycle_open = true;
        cycle_min = 1e9;
        cycle_max = -1e9;
      }
      const double h = pelvis.y - terrain.level_at(pelvis.x);
      cycle_min = std::min(cycle_min, h);
      cycle_max = std::max(cycle_max, h);
    } else {
      cycle_open = false;
    }
  }
  m.min_cycle_hip_range = m.cycles > 0 ? min_range : 0.0;
  if (moving_frames > 0) m.stance_fraction = 0.5 * (planted_moving[0] + planted_moving[1]) / moving_frames;
  if (first_step >= 0 && last_t > first_t && last_step > first_step) {
    m.cadence = static_cast<double>(last_step - first_step) / (last_t - first_t);
    m.stride = 2.0 * std::abs(last_x - first_x) / static_cast<double>(last_step - first_step);
  }
  return m;
}

}  // namespace anim
