#include "anim/gait/stance_roll.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

// The cosine and sine of an angle, found once for every offset turned by it (issue 14: a
// foot's pose turns two or three offsets by its pitch; the same bits as finding them anew).
struct Turn {
  double c = 1.0, s = 0.0;
};
Turn turn_of(double angle) { return {std::cos(angle), std::sin(angle)}; }

// Rotates a foot-frame offset by the heel-up pitch (clockwise for a foot pointing +x).
vec2 pitched(vec2 v, Turn t) { return {v.x * t.c + v.y * t.s, -v.x * t.s + v.y * t.c}; }
vec2 pitched(vec2 v, double pitch) { return pitched(v, turn_of(pitch)); }

// A facing-frame offset seen in the world: its fore-aft part foreshortened by cos(yaw).
vec2 to_world_offset(vec2 v, double facing_scale) { return {v.x * facing_scale, v.y}; }

// The heel of a foot whose ball is at `ball` (world) with heel-up pitch `pitch`.
vec2 heel_of(const Proportions& body, vec2 ball, Turn pitch, double facing_scale) {
  return ball + to_world_offset(pitched({-body.toe_forward() - body.heel_back(), 0.0}, pitch), facing_scale);
}
vec2 heel_of(const Proportions& body, vec2 ball, double pitch, double facing_scale) {
  return heel_of(body, ball, turn_of(pitch), facing_scale);
}

// resting_foot, handing back the turns it found: by its pitch, and by its pitch less its toe
// bend (the boot tip's line) where it found that one too.
struct RestingTurns {
  Turn pitch{};
  Turn tip{};
  bool tip_known = false;
};
FootPose resting_foot_turns(const Proportions& body, vec2 ball_flat, double ground, double over, double facing_scale,
                            double toe_bend_max, RestingTurns& turns) {
  FootPose f;
  f.pitch = ground + over;
  turns.pitch = turn_of(f.pitch);
  if (over < 0.0) {
    // Heel down, toe up: the heel bears and stays where the flat foot's heel is.
    f.bearing = Bearing::heel;
    f.contact = heel_of(body, ball_flat, ground, facing_scale);
    f.ball = f.contact + to_world_offset(pitched({body.toe_forward() + body.heel_back(), 0.0}, turns.pitch), facing_scale);
    turns.tip = turns.pitch;  // (no toe bend)
    turns.tip_known = true;
  } else if (over <= toe_bend_max) {
    f.ball = f.contact = ball_flat;  // heel up: the ball bears, the toes lie flat
    f.toe_bend = over;
  } else {
    // Past the toes' bend the toe segment itself rolls up on the boot's tip.
    f.bearing = Bearing::tip;
    f.contact = ball_flat + to_world_offset(pitched({body.ball_to_tip(), 0.0}, ground), facing_scale);
    turns.tip = turn_of(ground + over - toe_bend_max);  // (f.pitch - toe_bend_max, the same bits)
    turns.tip_known = true;
    f.ball = f.contact + to_world_offset(pitched({-body.ball_to_tip(), 0.0}, turns.tip), facing_scale);
    f.toe_bend = toe_bend_max;
  }
  f.ankle = f.ball + to_world_offset(pitched({-body.toe_forward(), body.ankle_height}, turns.pitch), facing_scale);
  return f;
}

// Between a and b over [q0, q1], C1 with zero slope at both ends.
double ease(double q, double q0, double q1, double a, double b) {
  const double s = q1 > q0 ? (q - q0) / (q1 - q0) : (q >= q1 ? 1.0 : 0.0);
  return a + (b - a) * smoothstep01(s);
}

// From a toward b over [q0, q1], slow at first (zero slope at q0) and fastest at q1: the
// heel's rise, which is gradual until the other foot lands and quick through push-off.
double ease_in(double q, double q0, double q1, double a, double b) {
  const double s = clamp01(q1 > q0 ? (q - q0) / (q1 - q0) : (q >= q1 ? 1.0 : 0.0));
  return a + (b - a) * s * s;
}

}  // namespace

double stance_pitch(const RollProfile& p, double q) {
  const double flat_at = std::clamp(p.flat_at, 0.0, 1.0);
  const double rise_at = std::clamp(p.rise_at, flat_at, 1.0);
  if (q <= flat_at) return ease(q, 0.0, flat_at, -p.strike, 0.0);  // the heel rocker (or the ball landing)
  if (q <= rise_at) return 0.0;                                      // the ankle rocker: flat
  return ease_in(q, rise_at, 1.0, 0.0, p.toe_off);                   // the forefoot rocker
}

FootPose resting_foot(const Proportions& body, vec2 ball_flat, double ground, double over, double facing_scale,
                      double toe_bend_max) {
  RestingTurns turns;
  return resting_foot_turns(body, ball_flat, ground, over, facing_scale, toe_bend_max, turns);
}

FootPose planted_foot(const Proportions& body, FootPivot pivot, double ground, double over, double facing_scale,
                      double toe_bend_max) {
  RestingTurns turns;
  FootPose f = resting_foot_turns(body, {0.0, 0.0}, ground, over, facing_scale, toe_bend_max, turns);
  // Where the pivot's point is in this pose, relative to a flat ball at the origin (only the
  // one asked for: this runs ~40 times a soldier-step, issue 14).
  vec2 at = f.ball;
  if (pivot.kind == Bearing::heel) {
    at = heel_of(body, f.ball, turns.pitch, facing_scale);
  } else if (pivot.kind == Bearing::tip) {
    const Turn tip = turns.tip_known ? turns.tip : turn_of(f.pitch - f.toe_bend);
    at = f.ball + to_world_offset(pitched({body.ball_to_tip(), 0.0}, tip), facing_scale);
  }
  const vec2 shift = pivot.point - at;
  f.ball += shift;
  f.ankle += shift;
  f.contact += shift;
  return f;
}

FootPose rolled_foot(const Proportions& body, FootPivot pivot, double ground, double over, double facing_scale,
                     double toe_bend_max) {
  const bool heel_up_on_heel = pivot.kind == Bearing::heel && over > 0.0;
  const bool toe_up_on_ball = pivot.kind != Bearing::heel && over < 0.0;
  if (heel_up_on_heel || toe_up_on_ball) {
    const FootPose flat = planted_foot(body, pivot, ground, 0.0, facing_scale, toe_bend_max);
    pivot = heel_up_on_heel ? FootPivot{flat.ball, Bearing::ball}
                            : FootPivot{heel_of(body, flat.ball, flat.pitch, facing_scale), Bearing::heel};
  }
  return planted_foot(body, pivot, ground, over, facing_scale, toe_bend_max);
}

vec2 ankle_from_toe(const Proportions& body, vec2 toe, double pitch) {
  return toe + pitched({-body.toe_forward(), body.ankle_height}, pitch);
}

vec2 heel_from_toe(const Proportions& body, vec2 toe, double pitch) {
  return toe + pitched({-body.toe_forward() - body.heel_back(), 0.0}, pitch);
}

double dorsiflexion(vec2 ankle_to_knee_facing, double pitch) {
  // The shank's forward tilt from vertical, less the foot's heel-up pitch (both rad).
  const double tilt = std::atan2(ankle_to_knee_facing.x, ankle_to_knee_facing.y);
  return tilt - pitch;
}

namespace {

// atan2(y, x) to within 1e-10 rad, for x and y finite and neither zero (issue 14): atan on
// [0, 1], taken to |z| <= tan(pi/8) by atan(t) = pi/4 + atan((t - 1) / (t + 1)), then its
// Taylor series to z^21 (an alternating series: the error is below the next term,
// 0.4143^23 / 23 < 1e-10).
double atan2_near(double y, double x) {
  const double ay = std::abs(y), ax = std::abs(x);
  const bool steep = ay > ax;
  const double t = steep ? ax / ay : ay / ax;
  constexpr double kTanEighth = 0.41421356237309503;  // tan(pi/8)
  const bool upper = t > kTanEighth;
  const double z = upper ? (t - 1.0) / (t + 1.0) : t, z2 = z * z;
  double series = 1.0 / 21.0;
  for (int k = 19; k >= 1; k -= 2) series = 1.0 / k - z2 * series;
  double a = z * series + (upper ? 0.25 * kPi : 0.0);
  if (steep) a = 0.5 * kPi - a;
  if (x < 0.0) a = kPi - a;
  return y < 0.0 ? -a : a;
}

}  // namespace

double dorsiflexion_against(vec2 ankle_to_knee_facing, double pitch, std::initializer_list<double> limits) {
  // The atan2 the stance leg's searches read some twenty times a step, where only the side
  // of the ankle's limits it falls on is asked: known to 1e-10 rad, a margin past kSure of
  // every limit is on the same side of it as the exact angle; nearer, it is the exact angle.
  constexpr double kSure = 1e-7;  // rad
  const double x = ankle_to_knee_facing.x, y = ankle_to_knee_facing.y;
  if (x != 0.0 && y != 0.0 && std::abs(x) < 1e100 && std::abs(y) < 1e100 && std::abs(pitch) < 1e3) {
    const double near = atan2_near(x, y) - pitch;
    bool sure = true;
    for (double limit : limits) sure = sure && std::abs(near - limit) > kSure;
    if (sure) return near;
  }
  return dorsiflexion(ankle_to_knee_facing, pitch);
}

SolePoints sole_points(const Proportions& body, vec2 ankle_world, vec2 toe_world, int sign, double toe_bend) {
  const double sx = sign < 0 ? -1.0 : 1.0;
  // ankle - toe = pitched((-toe_forward, ankle_height), pitch) in the facing frame.
  const vec2 w{(ankle_world.x - toe_world.x) * sx, ankle_world.y - toe_world.y};
  const double pitch = angle_of({-body.toe_forward(), body.ankle_height}) - angle_of(w);
  const vec2 forward_facing = pitched({1.0, 0.0}, pitch);
  const vec2 toe_facing = pitched({1.0, 0.0}, pitch - toe_bend);
  SolePoints p;
  p.forward = {forward_facing.x * sx, forward_facing.y};
  p.ball = toe_world;
  p.heel = toe_world - (body.toe_forward() + body.heel_back()) * p.forward;
  p.tip = toe_world + body.ball_to_tip() * vec2{toe_facing.x * sx, toe_facing.y};
  return p;
}

}  // namespace anim
