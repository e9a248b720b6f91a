#include "anim/gait/swing_plan.hpp"

#include "anim/gait/stance_roll.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

constexpr double kMaxObstacleLift = 0.6;  // m: above this a swing is no longer a step (a climb)

// Minimum-jerk position profile (Flash & Hogan 1985): zero velocity and acceleration at
// both ends, the shape of a human point-to-point reach.
double minimum_jerk(double s) {
  s = clamp01(s);
  return s * s * s * (10.0 + s * (-15.0 + 6.0 * s));
}

// How far the ball sits above the boot's lowest point: the tip when the toe points down, the
// heel when it points up (m).
double ball_over_lowest(const Proportions& body, double pitch, double toe_bend) {
  return std::max({0.0, body.ball_to_tip() * std::sin(pitch - toe_bend),
                   -(body.toe_forward() + body.heel_back()) * std::sin(pitch)});
}

// Where u is along the lift's hump: 0 at u = 0, 1/2 at its crest (`peak`), toward 1 at its
// end (`reach`); kPastHump from there on.
constexpr double kPastHump = 2.0;
double hump_phase(const SwingShape& s, double u) {
  const double reach = std::clamp(s.reach, 0.2, 1.0);
  const double peak = std::clamp(s.peak, 0.05, reach - 0.05);
  if (u >= reach) return kPastHump;
  return u < peak ? 0.5 * u / peak : 0.5 + 0.5 * (u - peak) / (reach - peak);
}

// The lift's hump: 0 with zero slope at u = 0 and at u = reach, crest 1 at `peak`.
double hump_at_phase(double w) {
  if (w == kPastHump) return 0.0;
  const double h = std::sin(kPi * w);
  return h * h;
}
double hump(const SwingShape& s, double u) { return hump_at_phase(hump_phase(s, u)); }

}  // namespace

namespace {

// The boot's lowest point at the swing's ends (m, world).
double lowest_at(const SwingEnd& end, const Proportions& body) {
  return end.toe.y - ball_over_lowest(body, end.pitch, end.toe_bend);
}

// Where the swing's path is at progress u: the ball's x and the boot's lowest point, whatever
// the foot's pitch (swing_point adds the pitch and rides the ball over that point).
struct SwingPath {
  double toe_x = 0.0;
  double low = 0.0;
};
SwingPath swing_path(const SwingShape& shape, const SwingEnd& from, const SwingEnd& to, double low_from, double low_to,
                     double u, double hump_u) {
  // Fore-aft: the hips' share of the foot's travel eased in and out (smoothstep: the foot
  // starts and ends at rest on the ground while the hips move on), plus its swing past the
  // hips, minimum jerk on a clock that runs fast early (the thigh driving it through).
  const double k = 1.0 + std::clamp(shape.drive, 0.0, 1.0);
  const double swing = minimum_jerk(1.0 - std::pow(1.0 - u, k));
  const double travel = to.toe.x - from.toe.x;
  const double m = std::abs(travel) > 1e-6 ? (shape.hip_travel * smoothstep01(u) + (travel - shape.hip_travel) * swing) / travel
                                           : minimum_jerk(u);
  // The boot's lowest point: along the line between its ends, a few centimetres clear in
  // mid-swing, higher where the lift peaks.
  const double plateau = smoothstep01(u / 0.2) * smoothstep01((1.0 - u) / 0.2);
  SwingPath p;
  p.low = low_from + (low_to - low_from) * m + shape.clearance * plateau +
          std::max(0.0, shape.lift - shape.clearance) * hump_u;
  p.toe_x = from.toe.x + (to.toe.x - from.toe.x) * m;
  return p;
}

}  // namespace

SwingPoint swing_point(const SwingShape& shape, const SwingEnd& from, const SwingEnd& to, const Proportions& body,
                       double u) {
  u = clamp01(u);
  const SwingPath path = swing_path(shape, from, to, lowest_at(from, body), lowest_at(to, body), u, hump(shape, u));
  SwingPoint p;
  // Pitch: the toe-off's heel-up unwinds through early swing while the toes straighten; the
  // landing attitude (toe up for a heel strike) comes in over the rest of the swing.
  const double unwind = smoothstep01(u / std::clamp(shape.unwind, 0.1, 0.9));
  const double land = smoothstep01((u - 0.35) / 0.65);
  p.pitch = from.pitch * (1.0 - unwind) + to.pitch * land;
  p.toe_bend = from.toe_bend * (1.0 - smoothstep01(u / 0.25)) + to.toe_bend * smoothstep01((u - 0.75) / 0.25);
  // The ball rides above the boot's lowest point.
  p.toe.x = path.toe_x;
  p.toe.y = path.low + ball_over_lowest(body, p.pitch, p.toe_bend);
  return p;
}

double swing_obstacle_lift(const Terrain& terrain, const Proportions& body, const SwingShape& shape, const SwingEnd& from,
                           const SwingEnd& to, double facing_scale, double clearance) {
  // Sample the planned path and find how much more lift keeps every sample clear; the extra
  // lift rides on the same hump, so it is zero at both ends (lift-off and touchdown).
  const double sgn = facing_scale < 0.0 ? -1.0 : 1.0;
  const double back = (body.toe_forward() + body.heel_back()) * std::abs(facing_scale);
  const double front = body.ball_to_tip() * std::abs(facing_scale);
  constexpr int kSamples = 24;
  // Near lift-off and touchdown the hump is small and the foot is over its own plant;
  // keep_clear() handles what little is left there. The weight fades a sample in, so the
  // planned lift never jumps as the path moves.
  auto weight_of = [](double h) { return smoothstep01((h - 0.3) / 0.3); };
  // The highest ground under the foot, heel to tip, with its ball at x.
  auto ground_under = [&](double x_ball) {
    double ground = -1e9;
    for (double s : {-1.0, -0.5, 0.0, 1.0}) {
      const double x = x_ball + sgn * (s < 0.0 ? s * back : s * front);
      ground = std::max(ground, terrain.height_at(x));
    }
    return ground;
  };
  // (Issue 14: the swing's pose at each sample was most of this.) The path's lowest point
  // alone settles most swings -- everywhere clear of the ground, so no extra lift: the
  // boot's lowest point is the same whatever its pitch, within an ulp of the pose's, so a
  // margin past kUnsure is the answer the poses would give; anything nearer is left to them.
  const double low_from = lowest_at(from, body), low_to = lowest_at(to, body);
  bool clear = true;
  for (int i = 1; i < kSamples && clear; ++i) {
    const double u = static_cast<double>(i) / kSamples;
    // (a sample whose hump is certainly under 0.3 weighs nothing: its sine is not needed;
    // 0.1835 of the hump's span puts it at 0.297)
    constexpr double kWeightless = 0.1835;
    const double w = hump_phase(shape, u);
    if (!(w > kWeightless && w < 1.0 - kWeightless)) continue;
    const double h = hump_at_phase(w);
    if (weight_of(h) <= 0.0) continue;
    const SwingPath path = swing_path(shape, from, to, low_from, low_to, u, h);
    const double kUnsure = 1e-12 * (1.0 + std::abs(path.low));  // m
    clear = ground_under(path.toe_x) + clearance - path.low < -kUnsure;
  }
  if (clear) return 0.0;
  double extra = 0.0;
  for (int i = 1; i < kSamples; ++i) {
    const double u = static_cast<double>(i) / kSamples;
    const double h = hump(shape, u);
    const double weight = weight_of(h);
    if (weight <= 0.0) continue;
    const SwingPoint p = swing_point(shape, from, to, body, u);
    const double lowest = p.toe.y - ball_over_lowest(body, p.pitch, p.toe_bend);
    extra = std::max(extra, weight * (ground_under(p.toe.x) + clearance - lowest) / h);
  }
  return std::clamp(extra, 0.0, kMaxObstacleLift);
}

double keep_clear(const Terrain& terrain, const Proportions& body, vec2 toe, double pitch, double toe_bend,
                  double facing_scale, double clearance) {
  // Heel, ball and boot tip of the foot as posed, and its ankle (a foot rolled far up over
  // its ball carries the ankle forward past it, into a riser ahead); the lift that puts each
  // above the ground.
  const double hl = body.toe_forward() + body.heel_back();
  const vec2 heel{-hl * std::cos(pitch), hl * std::sin(pitch)};
  const double sgn = facing_scale < 0.0 ? -1.0 : 1.0;
  const double c = std::abs(facing_scale);
  const vec2 tip{body.ball_to_tip() * std::cos(pitch - toe_bend), -body.ball_to_tip() * std::sin(pitch - toe_bend)};
  const vec2 ankle = ankle_from_toe(body, {0.0, 0.0}, pitch);
  double need = 0.0;
  for (const vec2& q : {vec2{0.0, 0.0}, heel, tip, 0.5 * heel, ankle}) {
    const double x = toe.x + sgn * c * q.x;
    need = std::max(need, terrain.height_at(x) + clearance - (toe.y + q.y));
  }
  return need;
}

}  // namespace anim
