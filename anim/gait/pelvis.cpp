#include "anim/gait/pelvis.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace anim {

std::string_view pelvis_bound_name(PelvisBound b) {
  switch (b) {
    case PelvisBound::stance: return "stance leg";
    case PelvisBound::transfer: return "weight transfer";
    case PelvisBound::run: return "run bounce";
    case PelvisBound::stand: return "standing legs";
    case PelvisBound::reach_near: return "near leg reach";
    case PelvisBound::reach_far: return "far leg reach";
    case PelvisBound::landing_near: return "near leg landing";
    case PelvisBound::landing_far: return "far leg landing";
    case PelvisBound::rise: return "rise limit";
    case PelvisBound::settle: return "settling";
  }
  return "?";
}

double smooth_min(double a, double b, double k) {
  if (!(k > 0.0)) return std::min(a, b);
  const double h = std::max(k - std::abs(a - b), 0.0) / k;
  return std::min(a, b) - h * h * k * 0.25;
}

PelvisHeight solve_pelvis(const PelvisInput& in) {
  PelvisHeight out = in.model;
  double lowest = 1e300;
  PelvisBound lowest_kind = in.model.bound;
  for (std::size_t i = 0; i < in.bound_count && i < in.bounds.size(); ++i) {
    out.height = smooth_min(out.height, in.bounds[i].height, in.bands[i] > 0.0 ? in.bands[i] : in.smooth);
    if (in.bounds[i].height < lowest) {
      lowest = in.bounds[i].height;
      lowest_kind = in.bounds[i].bound;
    }
  }
  // A bound decided when it lowered the hips below the model's, visibly (0.25 mm).
  if (out.height < in.model.height - 2.5e-4) out.bound = lowest_kind;
  return out;
}

double pelvis_wave(double s, double ramp) {
  s = clamp01(s);
  const double w = std::clamp(ramp, 0.0, 0.5);
  const double a = 1.0 / (0.25 - w * w / 3.0);  // the peak acceleration, per range per span^2
  auto first_half = [&](double x) {             // x in [0, 0.5]
    const double s1 = 0.5 - w;
    if (x <= s1) return 0.5 * a * x * x;
    const double u = x - s1;                      // on the ramp: the acceleration a (1 - u / w)
    return a * (0.5 * s1 * s1 + s1 * u + 0.5 * u * u - u * u * u / (6.0 * w));
  };
  return s <= 0.5 ? first_half(s) : 1.0 - first_half(1.0 - s);
}

double planned_pelvis(double before, double after, double s, double ramp) {
  return before + (after - before) * pelvis_wave(s, ramp);
}

double run_dip(double cadence, double stance_fraction) {
  if (!(cadence > 0.0) || stance_fraction >= 0.5) return 0.0;
  const double cycle = 2.0 / cadence;
  const double flight = (0.5 - stance_fraction) * cycle;
  const double contact = stance_fraction * cycle;
  return kGravity * flight * contact / (2.0 * kPi);
}

double run_bounce(const BounceInput& in) {
  if (!(in.cadence > 0.0)) return in.top;
  const double cycle = 2.0 / in.cadence;
  const double flight = std::max(0.0, 0.5 - in.stance_fraction) * cycle;
  if (in.in_stance) return in.top - run_dip(in.cadence, in.stance_fraction) * std::sin(kPi * clamp01(in.stance_share));
  const double f = clamp01(in.flight_share);
  return in.top + 4.0 * (kGravity * flight * flight / 8.0) * f * (1.0 - f);
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

}  // namespace anim
