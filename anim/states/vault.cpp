#include "anim/states/vault.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

// Lengths of the move along his travel, as shares of the leg (and so of any body).
constexpr double kPlantBack = 0.75;     // L: the hips behind the face at the take-off (the tuck before the face)
constexpr double kPlantHips = 0.8;      // L: the hips' height over the ground at the plant (a drive's crouch)
constexpr double kPlantLean = 0.9;      // rad: the trunk thrown forward as the hand plants
constexpr double kOverLean = 1.05;      // rad: near level as the shoulders pass over the hand
constexpr double kOverAt = 0.3;         // share of the arc at which they do
constexpr double kLandLean = 0.3;       // rad at touchdown
constexpr double kTuckDrop = 0.36;      // m: a tucked foot's ball under the hips
constexpr double kTuckTime = 0.15;      // s: a knee drive's time, by which a faster run takes off further out
// s: the shortest the feet take to swing into the tuck (Rule 8: in kTuckTime the trail knee swung
// 10 cm in a step; ~0.25 s keeps it near a sprinter's thigh, ~12 rad/s).
constexpr double kTuckSwing = 0.25;
constexpr double kTuckRadius = 0.38;    // m: a foot swinging into the tuck keeps this far from the hips
constexpr double kTuckAhead = 0.26;     // m: and ahead of them (its ankle ahead of the hip: the knee up)
constexpr double kHandIn = 0.04;        // m: the hand lands this far in from the face
constexpr double kReleaseTime = 0.3;    // s: the least from the hand's release to its hold on the fore-end
constexpr double kFootClear = 0.07;     // m: the balls pass this far over the top
constexpr double kLandBeyond = 0.5;     // L: the hips land this far past the far side, plus speed
constexpr double kLandPerSpeed = 0.08;  // m per m/s of speed further

vec2 at(const VaultInput& in, double along, double y) { return {in.face_x + in.sign * along, y}; }

// The hips and the trunk on the arc at share u (0..1) of it: at one speed along, up to the apex
// over the box and down to the landing.
struct ArcPoint {
  vec2 pelvis{};
  double lean = 0.0;
};
ArcPoint arc_at(const VaultPlan& p, double u) {
  const double x_share = std::abs(p.apex.x - p.plant_pelvis.x) / std::max(1e-9, std::abs(p.land_pelvis.x - p.plant_pelvis.x));
  ArcPoint a;
  a.pelvis.x = p.plant_pelvis.x + (p.land_pelvis.x - p.plant_pelvis.x) * u;
  a.pelvis.y = u < x_share ? p.plant_pelvis.y + (p.apex.y - p.plant_pelvis.y) * std::sin(0.5 * kPi * u / x_share)
                           : p.apex.y - (p.apex.y - p.land_pelvis.y) * (1.0 - std::cos(0.5 * kPi * (u - x_share) / (1.0 - x_share)));
  a.lean = u < kOverAt ? kPlantLean + (kOverLean - kPlantLean) * smoothstep01(u / kOverAt)
                       : kOverLean + (kLandLean - kOverLean) * smoothstep01((u - kOverAt) / (1.0 - kOverAt));
  return a;
}

}  // namespace

double vault_landing_x(const VaultInput& in, const ObstacleTuning& t) {
  const double v = std::max(in.speed, t.vault_min_speed);
  return in.far_x + in.sign * (kLandBeyond * in.body.leg() + kLandPerSpeed * v);
}

VaultPlan plan_vault(const VaultInput& in, const BodyTargets& stand, const ObstacleTuning& t) {
  VaultPlan p;
  p.in = in;
  p.stand = stand;
  const double leg = in.body.leg();
  const double v = std::max(in.speed, t.vault_min_speed);
  const double width = std::abs(in.far_x - in.face_x);
  // A faster run takes off further out: the tuck takes its time whatever the speed.
  p.plant_pelvis = at(in, -(kPlantBack * leg + kTuckTime * v), in.ground_y + kPlantHips * leg);
  p.apex = at(in, 0.5 * width, in.top_y + t.vault_hip_clear * leg);
  p.land_pelvis = {stand.pelvis.x - in.sign * 0.15 * leg, stand.pelvis.y};
  // The hold at the plant: far (support) hand on the top, take-off foot on its ball behind,
  // the lead knee driving up.
  BodyTargets& plant = p.plant;
  plant = in.start;
  plant.pelvis = p.plant_pelvis;
  plant.lean = kPlantLean;
  plant.hand[index(Side::far)] = {at(in, kHandIn, in.top_y + 0.02), 1.0, true};
  plant.hand[index(Side::near)].weight = 0.0;
  const std::size_t lead = index(Side::near), trail = index(Side::far);
  plant.foot[trail] = {p.plant_pelvis + vec2{-in.sign * 0.15 * leg, in.ground_y - p.plant_pelvis.y}, 0.5, true};
  // The lead knee drives up in front of the face, its foot already at the top's height.
  plant.foot[lead] = {p.plant_pelvis + vec2{in.sign * 0.61 * leg, in.top_y + kFootClear - p.plant_pelvis.y}, 0.2, false};
  // Into the plant at his own speed (at least a brisk walk's), and no quicker than the feet can
  // swing there (Rule 8: at a run a foot crossed 10 cm in a step into it).
  const double approach = std::abs(p.plant_pelvis.x - in.start.pelvis.x);
  p.plant_t = std::clamp(std::max(approach / std::max(in.speed, 1.0), foot_swing_time(in.start, plant)), 0.18, 0.6);
  p.land_t = p.plant_t + std::abs(p.land_pelvis.x - p.plant_pelvis.x) / v;
  // The hand lets go once the shoulder has passed it and is at the arm's length from it; it is
  // back on the fore-end by the landing, and takes a swing's time at least to get there.
  const vec2 hand = plant.hand[index(Side::far)].point;
  double u_release = 1.0;
  for (int k = 0; k <= 256; ++k) {
    const double u = k / 256.0;
    const ArcPoint a = arc_at(p, u);
    const vec2 shoulder = shoulder_of(a.pelvis, a.lean, in.sign, in.body);
    if ((shoulder.x - hand.x) * in.sign > 0.0 && glm::length(shoulder - hand) >= 0.95 * in.body.arm()) {
      u_release = u;
      break;
    }
  }
  // (A late release stretches the arc by half at most: the hips' path is the same, only slower.)
  const double arc = p.land_t - p.plant_t;
  p.land_t = p.plant_t + std::min(1.5 * arc, std::max(arc, kReleaseTime / std::max(1e-3, 1.0 - u_release)));
  p.release_t = p.plant_t + u_release * (p.land_t - p.plant_t);
  // The landing's knee bend answers the fall: the hips come down from the apex.
  const double fall = std::max(0.0, p.apex.y - p.land_pelvis.y);
  p.dip = landing_dip(std::sqrt(2.0 * kGravity * fall), leg, t);
  p.end_t = p.land_t + t.stand_up_time;
  return p;
}

BodyTargets vault_pose(const VaultPlan& p, double t) {
  const VaultInput& in = p.in;
  const double leg = in.body.leg();
  const BodyTargets& plant = p.plant;
  const std::size_t lead = index(Side::near), trail = index(Side::far);
  if (t <= p.plant_t) {
    const double w = smoothstep01(t / p.plant_t);
    BodyTargets b = mix(in.start, plant, w);
    for (Side s : kSides) {
      FootTarget& f = b.foot[index(s)];
      const vec2 from = in.start.foot[index(s)].ball, to = plant.foot[index(s)].ball;
      if (glm::length(to - from) < 0.03) continue;  // it stays where it stands
      // A foot that has to move steps there (lifted, bearing only at the end), round the hips.
      f.ball = swing_about(from, to, b.pelvis, w, kTuckRadius, in.sign) + vec2{0.0, 0.08 * std::sin(kPi * w)};
      f.planted = plant.foot[index(s)].planted && w >= 1.0;
    }
    return b;
  }

  // The arc: the hips at one speed along, up to the apex over the box and down to the landing.
  BodyTargets b = plant;
  const double arc = p.land_t - p.plant_t;
  const double u = clamp01((t - p.plant_t) / arc);
  if (t <= p.land_t) {
    const ArcPoint a = arc_at(p, u);
    b.pelvis = a.pelvis;
    b.lean = a.lean;
    // The planted hand bears until the shoulder passes beyond its reach, then goes back to the
    // rifle's fore-end over a swing's time (Rule 8: released as the shoulder ran out of reach,
    // it crossed a metre in eight steps at a run).
    HandTarget& hand = b.hand[index(Side::far)];
    hand.bearing = glm::length(shoulder_of(b.pelvis, b.lean, in.sign, in.body) - hand.point) < 0.99 * in.body.arm();
    hand.weight = 1.0 - smoothstep01((t - p.release_t) / std::max(1e-6, p.land_t - p.release_t));
    // The feet tuck under the hips over the top, the lead a beat ahead of the trail, and reach
    // down to where he will stand; never into the box (the clamp over its span).
    const double clear = in.top_y + kFootClear;
    const vec2 tuck{b.pelvis.x + in.sign * kTuckAhead, std::max(b.pelvis.y - kTuckDrop, clear + 0.02)};
    // (The span the balls pass over: the boot's tip leads it over the face, its heel trails it off
    // the far side; in his facing, so both facings are the same vault.)
    const double near_end = in.face_x - in.sign * (in.body.ball_to_tip() + 0.02);
    const double far_end = in.far_x + in.sign * (in.body.toe_forward() + in.body.heel_back() + 0.02);
    const double lo = std::min(near_end, far_end), hi = std::max(near_end, far_end);
    auto carried = [&](const FootTarget& from, const FootTarget& to, double start, double tucked, double end) {
      // Into the tuck the foot swings round under the hips, never closer to them than kTuckRadius
      // (the knee then stays on the front of the leg and drives up; a foot passing through the
      // hip would flip it); out of it, along before down, past the far side before it lowers.
      const double in_lin = clamp01((u - start) / (tucked - start)), out_lin = clamp01((u - tucked) / (end - tucked));
      const vec2 mid = swing_about(from.ball, tuck, b.pelvis, smoothstep01(in_lin), kTuckRadius, in.sign);
      FootTarget f = to;
      f.ball = {mid.x + (to.ball.x - mid.x) * smoothstep01(std::min(1.0, 1.6 * out_lin)),
                mid.y + (to.ball.y - mid.y) * smoothstep01((out_lin - 0.45) / 0.55)};
      if (f.ball.x >= lo && f.ball.x <= hi) f.ball.y = std::max(f.ball.y, clear);
      f.pitch = from.pitch + (to.pitch - from.pitch) * smoothstep01(out_lin);
      f.planted = u >= end;
      return f;
    };
    // The tuck takes its swing's time at least, however fast the arc.
    const double tuck_share = std::min(0.5, std::max(0.14, kTuckSwing / arc));
    b.foot[lead] = carried(plant.foot[lead], p.stand.foot[lead], 0.0, 0.7 * tuck_share, 0.85);
    b.foot[trail] = carried(plant.foot[trail], p.stand.foot[trail], 0.0, tuck_share, 1.0);
    b.foot[trail].planted = b.foot[trail].planted;
    const double x0 = std::min(in.face_x, in.far_x), x1 = std::max(in.face_x, in.far_x);
    for (Side s : kSides)
      if (!b.foot[index(s)].planted) b.foot[index(s)] = clear_of_box(b.foot[index(s)], b.pelvis, x0, x1, in.top_y, in.sign, in.body);
    return b;
  }
  // The landing: the knees take the fall, then he stands.
  BodyTargets land = p.stand;
  land.pelvis = p.land_pelvis;
  land.lean = kLandLean;
  BodyTargets low = p.stand;
  low.pelvis = {p.stand.pelvis.x - in.sign * 0.07 * leg, p.stand.pelvis.y - p.dip};
  low.lean = 0.35;
  const double dip_t = 0.35 * (p.end_t - p.land_t);
  if (t <= p.land_t + dip_t) {
    const double w = (t - p.land_t) / dip_t;
    // The hips keep their falling speed into the bend and stop at its bottom (sin: C1 there).
    BodyTargets o = mix(land, low, std::sin(0.5 * kPi * w));
    return o;
  }
  return mix(low, p.stand, smoothstep01((t - p.land_t - dip_t) / (p.end_t - p.land_t - dip_t)));
}

}  // namespace anim
