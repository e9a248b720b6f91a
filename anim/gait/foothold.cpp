#include "anim/gait/foothold.hpp"

#include "anim/gait/stance_leg.hpp"
#include "anim/gait/stance_roll.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace anim {

namespace {
// The foot's extent along the ground, from the toe (ball) back to the heel and forward to
// the tip of the boot, in the facing direction.
double heel_to_toe(const Proportions& b) { return b.toe_forward() + b.heel_back(); }
double toe_to_tip(const Proportions& b) { return b.ball_to_tip(); }
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

namespace {
// True when the sole's point `along` m from the ball (negative: toward the heel), the foot at
// heel-up pitch `pitch`, is on the ground: within 3 mm of it.
bool sole_point_bears(const Terrain& terrain, vec2 toe, double along, double pitch, double facing_scale) {
  constexpr double kBearing = 0.003;  // m
  const vec2 world = toe + vec2{along * std::cos(pitch) * facing_scale, -along * std::sin(pitch)};
  return std::abs(world.y - terrain.height_at(world.x)) <= kBearing;
}
}  // namespace

bool heel_bears(const Terrain& terrain, const Proportions& body, vec2 toe, double pitch, double facing_scale) {
  return sole_point_bears(terrain, toe, -heel_to_toe(body), pitch, facing_scale);
}

bool tip_bears(const Terrain& terrain, const Proportions& body, vec2 toe, double pitch, double facing_scale) {
  return sole_point_bears(terrain, toe, toe_to_tip(body), pitch, facing_scale);
}

namespace {
constexpr double kRollStep = 0.05;    // rad between the rolls roll_clear_of_ground tries
constexpr double kAnkleClear = 0.01;  // m the ankle joint keeps over the ground

// The rolls roll_clear_of_ground tries, kRollStep, 2 kRollStep, ... summed as its loop sums
// them (the same bits), with their cosines and sines.
struct RollSamples {
  static constexpr int kCount = 64;  // to 3.2 rad, past any roll a foot takes (kMaxRoll)
  std::array<double, kCount> over{}, cos{}, sin{};
};
const RollSamples& roll_samples() {
  static const RollSamples samples = [] {
    RollSamples r;
    double over = kRollStep;
    for (int i = 0; i < RollSamples::kCount; ++i, over += kRollStep) {
      r.over[i] = over;
      r.cos[i] = std::cos(over);
      r.sin[i] = std::sin(over);
    }
    return r;
  }();
  return samples;
}
}  // namespace

double roll_clear_of_ground(const Terrain& terrain, const Proportions& body, vec2 toe, double pitch,
                            double facing_scale, double toe_bend_max, double most) {
  // Is the ankle of the foot rolled `over` clear of the ground under it?
  auto clear_at = [&](double over) {
    const vec2 ankle = resting_foot(body, toe, pitch, over, facing_scale, toe_bend_max).ankle;
    return !(ankle.y < terrain.height_at(ankle.x) + kAnkleClear);
  };
  // (Issue 14: this ran 30 poses of the foot, each three sines and cosines, for every swing
  // on every step.) Over one straight piece of ground the ankle's margin over it is found
  // from the sines of the rolls tried, known in advance, and the pitch's, by the sum
  // formulas: within 1e-15 m of the poses' own, so only a margin within kUnsure of nothing
  // is settled by the pose itself -- the same answer, bit for bit, at a tenth of the cost.
  const RollSamples& rolls = roll_samples();
  const double tf = body.toe_forward(), ah = body.ankle_height, tip = body.ball_to_tip();
  const double around = (2.0 * tip + tf + ah) * std::max(1.0, std::abs(facing_scale)) + 1e-3;  // m the ankle reaches
  constexpr double kFar = 1e4;    // m: beyond it an ulp of the position is too coarse for kUnsure
  constexpr double kSteep = 1e2;  // dy/dx: steeper, a rounding of x moves the ground too far
  constexpr double kUnsure = 1e-8;  // m
  const auto piece = terrain.straight_over(toe.x - around, toe.x + around);
  const bool fast = piece && std::abs(toe.x) < kFar && std::abs(toe.y) < kFar && std::abs(piece->slope()) < kSteep &&
                    std::abs(pitch) < kFar && std::abs(facing_scale) <= 1.0 && std::isfinite(toe_bend_max) &&
                    rolls.over[RollSamples::kCount - 1] > most + 1e-9;
  if (!fast) {
    double clear = 0.0;
    for (double over = kRollStep; over <= most + 1e-9; over += kRollStep) {
      if (!clear_at(over)) return clear;
      clear = over;
    }
    return most;
  }
  const double cg = std::cos(pitch), sg = std::sin(pitch);
  const double cb = std::cos(toe_bend_max), sb = std::sin(toe_bend_max);
  double clear = 0.0;
  for (int i = 0; rolls.over[i] <= most + 1e-9; ++i) {
    const double over = rolls.over[i];
    const double c = cg * rolls.cos[i] - sg * rolls.sin[i], s = sg * rolls.cos[i] + cg * rolls.sin[i];  // of pitch + over
    vec2 ankle = toe + vec2{facing_scale * (-tf * c + ah * s), tf * s + ah * c};  // resting_foot's, on its ball
    if (over > toe_bend_max) {  // on its tip: the contact ahead of the ball, the ball raised
      const double c2 = c * cb + s * sb, s2 = s * cb - c * sb;  // of pitch + over - toe_bend_max
      ankle += vec2{facing_scale * tip * (cg - c2), tip * (s2 - sg)};
    }
    const double margin = ankle.y - piece->height(ankle.x) - kAnkleClear;
    if (margin < -kUnsure || (margin <= kUnsure && !clear_at(over))) return clear;
    clear = over;
  }
  return most;
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

double step_down_lead(double lead, double drop, double reach) {
  if (!(drop > 0.0)) return lead;
  const double height = std::sqrt(std::max(0.0, reach * reach - lead * lead)) + drop;
  return std::min(lead, std::sqrt(std::max(0.0, reach * reach - height * height)));
}

double step_up_rear(double rear, double rise, double reach, double shortest) {
  if (!(rise > 0.0) || !(rear > 0.0)) return rear;
  // Hips at their usual height h over the level; a foot `r` behind stands k r higher, so
  // the leg spans sqrt(r^2 + (h - k r)^2), which shortens from h as r grows to h k / (1 + k^2).
  const double h = std::sqrt(std::max(0.0, reach * reach - rear * rear));
  const double k = rise / rear;
  auto span = [&](double r) { return std::hypot(r, h - k * r); };
  if (span(rear) >= shortest) return rear;
  // The smaller root of span(r) = shortest.
  const double a = 1.0 + k * k, b = -2.0 * h * k, cc = h * h - shortest * shortest;
  const double disc = b * b - 4.0 * a * cc;
  if (disc < 0.0) return rear;  // never that short before r* (not reached for rear <= r*)
  return std::clamp((-b - std::sqrt(disc)) / (2.0 * a), 0.0, rear);
}

Foothold choose_foothold(FootholdChoice& choice, const FootholdInput& in, const GaitAtSpeed& g, const GaitTuning& t,
                         const Terrain& terrain, const Proportions& body) {
  Foothold out;
  const double stride_along = g.stride * in.ground_cos;
  out.land_hip_x = in.hip_x + in.dir * in.to_go * stride_along;
  out.land_level = terrain.level_at(out.land_hip_x);
  // The ankle (flat foot) lands `lead` ahead of the hips; the ball toe_forward beyond it.
  const double lead = std::max(0.0, g.landing_lead - body.toe_forward()) * in.ground_cos;
  auto ball_x_for = [&](double foothold_y) {
    const double drop = out.land_level - foothold_y;
    return out.land_hip_x + in.dir * step_down_lead(lead, drop, in.reach) + in.facing_scale * body.toe_forward();
  };
  const double nominal = ball_x_for(out.land_level);
  // Where the swing aims: the landing for the ground it chose to step to (its height kept
  // with the choice, so the aim and the choice agree from frame to frame).
  double x = choice.set ? ball_x_for(choice.aim_y) : nominal;
  // Rule 2: the feet lead. A surface that ends before the foot's landing point pulls the foot
  // back; it may pull it under the hips, never wholly behind them: its ankle no further
  // behind than the ball lies ahead of it (a leg landing further back cannot hold the hips;
  // it would leave at once, through the riser).
  auto behind_hips = [&](const Span& surface, double aim_x) {
    const double ankle = surface.clamp(aim_x) - in.facing_scale * body.toe_forward();
    return in.dir * (ankle - out.land_hip_x) < -body.toe_forward();
  };
  if (!choice.set || std::abs(choice.surface.clamp(x) - x) > choice.offset + t.foothold_slide_off ||
      behind_hips(choice.surface, x)) {
    FootholdChoice next;
    auto choose = [&](double from_x, int search_dir) {
      vec2 placed = plant_on_ground(terrain, body, from_x, search_dir, in.facing_scale);
      next.aim_y = placed.y;
      x = ball_x_for(next.aim_y);
      placed = plant_on_ground(terrain, body, x, search_dir, in.facing_scale);
      next.surface = planar_span(terrain, body, placed.x, in.facing_scale, t.foothold_reach);
    };
    choose(nominal, in.dir);
    // (the plant pulled back behind an edge leaves the foot behind the hips: the surface on
    // the edge's far side instead, searched forward first from just past the span's end)
    constexpr double kPastSpan = 0.02;  // m: a span ends within 1 cm of its edge
    if (behind_hips(next.surface, x))
      choose((in.dir > 0 ? next.surface.hi : next.surface.lo) + in.dir * kPastSpan, -in.dir);
    next.offset = std::abs(next.surface.clamp(x) - x);
    next.set = true;
    // (re-chosen only when the surface changes: the same one found again is no new plan)
    out.rechosen = choice.set && (next.surface.lo != choice.surface.lo || next.surface.hi != choice.surface.hi);
    choice = next;
  }
  const double ball_x = choice.surface.clamp(x);
  out.ball = {ball_x, terrain.height_at(ball_x)};
  // The hips leave this foot `rear` past its ankle; on ground falling away behind (uphill)
  // the foot leaves where its leg still holds them at their usual height over the ground.
  const double rear = std::max(0.0, g.contact_length - g.landing_lead + body.toe_forward()) * in.ground_cos;
  const double hip_at_liftoff = ball_x - in.facing_scale * body.toe_forward() + in.dir * rear;
  double rear_kept = step_down_lead(rear, terrain.level_at(hip_at_liftoff) - out.ball.y, in.reach);
  // On ground rising behind (downhill) it leaves before its knee folds past stance_knee_max.
  rear_kept = std::min(rear_kept, step_up_rear(rear, out.ball.y - terrain.level_at(hip_at_liftoff), in.reach,
                                                leg_span(body, t.stance_knee_max)));
  // A walk never leaves the ground for it: the stance still outlasts the other foot's
  // landing (Rule 6: a walk has no flight); a run's may lose up to half.
  const double most = g.stance_fraction > 0.5 ? g.stance_fraction - 0.5 : 0.5 * g.stance_fraction;
  out.stance_cut = std::clamp((in.dir * (nominal - ball_x) + rear - rear_kept) / std::max(stride_along, 1e-9), 0.0, most);
  return out;
}

}  // namespace anim
