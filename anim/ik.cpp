#include "anim/ik.hpp"

#include <algorithm>

namespace anim {

bool is_valid(const TwoBoneIkInput& in) {
  auto length_ok = [](double l) { return std::isfinite(l) && l > 0.0; };
  return is_finite(in.root) && is_finite(in.target) && length_ok(in.upper) && length_ok(in.lower) &&
         std::isfinite(in.rest_angle);
}

TwoBoneIkOutput solve_two_bone_ik(const TwoBoneIkInput& raw) {
  TwoBoneIkInput in = raw;
  auto sane_length = [](double l) { return std::isfinite(l) && l > 0.0 ? l : 1e-6; };
  in.upper = sane_length(in.upper);
  in.lower = sane_length(in.lower);
  if (!is_finite(in.root)) in.root = {0.0, 0.0};
  if (!is_finite(in.target)) in.target = in.root;
  if (!std::isfinite(in.rest_angle)) in.rest_angle = -kPi / 2.0;
  const double a = in.upper;
  const double b = in.lower;
  const vec2 to_target = in.target - in.root;
  double d_raw = glm::length(to_target);
  const double soft = std::isfinite(in.softness) ? std::clamp(in.softness, 0.0, 0.5 * (a + b)) : 0.0;
  const bool softened = soft > 0.0 && d_raw > a + b - soft;
  if (softened) {
    // Spine's softness: the distance is remapped onto an exponential approach to full reach.
    const double knee = a + b - soft;
    d_raw = knee + soft * (1.0 - std::exp(-(d_raw - knee) / soft));
  }
  const double dir_angle = d_raw > 1e-12 ? angle_of(to_target) : in.rest_angle;

  // Law of cosines: the interior angle at the root between the root->target line and the
  // upper bone. The reachable distance lies in [|a - b|, a + b]; outside it we clamp, which
  // gives a straight limb (too far) or a fully folded one (too near).
  const double d_max = a + b;
  const double d_min = std::abs(a - b);
  const double d = std::clamp(d_raw, d_min, d_max);
  double cos_root = d > 0.0 ? (a * a + d * d - b * b) / (2.0 * a * d) : 1.0;
  cos_root = std::clamp(cos_root, -1.0, 1.0);
  const double root_offset = std::acos(cos_root);

  const double side = in.bend == BendSide::counter_clockwise ? 1.0 : -1.0;
  TwoBoneIkOutput out;
  out.upper_angle = dir_angle + side * root_offset;
  out.mid = in.root + a * direction(out.upper_angle);
  if (d_raw >= d_max) {
    // Exactly straight and exactly full length, toward the target (issue 2).
    out.lower_angle = dir_angle;
    out.upper_angle = dir_angle;
    out.mid = in.root + a * direction(dir_angle);
  } else {
    const vec2 end_ideal = in.root + d * direction(dir_angle);
    out.lower_angle = angle_of(end_ideal - out.mid);
  }
  out.end = out.mid + b * direction(out.lower_angle);
  out.reached = !softened && d_raw <= d_max && d_raw >= d_min;
  return out;
}

}  // namespace anim
