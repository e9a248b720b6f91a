#include "anim/states/drop.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

constexpr double kSitBack = 0.12;    // m: the hips sit this far back from the edge
constexpr double kSitUp = 0.12;      // m: the hip joints over the top, seated (the buttocks' depth)
constexpr double kHandsBack = 0.14;  // m: the palms beside and a little behind the hips
constexpr double kLandAhead = 0.55;  // L: he lands this far out from the edge
constexpr double kMinSlide = 0.3;    // s: the shortest time from the push to the ground
constexpr double kStepDownMax = 0.5; // L: an edge no deeper than this is stepped down (a long step down)
constexpr double kHandsAhead = 0.3;  // m: falling and landing, the hands out in front of the hips for balance

vec2 at(const DropInput& in, double along, double y) { return {in.edge_x + in.sign * along, y}; }

}  // namespace

double drop_landing_x(const DropInput& in) { return in.edge_x + in.sign * kLandAhead * in.body.leg(); }

DropPlan plan_drop(const DropInput& in, const BodyTargets& stand, const ObstacleTuning& t) {
  DropPlan p;
  p.in = in;
  p.stand = stand;
  const double leg = in.body.leg();
  if (in.top_y - in.below_y <= kStepDownMax * leg) {
    // The step down: the trail foot at the edge takes the weight, its knee folding, while the
    // lead foot goes out over the edge and down to the ground; then he stands.
    p.step_down = true;
    BodyTargets reach = mix(in.start, stand, 0.5);
    const std::size_t lead = index(Side::near), trail = index(Side::far);
    reach.foot[trail] = {at(in, -0.06 - in.body.ball_to_tip(), in.top_y), 0.3, true};
    reach.foot[lead] = stand.foot[lead];
    const double lead_ankle_y = in.below_y + in.body.ankle_height;
    const double dx = std::abs(stand.foot[lead].ball.x - in.edge_x) - in.body.toe_forward() + 0.1;
    const double hips_y = lead_ankle_y + std::sqrt(std::max(0.0, std::pow(0.97 * leg, 2) - dx * dx));
    reach.pelvis = {in.edge_x + in.sign * 0.05, std::min(hips_y, in.top_y + 0.5 * leg)};
    reach.lean = 0.2;
    p.keys = {{0.0, in.start}, {t.move_blend_time + 0.35, reach}, {t.move_blend_time + 0.35 + t.stand_up_time, stand}};
    p.end_t = p.keys.back().t;
    return p;
  }
  // Sitting on the edge: the thighs along the top, the shanks hanging down the face.
  BodyTargets sit = in.start;
  sit.pelvis = at(in, -kSitBack, in.top_y + kSitUp);
  sit.lean = 0.3;
  sit.sling = 1.0;
  sit.elbows_out = 1.0;
  for (Side s : kSides) sit.hand[index(s)] = {at(in, -kSitBack - kHandsBack, in.top_y + 0.02), 1.0, true};
  const double knee_x = -kSitBack + in.body.thigh * 0.97;
  sit.foot[index(Side::near)] = {at(in, knee_x + 0.06 + in.body.toe_forward(), in.top_y + kSitUp - in.body.shank - 0.02), 0.35, false};
  sit.foot[index(Side::far)] = {at(in, knee_x + in.body.toe_forward(), in.top_y + kSitUp - in.body.shank + 0.03), 0.35, false};
  // On the way down to it: crouched at the edge, the feet stepping out over it.
  BodyTargets crouch = mix(in.start, sit, 0.5);
  crouch.pelvis = at(in, -kSitBack - 0.15, in.top_y + 0.55 * leg);
  crouch.lean = 0.45;
  for (Side s : kSides) {
    crouch.foot[index(s)] = {at(in, -0.05 - in.body.ball_to_tip() - (s == Side::far ? 0.18 : 0.0), in.top_y), 0.0, true};
  }
  double now = 0.0;
  p.keys.push_back({now, in.start});
  now += t.move_blend_time + 0.3;
  p.keys.push_back({now, crouch});
  now += 0.6;
  p.keys.push_back({now, sit});
  p.sit = sit;
  p.push_t = now + 0.25;
  // Free fall from the push (Rule 5): the hips from the seat to where they stand below.
  const double seat_y = sit.pelvis.y + 0.03;
  const double fall = std::max(0.05, seat_y - stand.pelvis.y);
  p.impact_speed = std::sqrt(2.0 * kGravity * fall);
  // (A low edge is slid off, not fallen from: the hands take kMinSlide to let go and come round.)
  p.land_t = p.push_t + std::max(kMinSlide, std::sqrt(2.0 * fall / kGravity));
  p.dip = landing_dip(p.impact_speed, leg, t);
  // The bend stops the hips over its depth: at a constant deceleration it takes 2 d / v.
  p.low_t = p.land_t + std::max(0.12, 2.0 * p.dip / p.impact_speed);
  p.end_t = p.low_t + t.stand_up_time + 0.1 * fall;

  return p;
}

BodyTargets drop_pose(const DropPlan& p, double t) {
  const DropInput& in = p.in;
  if (p.step_down) {
    BodyTargets b = sample_keys(p.keys, t);
    // Each foot leaves the top out over the edge and down (never through its corner): the lead
    // foot first, then the trail one.
    for (std::size_t k = 1; k < p.keys.size(); ++k) {
      if (t <= p.keys[k - 1].t || t >= p.keys[k].t) continue;
      const double s = smoothstep01((t - p.keys[k - 1].t) / (p.keys[k].t - p.keys[k - 1].t));
      for (Side side : kSides) {
        const vec2 a = p.keys[k - 1].pose.foot[index(side)].ball, c = p.keys[k].pose.foot[index(side)].ball;
        if (a.y > c.y + 0.05) b.foot[index(side)].ball = step_over(a, c, in.top_y + 0.06, s);
      }
    }
    return b;
  }
  if (t <= p.keys.back().t) {
    BodyTargets b = sample_keys(p.keys, t);
    // A foot going out over the edge passes over it, not through the corner.
    const auto& k0 = p.keys[1].pose;
    if (t > p.keys[1].t)
      for (Side s : kSides)
        b.foot[index(s)].ball = step_over(k0.foot[index(s)].ball, p.sit.foot[index(s)].ball, in.top_y + 0.05,
                                          smoothstep01((t - p.keys[1].t) / (p.keys[2].t - p.keys[1].t)));
    return b;
  }
  const double leg = in.body.leg();
  // Hands-free from the push on: the hips slide out over the edge and fall.
  BodyTargets out = p.sit;
  for (Side s : kSides) out.hand[index(s)].bearing = false;
  const vec2 land_pelvis{p.stand.pelvis.x - in.sign * 0.08 * leg, p.stand.pelvis.y};
  if (t <= p.push_t) {
    const double w = smoothstep01((t - p.keys.back().t) / (p.push_t - p.keys.back().t));
    out.pelvis = p.sit.pelvis + vec2{in.sign * 0.06 * w, 0.03 * w};
    return out;
  }
  const vec2 pushed = p.sit.pelvis + vec2{in.sign * 0.06, 0.03};
  if (t <= p.land_t) {
    const double tf = t - p.push_t, T = p.land_t - p.push_t;
    const double w = tf / T;
    // Ballistic in y (Rule 5); along, the push's speed carries him out to the landing.
    out.pelvis.x = pushed.x + (land_pelvis.x - pushed.x) * w;
    out.pelvis.y = pushed.y - (pushed.y - land_pelvis.y) * w * w;  // ballistic: g t^2 / 2 over the fall
    // The legs reach down for the ground as he falls, the feet under him.
    const double reach = smoothstep01(w);
    for (Side s : kSides) {
      const std::size_t i = index(s);
      const vec2 hang = p.sit.foot[i].ball + (out.pelvis - pushed);  // (where the push left them)
      FootTarget f = p.stand.foot[i];
      f.ball = hang + (p.stand.foot[i].ball - hang) * reach;
      f.ball.y = std::max(f.ball.y, p.stand.foot[i].ball.y);
      f.pitch = p.sit.foot[i].pitch + (p.stand.foot[i].pitch - p.sit.foot[i].pitch) * reach;
      f.planted = false;
      out.foot[i] = f;
      // The hands leave the edge and come forward for the landing's balance.
      const vec2 free = out.pelvis + vec2{in.sign * kHandsAhead, 0.1 + (s == Side::far ? 0.04 : 0.0)};
      // (Over the whole fall: in a third of it a hand crossed 7 cm in a step; Rule 8.)
      const double let_go = smoothstep01(w);
      out.hand[i].point = p.sit.hand[i].point + (free - p.sit.hand[i].point) * let_go;
      out.hand[i].weight = 1.0;
      out.elbows_out = 1.0 - let_go;
    }
    out.lean = p.sit.lean + (0.25 - p.sit.lean) * w;
    return out;
  }
  return landing_pose({p.stand, land_pelvis, p.dip, p.land_t, p.low_t, p.end_t, in.sign, in.body}, t);
}

BodyTargets landing_pose(const Landing& l, double t) {
  const double leg = l.body.leg();
  BodyTargets low = l.stand;
  low.pelvis = {l.stand.pelvis.x - l.sign * 0.04 * leg, l.stand.pelvis.y - l.dip};
  low.lean = 0.3 + 0.4 * l.dip / leg;
  low.sling = 1.0;
  BodyTargets land = l.stand;
  land.pelvis = l.land_pelvis;
  land.lean = 0.25;
  land.sling = 1.0;
  for (Side s : kSides) {
    const vec2 ahead{l.sign * kHandsAhead, 0.1 + (s == Side::far ? 0.04 : 0.0)};
    land.hand[index(s)] = {land.pelvis + ahead, 1.0, false};
    low.hand[index(s)] = {low.pelvis + ahead, 1.0, false};
  }
  // The hips keep their falling speed into the bend and stop at its bottom (sin: C1 there).
  if (t <= l.low_t) return mix(land, low, std::sin(0.5 * kPi * clamp01((t - l.land_t) / (l.low_t - l.land_t))));
  return mix(low, l.stand, smoothstep01((t - l.low_t) / (l.end_t - l.low_t)));
}

}  // namespace anim
