#include "anim/swing.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {
// Minimum-jerk position profile (Flash & Hogan 1985): zero velocity and acceleration at
// both ends, the shape of a human point-to-point reach.
double minimum_jerk(double s) {
  s = clamp01(s);
  return s * s * s * (10.0 + s * (-15.0 + 6.0 * s));
}
}  // namespace

SwingPoint swing_point(const SwingShape& shape, vec2 toe0, double pitch0, vec2 toe1, double pitch1,
                       double heel_reach, double u) {
  u = clamp01(u);
  // Fore-aft: a walking foot follows a minimum-jerk path. A running foot comes through
  // earlier (its heel folds up under the hips as the thigh drives forward instead of
  // trailing the leg behind), so its path is front-loaded; both still land with no speed
  // over the ground, so nothing slides at touchdown.
  const double drive = std::clamp(shape.drive, 0.0, 1.0);
  const double ease_out = 1.0 - (1.0 - u) * (1.0 - u);
  const double run_path = 0.8 * smoothstep01(u) + 0.2 * ease_out;
  const double m = (1.0 - drive) * minimum_jerk(u) + drive * run_path;
  // Lift: a sine hump whose crest sits at `peak`; its slope is zero at the crest, so the
  // two halves meet smoothly.
  const double peak = std::clamp(shape.peak, 0.2, 0.8);
  const double w = u < peak ? 0.5 * u / peak : 0.5 + 0.5 * (u - peak) / (1.0 - peak);
  const double hump = std::sin(kPi * w);

  SwingPoint p;
  // Pitch: the lift-off roll unwinds through early swing; a walking foot then cocks its
  // toe up and lands on the heel, flattening to the touchdown pitch exactly at u = 1.
  const double unwind = smoothstep01(u / 0.6);
  const double strike = smoothstep01((u - 0.35) / 0.45) * (1.0 - smoothstep01((u - 0.86) / 0.14));
  p.pitch = pitch0 * (1.0 - unwind) + pitch1 * smoothstep01(u) - shape.strike_pitch * strike;
  p.toe.x = toe0.x + (toe1.x - toe0.x) * m;
  const double heel_clearance = heel_reach * std::sin(std::max(0.0, -p.pitch));
  p.toe.y = toe0.y + (toe1.y - toe0.y) * m + shape.lift * hump + heel_clearance;
  return p;
}

}  // namespace anim
