#include "anim/states/hang_drop.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

constexpr double kHangHold = 0.2;     // s: hung at the arms' length before he lets go
constexpr double kToLip = 0.2;        // s: the hands slide out to the lip (so they fall clear of the top)
constexpr double kLipOut = 0.02;      // m: the palms just outside the face at the lip, over the corner
constexpr double kLipUp = 0.02;       // m: and over the top
constexpr double kMinFall = 0.35;     // s: the shortest fall (the legs reach down, the hands come off the lip: Rule 8)
constexpr double kRiseSpeed = 0.8;    // m/s: a hang already crouched on the ground stands up at this

double far_side(const DropInput& in) { return in.edge_x + in.sign * 1e3; }  // (the top beyond the face)

}  // namespace

// He pushes off the wall as he lets go, and lands as far out from it as he stops before a face
// (stop_gap: his rifle, coming back up, stays out of the wall).
double hang_drop_landing_x(const DropInput& in, const ObstacleTuning& t) { return in.edge_x - in.sign * t.stop_gap; }

HangDropPlan plan_hang_drop(const DropInput& in, const BodyTargets& stand, const ObstacleTuning& t) {
  HangDropPlan p;
  p.in = in;
  // The climb up this face from standing below it to standing where he is now: run backwards,
  // its holds (each hung from the hands on the edge) lower him to its hang.
  const ClimbInput up{stand, in.sign, in.edge_x, far_side(in), in.top_y, in.below_y, in.body};
  p.down = plan_climb(up, in.start, t);
  p.lowered_t = p.down.end_t - p.down.keys[2].t;
  p.hung = p.down.keys[2].pose;
  p.let_go_t = p.lowered_t + kHangHold + kToLip;
  p.land_pelvis = stand.pelvis;
  double low_foot = 1e9;
  for (const FootTarget& f : p.hung.foot) low_foot = std::min(low_foot, f.ball.y);
  p.fall = std::max(0.0, low_foot - in.below_y);
  // Let go, the hips fall free to where they stand (Rule 5); a hang already crouched on the
  // ground beneath him stands up instead.
  const double rise = p.land_pelvis.y - p.hung.pelvis.y;
  double fall_time = 0.0;
  if (rise < 0.0) {
    fall_time = std::max(kMinFall, std::sqrt(-2.0 * rise / kGravity));
    p.impact_speed = -2.0 * rise / fall_time;  // the speed of y = y0 + rise (t / T)^2 at T
  } else {
    fall_time = std::max(kMinFall, rise / kRiseSpeed);
  }
  Landing& l = p.landing;
  l.stand = stand;
  l.land_pelvis = p.land_pelvis;
  l.dip = landing_dip(p.impact_speed, in.body.leg(), t);
  l.land_t = p.let_go_t + fall_time;
  // The bend stops the hips over its depth: at a constant deceleration it takes 2 d / v.
  l.low_t = l.land_t + (p.impact_speed > 0.0 ? std::max(0.12, 2.0 * l.dip / p.impact_speed) : 0.2);
  l.end_t = l.low_t + t.stand_up_time;
  l.sign = in.sign;
  l.body = in.body;
  return p;
}

BodyTargets hang_drop_pose(const HangDropPlan& p, double t) {
  const DropInput& in = p.in;
  if (t <= p.lowered_t) return climb_pose(p.down, p.down.end_t - t);
  // Hung, the hands at the lip: over the corner, so they come away clear of the top.
  BodyTargets lip = p.hung;
  for (HandTarget& h : lip.hand) h.point = {in.edge_x - in.sign * kLipOut, in.top_y + kLipUp};
  if (t <= p.let_go_t) {
    if (t <= p.lowered_t + kHangHold) return p.hung;
    BodyTargets b = mix(p.hung, lip, smoothstep01((t - p.lowered_t - kHangHold) / kToLip));
    for (HandTarget& h : b.hand) h.bearing = true;  // sliding along the top, they still hold him
    return b;
  }
  const Landing& l = p.landing;
  if (t > l.land_t) return landing_pose(l, t);
  // The fall: the hips ballistic (or, already down, rising), the legs reaching for the ground,
  // the hands coming down off the lip to the landing's balance, the trunk up off the wall.
  const double w = (t - p.let_go_t) / (l.land_t - p.let_go_t);
  const double rise = p.land_pelvis.y - p.hung.pelvis.y;
  BodyTargets b = lip;
  b.pelvis.y = p.hung.pelvis.y + rise * (rise < 0.0 ? w * w : smoothstep01(w));
  b.pelvis.x = p.hung.pelvis.x + (p.land_pelvis.x - p.hung.pelvis.x) * smoothstep01(w);
  const vec2 moved = b.pelvis - p.hung.pelvis;
  const double reach = smoothstep01(w);
  const BodyTargets touchdown = landing_pose(l, l.land_t);
  for (Side s : kSides) {
    const std::size_t i = index(s);
    const FootTarget& to = l.stand.foot[i];
    const vec2 hang = p.hung.foot[i].ball + moved;
    FootTarget& f = b.foot[i];
    f.ball = hang + (to.ball - hang) * reach;
    f.ball.y = std::max(f.ball.y, to.ball.y);
    f.pitch = p.hung.foot[i].pitch + (to.pitch - p.hung.foot[i].pitch) * reach;
    f.planted = false;
    const vec2 from = lip.hand[i].point + moved;
    b.hand[i] = {from + (touchdown.hand[i].point - from) * reach, 1.0, false};
  }
  b.lean = p.hung.lean + (touchdown.lean - p.hung.lean) * reach;
  b.elbows_out = 1.0 - reach;
  return b;
}

}  // namespace anim
