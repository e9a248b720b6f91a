#include "anim/foot_placement.hpp"

#include "anim/foot_roll.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace anim {

namespace {
constexpr double kMaxObstacleLift = 0.6;  // m: above this a swing is no longer a step (a climb)
// The foot's extent along the ground, from the toe (ball) back to the heel and forward to
// the tip of the boot, in the facing direction.
double heel_to_toe(const Proportions& b) { return b.toe_forward() + b.heel_back(); }
double toe_to_tip(const Proportions& b) { return 0.2 * b.foot; }
}  // namespace

double ground_pitch(const Terrain& terrain, const Proportions& body, vec2 toe, double facing_scale) {
  const double span = heel_to_toe(body) * std::abs(facing_scale);
  if (span < 1e-6) return 0.0;
  // The sole rests on the highest ground under it, and never tips below the surface the
  // ball stands on: along a slope it lies on the slope, and a heel over a drop (a foot
  // turned round on a step's edge) stays in line with its tread instead of tipping in.
  const double sgn = facing_scale < 0.0 ? -1.0 : 1.0;
  const double toe_height = terrain.height_at(toe.x);
  constexpr double kUnderBall = 0.02;  // m behind the ball: the surface the ball stands on
  double pitch = std::atan2(terrain.height_at(toe.x - sgn * kUnderBall * std::abs(facing_scale)) - toe_height,
                            kUnderBall);
  for (double s : {0.25, 0.5, 0.75, 1.0}) {
    const double ground = terrain.height_at(toe.x - sgn * span * s);
    pitch = std::max(pitch, std::atan2(ground - toe_height, heel_to_toe(body) * s));
  }
  return pitch;
}

bool foot_is_planar(const Terrain& terrain, const Proportions& body, double toe_x, double facing_scale) {
  const double sgn = facing_scale < 0.0 ? -1.0 : 1.0;
  const double heel = toe_x - sgn * heel_to_toe(body) * std::abs(facing_scale);
  const double tip = toe_x + sgn * toe_to_tip(body) * std::abs(facing_scale);
  const double h_heel = terrain.height_at(heel), h_tip = terrain.height_at(tip);
  for (double s : {0.25, 0.5, 0.75}) {
    const double mx = heel + (tip - heel) * s;
    if (std::abs(terrain.height_at(mx) - (h_heel + (h_tip - h_heel) * s)) > 0.01) return false;
  }
  return true;
}

vec2 plant_on_ground(const Terrain& terrain, const Proportions& body, double toe_x, int dir, double facing_scale) {
  double x = toe_x;
  if (!foot_is_planar(terrain, body, x, facing_scale)) {
    constexpr double kStep = 0.02;
    const double reach = (heel_to_toe(body) + toe_to_tip(body)) * std::abs(facing_scale) + kStep;
    for (double d = kStep; d <= reach; d += kStep) {
      // A shorter step first: a plant pulled back keeps the leg inside its reach.
      if (foot_is_planar(terrain, body, toe_x - dir * d, facing_scale)) { x = toe_x - dir * d; break; }
      if (foot_is_planar(terrain, body, toe_x + dir * d, facing_scale)) { x = toe_x + dir * d; break; }
    }
  }
  return {x, terrain.height_at(x)};
}

Span planar_span(const Terrain& terrain, const Proportions& body, double toe_x, double facing_scale, double max_reach) {
  constexpr double kSpanStep = 0.01;  // m: the span's ends are this close to an edge
  Span span{toe_x, toe_x};
  for (double d = kSpanStep; d <= max_reach && foot_is_planar(terrain, body, toe_x - d, facing_scale); d += kSpanStep)
    span.lo = toe_x - d;
  for (double d = kSpanStep; d <= max_reach && foot_is_planar(terrain, body, toe_x + d, facing_scale); d += kSpanStep)
    span.hi = toe_x + d;
  return span;
}

double swing_obstacle_lift(const Terrain& terrain, const Proportions& body, const SwingShape& shape, vec2 toe0,
                           double pitch0, vec2 toe1, double pitch1, double facing_scale, double clearance) {
  // Sample the unobstructed path and find how much more lift keeps every sample clear; the
  // extra lift rides on the same hump, so it is zero at both ends (lift-off and touchdown).
  const double sgn = facing_scale < 0.0 ? -1.0 : 1.0;
  const double back = heel_to_toe(body) * std::abs(facing_scale);
  const double front = toe_to_tip(body) * std::abs(facing_scale);
  const double reach = body.toe_forward() + body.heel_back();
  double extra = 0.0;
  constexpr int kSamples = 24;
  for (int i = 1; i < kSamples; ++i) {
    const double u = static_cast<double>(i) / kSamples;
    SwingShape unit = shape;
    unit.lift = 1.0;
    const SwingPoint with_unit = swing_point(unit, toe0, pitch0, toe1, pitch1, reach, u);
    unit.lift = 0.0;
    const SwingPoint base = swing_point(unit, toe0, pitch0, toe1, pitch1, reach, u);
    const double hump = with_unit.toe.y - base.toe.y;  // the lift profile at u, per metre of lift
    // Near lift-off and touchdown the hump is small and the foot is over its own plant;
    // keep_clear() handles what little is left there. The weight fades a sample in, so the
    // planned lift never jumps as the path moves.
    const double weight = smoothstep01((hump - 0.3) / 0.3);
    if (weight <= 0.0) continue;
    const SwingPoint p = swing_point(shape, toe0, pitch0, toe1, pitch1, reach, u);
    double ground = -1e9;
    for (double s : {-1.0, -0.5, 0.0, 1.0}) {
      const double x = p.toe.x + sgn * (s < 0.0 ? s * back : s * front);
      ground = std::max(ground, terrain.height_at(x));
    }
    // The foot's lowest point: the boot tip when the heel is up, the heel when the toe is up.
    const double lowest = p.toe.y - std::max({0.0, std::sin(p.pitch) * toe_to_tip(body), std::sin(-p.pitch) * heel_to_toe(body)});
    extra = std::max(extra, weight * (ground + clearance - lowest) / hump);
  }
  return std::clamp(extra, 0.0, kMaxObstacleLift);
}

double keep_clear(const Terrain& terrain, const Proportions& body, vec2 toe, double pitch, double facing_scale,
                  double clearance) {
  // Heel, ball and boot tip of the foot as posed; the lift that puts each above the ground.
  const vec2 heel = heel_from_toe(body, {0.0, 0.0}, pitch);
  const double sgn = facing_scale < 0.0 ? -1.0 : 1.0;
  const double c = std::abs(facing_scale);
  const vec2 tip{toe_to_tip(body) * std::cos(pitch), -toe_to_tip(body) * std::sin(pitch)};
  double need = 0.0;
  for (const vec2& q : {vec2{0.0, 0.0}, heel, tip, 0.5 * heel}) {
    const double x = toe.x + sgn * c * q.x;
    need = std::max(need, terrain.height_at(x) + clearance - (toe.y + q.y));
  }
  return need;
}

double step_down_lead(double lead, double drop, double reach) {
  if (!(drop > 0.0)) return lead;
  const double height = std::sqrt(std::max(0.0, reach * reach - lead * lead)) + drop;
  return std::min(lead, std::sqrt(std::max(0.0, reach * reach - height * height)));
}

double ground_line_at(std::span<vec2> points, double x) {
  if (points.empty()) return 0.0;
  for (std::size_t i = 1; i < points.size(); ++i)  // a handful of points: insertion sort by x
    for (std::size_t j = i; j > 0 && points[j].x < points[j - 1].x; --j) std::swap(points[j], points[j - 1]);
  if (x <= points.front().x) return points.front().y;
  for (std::size_t i = 1; i < points.size(); ++i) {
    if (x <= points[i].x) {
      const vec2 a = points[i - 1], b = points[i];
      return b.x - a.x > 1e-9 ? a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x) : b.y;
    }
  }
  return points.back().y;
}

double ground_slope(const Terrain& terrain, double x, double half_span) {
  // From the ground's level (itself a +-0.3 m average), so a step's riser reads as a slope
  // spread over more than a metre, never as a jump within one frame's travel.
  return (terrain.level_at(x + half_span) - terrain.level_at(x - half_span)) / (2.0 * half_span);
}

}  // namespace anim
