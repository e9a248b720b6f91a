#include "anim/foot_roll.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

double ankle_rise(const GaitTuning& t, const Proportions& body, double toe_behind) {
  const double leg = body.leg();
  const double s = (toe_behind / leg - t.heel_rise_start) / (t.heel_rise_full - t.heel_rise_start);
  return t.heel_rise * leg * smoothstep01(s);
}

double ankle_rise_limit(const GaitTuning& t, const Proportions& body, double toe_behind) {
  const double leg = body.leg();
  const double s = (toe_behind / leg - 0.5 * t.heel_rise_start) / (0.5 * t.heel_rise_full);
  return std::max(ankle_rise(t, body, toe_behind), t.heel_rise * leg * smoothstep01(s));
}

double foot_pitch_for_rise(const Proportions& body, double rise) {
  // Ankle above the toe: tf sin(th) + ah cos(th) = A sin(th + phi), A = |(tf, ah)|.
  const double tf = body.toe_forward();
  const double ah = body.ankle_height;
  const double a = std::hypot(tf, ah);
  const double phi = std::atan2(ah, tf);
  const double s = std::clamp((std::max(0.0, rise) + ah) / a, -1.0, 1.0);
  return std::max(0.0, std::asin(s) - phi);
}

namespace {
// Rotates a foot-frame offset by the heel-up pitch (clockwise for a foot pointing +x).
vec2 pitched(vec2 v, double pitch) {
  const double c = std::cos(pitch), s = std::sin(pitch);
  return {v.x * c + v.y * s, -v.x * s + v.y * c};
}
}  // namespace

vec2 ankle_from_toe(const Proportions& body, vec2 toe, double pitch) {
  return toe + pitched({-body.toe_forward(), body.ankle_height}, pitch);
}

vec2 heel_from_toe(const Proportions& body, vec2 toe, double pitch) {
  return toe + pitched({-body.toe_forward() - body.heel_back(), 0.0}, pitch);
}

}  // namespace anim
