#include "anim/gait_kinematics.hpp"

#include "anim/gait/stance_roll.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

constexpr double kDeg = 180.0 / kPi;
constexpr double kOnGround = 0.005;  // m: a heel or ball within this of the ground bears on it

struct LegJoints { Joint hip, knee, ankle, toe; };
constexpr std::array<LegJoints, 2> kLegs = {{{Joint::hip_near, Joint::knee_near, Joint::ankle_near, Joint::toe_near},
                                             {Joint::hip_far, Joint::knee_far, Joint::ankle_far, Joint::toe_far}}};

vec2 at(const CharacterFrame& f, Joint j) { return f.joints[index(j)]; }

// Unsigned angle between two vectors, rad.
double between(vec2 a, vec2 b) {
  const double la = glm::length(a), lb = glm::length(b);
  if (la < 1e-12 || lb < 1e-12) return 0.0;
  return std::acos(std::clamp(glm::dot(a, b) / (la * lb), -1.0, 1.0));
}

}  // namespace

double knee_flexion_deg(const CharacterFrame& f, Side side) {
  const LegJoints& l = kLegs[index(side)];
  return kDeg * between(at(f, l.knee) - at(f, l.hip), at(f, l.ankle) - at(f, l.knee));
}

void KinematicsMeter::add(const CharacterFrame& f) {
  const bool side_on = std::abs(f.body.x_scale()) == 1.0;
  const int sign = f.body.sign();
  const Proportions& b = f.body_size;
  const vec2 pelvis = at(f, Joint::pelvis);
  ++sum_.frames;

  // The pelvis path: vertical speed and acceleration by differences at the fixed step.
  if (has_prev_) dt_ = f.t - t1_;
  if (has_prev2_ && dt_ > 0.0) {
    sum_.pelvis_speed = std::max(sum_.pelvis_speed, std::abs(pelvis.y - y1_) / dt_);
    sum_.pelvis_accel = std::max(sum_.pelvis_accel, std::abs(pelvis.y - 2.0 * y1_ + y2_) / (dt_ * dt_));
  } else if (has_prev_ && dt_ > 0.0) {
    sum_.pelvis_speed = std::max(sum_.pelvis_speed, std::abs(pelvis.y - y1_) / dt_);
  }
  has_prev2_ = has_prev_;
  has_prev_ = true;
  y2_ = y1_;
  y1_ = pelvis.y;
  t1_ = f.t;

  const vec2 spine = at(f, Joint::neck) - pelvis;
  if (side_on) {
    lean_sum_ += kDeg * std::atan2(spine.x * sign, spine.y);
    ++lean_frames_;
  }

  for (Side s : kSides) {
    const std::size_t i = index(s);
    const LegJoints& l = kLegs[i];
    const bool planted = f.contact[i];
    if (sum_.frames == 1 || !side_on) {  // the first frame: a foot already down has not just
                                          // touched down; a turn: the cycle it interrupts is not
                                          // a steady one
      open_[i] = false;
      cycle_[i].clear();
      was_planted_[i] = planted;
      continue;
    }
    if (planted && !was_planted_[i]) {
      if (open_[i]) close_cycle(s);
      cycle_[i].clear();
      open_[i] = true;
    }
    was_planted_[i] = planted;
    if (!open_[i]) continue;
    const vec2 hip = at(f, l.hip), knee = at(f, l.knee), ankle = at(f, l.ankle), toe = at(f, l.toe);
    const SolePoints sole = sole_points(b, ankle, toe, sign);
    const vec2 thigh = knee - hip;
    Sample q;
    q.planted = planted;
    q.knee = kDeg * between(thigh, ankle - knee);
    q.hip = kDeg * std::atan2(thigh.x * sign, -thigh.y);
    q.dorsiflexion = 90.0 - kDeg * between(knee - ankle, sole.forward);
    q.heel_height = sole.heel.y - terrain_.height_at(sole.heel.x);
    q.ball_height = sole.ball.y - terrain_.height_at(sole.ball.x);
    double low = 1e9;
    for (vec2 p : {sole.heel, sole.ball, sole.tip}) low = std::min(low, p.y - terrain_.height_at(p.x));
    q.low_height = low;
    q.pelvis_over_ground = pelvis.y - terrain_.level_at(pelvis.x);
    // The sole's angle over the ground under it, + toe up.
    const double ground = std::atan2((terrain_.height_at(sole.tip.x) - terrain_.height_at(sole.heel.x)) * sign,
                                     std::max(1e-9, std::abs(sole.tip.x - sole.heel.x)));
    q.toe_up = kDeg * (std::atan2(sole.forward.y, std::abs(sole.forward.x)) - ground);
    cycle_[i].push_back(q);
  }
}

void KinematicsMeter::close_cycle(Side s) {
  const std::vector<Sample>& c = cycle_[index(s)];
  const std::size_t n = c.size();
  std::size_t stance = 0;
  while (stance < n && c[stance].planted) ++stance;
  if (n < 8 || stance < 3 || stance >= n) return;  // not a whole stance and swing
  GaitKinematics& k = sum_;
  ++k.cycles;
  auto gc = [n](std::size_t frame) { return 100.0 * static_cast<double>(frame) / static_cast<double>(n); };
  auto stance_share = [stance](std::size_t frame) { return static_cast<double>(frame) / static_cast<double>(stance - 1); };
  k.knee_contact += c[0].knee;
  k.hip_contact += c[0].hip;
  k.knee_toeoff += c[stance - 1].knee;
  k.plantarflexion_toeoff += -c[stance - 1].dorsiflexion;
  k.stance_gc += gc(stance);
  // The foot's attitude at touchdown: heel below the ball is a heel strike, toe up.
  k.strike_pitch += c[0].toe_up;
  double loading = 0.0, mid = 1e9, peak = 0.0, hip_ext = 1e9, dorsi = -1e9;
  std::size_t flat = 0, heel_rise = stance;
  bool flat_seen = false;
  for (std::size_t j = 0; j < stance; ++j) {
    const double q = stance_share(j);
    if (q <= 0.40) loading = std::max(loading, c[j].knee);
    if (q >= 0.40 && q <= 0.80) mid = std::min(mid, c[j].knee);
    if (q <= 0.85) peak = std::max(peak, c[j].knee);
    hip_ext = std::min(hip_ext, c[j].hip);
    dorsi = std::max(dorsi, c[j].dorsiflexion);
    if (!flat_seen && c[j].ball_height < kOnGround) { flat = j; flat_seen = true; }
    if (flat_seen && heel_rise == stance && j > flat && c[j].heel_height > kOnGround) heel_rise = j;
  }
  k.knee_loading += loading;
  k.knee_midstance += mid;
  k.knee_stance_peak += peak;
  k.hip_extension += -hip_ext;
  k.dorsiflexion_peak += dorsi;
  k.foot_flat_gc += gc(flat);
  k.heel_rise_gc += gc(heel_rise);
  double swing_peak = 0.0, lift = -1e9;
  const std::size_t swing = n - stance;
  for (std::size_t j = stance; j < n; ++j) {
    swing_peak = std::max(swing_peak, c[j].knee);
    lift = std::max(lift, c[j].low_height);
    const double u = static_cast<double>(j - stance) / static_cast<double>(swing);
    if (u >= 0.25 && u <= 0.75) k.swing_clearance = std::min(k.swing_clearance, c[j].low_height);
  }
  k.knee_swing_peak += swing_peak;
  k.swing_lift += lift;
  ++swing_count_;
  if (s == Side::near) {
    std::size_t hi = 0, lo = 0;
    for (std::size_t j = 1; j < n; ++j) {
      if (c[j].pelvis_over_ground > c[hi].pelvis_over_ground) hi = j;
      if (c[j].pelvis_over_ground < c[lo].pelvis_over_ground) lo = j;
    }
    k.pelvis_range += c[hi].pelvis_over_ground - c[lo].pelvis_over_ground;
    k.pelvis_high_gc += gc(hi);
    k.pelvis_low_gc += gc(lo);
    ++pelvis_cycles_;
  }
}

GaitKinematics KinematicsMeter::result() const {
  GaitKinematics k = sum_;
  k.lean_frames = lean_frames_;
  if (lean_frames_ > 0) k.trunk_lean = lean_sum_ / lean_frames_;
  if (k.swing_clearance > 1e8) k.swing_clearance = 0.0;
  if (k.cycles == 0) return k;
  const double n = k.cycles;
  for (double* m : {&k.knee_contact, &k.knee_loading, &k.knee_midstance, &k.knee_stance_peak, &k.knee_toeoff,
                    &k.knee_swing_peak, &k.hip_contact, &k.hip_extension, &k.strike_pitch, &k.foot_flat_gc,
                    &k.heel_rise_gc, &k.stance_gc, &k.dorsiflexion_peak, &k.plantarflexion_toeoff})
    *m /= n;
  if (swing_count_ > 0) k.swing_lift /= swing_count_;
  if (pelvis_cycles_ > 0) {
    k.pelvis_range /= pelvis_cycles_;
    k.pelvis_high_gc /= pelvis_cycles_;
    k.pelvis_low_gc /= pelvis_cycles_;
  }
  return k;
}

}  // namespace anim
