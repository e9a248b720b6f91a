#include "anim/gait/stance_leg.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace anim {

namespace {

double ease(double q, double q0, double q1, double a, double b) {
  const double s = q1 > q0 ? (q - q0) / (q1 - q0) : (q >= q1 ? 1.0 : 0.0);
  return a + (b - a) * smoothstep01(s);
}

// Knee of the leg hip -> ankle bent forward (counter-clockwise of the hip -> ankle line in
// the facing frame), both given in the facing frame.
vec2 knee_between(const Proportions& body, vec2 hip, vec2 ankle) {
  const double a = body.thigh, b = body.shank;
  const vec2 v = ankle - hip;
  const double l = glm::length(v);
  const double d = std::clamp(l, std::abs(a - b) + 1e-9, a + b);
  const double c = std::clamp((a * a + d * d - b * b) / (2.0 * a * d), -1.0, 1.0);
  // The thigh is the hip -> ankle line turned by acos(c), done as a rotation by (c, sin)
  // rather than through atan2, acos, cos and sin (issue 14: this knee is read by every
  // dorsiflexion test of the stance leg's searches).
  const vec2 along = l > 0.0 ? v / l : vec2{1.0, 0.0};
  const double s = std::sqrt(std::max(0.0, 1.0 - c * c));
  return hip + a * vec2{along.x * c - along.y * s, along.x * s + along.y * c};
}

vec2 facing_offset(vec2 world_offset, int sign) { return {world_offset.x * (sign < 0 ? -1.0 : 1.0), world_offset.y}; }

// Whether a planted foot posed `f` leaves the leg short of the hip: beyond its reach, or its
// ankle dorsiflexed past the limit.
bool leg_short_of(const Proportions& body, const StanceRollInput& in, const FootPose& f, vec2 hip) {
  return glm::length(f.ankle - hip) > in.reach + 1e-12 ||
         dorsiflexion_against(knee_between(body, facing_offset(hip - f.ankle, in.sign), {0.0, 0.0}), f.pitch,
                              {in.dorsiflexion_max}) > in.dorsiflexion_max;
}

}  // namespace

double stance_knee(const KneeProfile& p, double q, bool bend_at_once) {
  if (q <= p.loading_at) {
    // Loading: as the hips' predictions read it, easing out of touchdown (C1, so the legs'
    // blend of their heights has no corner); as the heel rocker holds it, bending at once
    // and easing into its peak (Winter 2009: ~150 deg/s over the first tenth of the cycle).
    if (!bend_at_once) return ease(q, 0.0, p.loading_at, p.contact, p.loading);
    const double s = p.loading_at > 0.0 ? q / p.loading_at : 1.0;
    return p.contact + (p.loading - p.contact) * s * (2.0 - s);
  }
  if (q <= p.midstance_at) return ease(q, p.loading_at, p.midstance_at, p.loading, p.midstance);
  // Pre-swing: the knee stays nearly straight until the other foot has landed, then folds
  // quickly as the leg unloads (Perry 1992: ~12 deg at 50 % GC, 38 at 60 %).
  const double s = clamp01((q - p.midstance_at) / (1.0 - p.midstance_at));
  return p.midstance + (p.toe_off - p.midstance) * s * s;
}

double leg_span(const Proportions& body, double flexion) {
  const double a = body.thigh, b = body.shank;
  return std::sqrt(std::max(0.0, a * a + b * b + 2.0 * a * b * std::cos(flexion)));
}

double hip_height_on(vec2 ankle, double hip_x, double span) {
  const double dx = ankle.x - hip_x;
  return ankle.y + std::sqrt(std::max(0.0, span * span - dx * dx));
}

FootPose roll_for_hip(const Proportions& body, const StanceRollInput& in, vec2 hip) {
  auto pose = [&](double over) { return planted_foot(body, in.pivot, in.ground, over, in.facing_scale, in.toe_bend_max); };
  auto knee_of = [&](const FootPose& f) { return knee_between(body, facing_offset(hip - f.ankle, in.sign), {0.0, 0.0}); };
  // The natural roll, heel lowered where the ankle would extend past its range.
  double start = in.natural;
  std::optional<FootPose> at_start;  // (its pose, when found here and the start stands)
  if (start > 0.0) {
    at_start = pose(start);
    const vec2 knee_f = knee_of(*at_start);
    if (-dorsiflexion_against(knee_f, at_start->pitch, {-in.plantarflexion_max}) > in.plantarflexion_max) {
      const double plantar = -dorsiflexion(knee_f, at_start->pitch);
      start = std::max(0.0, start - (plantar - in.plantarflexion_max));
      at_start.reset();
    }
  }
  // Then heel up until the leg reaches and the ankle is within its dorsiflexion: both
  // shrink as the heel rises (the ankle comes up and forward over the ball).
  auto short_of = [&](const FootPose& f) { return leg_short_of(body, in, f, hip); };
  auto needs_more = [&](double over) { return short_of(pose(over)); };
  if (const FootPose f = at_start ? *at_start : pose(start); !short_of(f)) return f;
  // Heel up helps a foot behind the hips; toe up (on the heel) one ahead of them, walking
  // backwards. The least roll either way that does it: the first of a run of samples that
  // does (far up on the tip the ankle comes down again, so the need is not monotone over
  // the whole range -- the same samples reach_height reads), then bisected back to the
  // least within its bracket.
  auto least_roll = [&](double to, double& found) {
    constexpr int kSamples = 16;
    double before = start;
    for (int i = 1; i <= kSamples; ++i) {
      const double at = start + (to - start) * i / kSamples;
      if (needs_more(at)) {
        before = at;
        continue;
      }
      double near_end = before, far_end = at;
      for (int k = 0; k < 40 && std::abs(far_end - near_end) > in.tolerance; ++k) {
        const double mid = 0.5 * (near_end + far_end);
        (needs_more(mid) ? near_end : far_end) = mid;
      }
      found = far_end;
      return true;
    }
    return false;
  };
  const double up = std::max(start, in.max_over), down = std::min(start, in.min_over);
  double found = start;
  if (up > start && least_roll(up, found)) return pose(found);
  if (down < start && least_roll(down, found)) return pose(found);
  // Neither reaches: the end that comes nearest (the hips' bound keeps this rare).
  const double d_up = glm::length(pose(up).ankle - hip), d_down = glm::length(pose(down).ankle - hip);
  return pose(d_up <= d_down ? up : down);
}

double heel_rocker_roll(const Proportions& body, const StanceRollInput& in, vec2 hip, double span, double last) {
  const double least = std::max(in.natural, last);
  if (in.pivot.kind != Bearing::heel || !(least < 0.0) || std::abs(in.facing_scale) != 1.0) return in.natural;
  // The ankle about the heel, facing frame: pitched((heel_back, ankle_height), pitch), the
  // offset turned clockwise by the pitch. |e - ankle| = span, e the hip from the heel, puts
  // cos(angle(e) - angle(r0) + pitch) = (|e|^2 + |r0|^2 - span^2) / (2 |e| |r0|): the law of
  // cosines, one root on the side where a flatter foot lengthens the leg.
  const vec2 e = facing_offset(hip - in.pivot.point, in.sign);
  const vec2 r0{body.heel_back(), body.ankle_height};
  const double le = glm::length(e), lr = glm::length(r0);
  if (!(le > 0.0)) return in.natural;
  const double k = (le * le + lr * lr - span * span) / (2.0 * le * lr);
  if (!(std::abs(k) <= 1.0)) return in.natural;
  const double pitch = std::acos(k) - angle_of(e) + angle_of(r0);
  return std::clamp(pitch - in.ground, least, 0.0);
}

NaturalStance natural_stance(const Proportions& body, const StanceRollInput& in, double hip_x, double span) {
  auto at = [&](double over) {
    NaturalStance n;
    n.foot = rolled_foot(body, in.pivot, in.ground, over, in.facing_scale, in.toe_bend_max);
    n.height = hip_height_on(n.foot.ankle, hip_x, span);
    return n;
  };
  auto dorsi = [&](const NaturalStance& n) {
    const vec2 hip_f = facing_offset(vec2{hip_x, n.height} - n.foot.ankle, in.sign);
    return dorsiflexion_against(knee_between(body, hip_f, {0.0, 0.0}), n.foot.pitch, {in.dorsiflexion_max});
  };
  NaturalStance n = at(in.natural);
  if (dorsi(n) <= in.dorsiflexion_max) return n;
  // The heel lifts just enough: dorsiflexion falls as the heel rises (bisection; the stance
  // at `hi` kept, not solved again).
  double lo = in.natural, hi = std::max(in.natural, kMaxRoll);  // (the ankle's limit, whatever the stance)
  NaturalStance at_hi = at(hi);
  if (dorsi(at_hi) > in.dorsiflexion_max) return at_hi;
  for (int i = 0; i < 30 && hi - lo > in.tolerance; ++i) {
    const double mid = 0.5 * (lo + hi);
    const NaturalStance m = at(mid);
    if (dorsi(m) > in.dorsiflexion_max) {
      lo = mid;
    } else {
      hi = mid;
      at_hi = m;
    }
  }
  return at_hi;
}

double stance_max_over(double natural, double flat_at, double rise_at, double q, double landing_over) {
  const double open = rise_at > flat_at ? smoothstep01((q - flat_at) / (rise_at - flat_at)) : (q >= rise_at ? 1.0 : 0.0);
  // (through the heel rocker it may come down to flat at once: heel_rocker_roll)
  return std::max({natural + (std::max(natural, kMaxRoll) - natural) * open, landing_over, std::max(natural, 0.0)});
}

double reach_height(const Proportions& body, const StanceRollInput& in, double hip_x) {
  // Sampled over the rolls the foot may take (min_over .. max_over, its natural roll among
  // them): at each, the hips as high as the leg spans, kept only where the ankle stays within
  // its range there.
  double best = -1e9, fallback = -1e9;
  constexpr int kSamples = 8;
  const double lo = std::min(in.natural, in.min_over), hi = std::max(in.natural, in.max_over);
  bool natural_holds = false;  // the natural roll's answer, read again where a sample is that roll
  for (int i = -1; i <= kSamples; ++i) {
    const double over = i < 0 ? in.natural : lo + (hi - lo) * i / kSamples;
    if (i >= 0 && over == in.natural) {  // (a landing foot's rolls are all its natural one)
      if (natural_holds) best = std::max(best, fallback);
      continue;
    }
    const FootPose f = planted_foot(body, in.pivot, in.ground, over, in.facing_scale, in.toe_bend_max);
    const double h = hip_height_on(f.ankle, hip_x, in.reach);
    // (a sample no higher than the best so far changes nothing, whether its ankle holds or
    // not: its knee and ankle are not solved; issue 14)
    if (i >= 0 && !(h > best)) continue;
    const vec2 hip_f = facing_offset(vec2{hip_x, h} - f.ankle, in.sign);
    const double d = dorsiflexion_against(knee_between(body, hip_f, {0.0, 0.0}), f.pitch,
                                          {in.dorsiflexion_max + 1e-9, -(in.plantarflexion_max + 1e-9)});
    const bool holds = d <= in.dorsiflexion_max + 1e-9 && -d <= in.plantarflexion_max + 1e-9;
    if (i < 0) {
      fallback = h;
      natural_holds = holds;
    }
    if (holds) best = std::max(best, h);
  }
  return best > -1e8 ? best : fallback;
}

}  // namespace anim
