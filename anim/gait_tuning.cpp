#include "anim/gait_tuning.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

double SpeedCurve::at(double v) const {
  if (!(v > speed.front())) return value.front();
  if (v >= speed.back()) return value.back();
  for (int i = 1; i < kPoints; ++i) {
    if (v <= speed[i]) {
      const double t = (v - speed[i - 1]) / (speed[i] - speed[i - 1]);
      return value[i - 1] + t * (value[i] - value[i - 1]);
    }
  }
  return value.back();
}

GaitAtSpeed gait_at_speed(const GaitTuning& t, double speed, double leg, double backward) {
  backward = std::isfinite(backward) ? std::clamp(backward, 0.0, 1.0) : 0.0;
  GaitAtSpeed g;
  speed = std::isfinite(speed) ? std::max(0.0, speed) : 0.0;
  // Froude similarity: look the tables up at the reference body's equivalent speed.
  const double size = leg / kReferenceLeg;
  const double v_ref = speed / std::sqrt(size);
  g.speed = speed;
  g.cadence = t.cadence_spm.at(v_ref) / 60.0 / std::sqrt(size);
  g.stance_fraction = t.stance_fraction.at(v_ref);
  g.cadence *= 1.0 + (t.backward_cadence_gain - 1.0) * backward;
  g.stride = 2.0 * speed / g.cadence;
  g.contact_length = g.stance_fraction * g.stride;
  g.contact_shift = std::max(0.0, 0.5 * g.contact_length - t.landing_reach * leg);
  g.lift = t.swing_lift.at(v_ref) * leg * (1.0 + 0.25 * backward);
  g.swing_peak = t.swing_peak.at(v_ref);
  // The knee yields a little at mid-stance when walking (a run's dip comes from its flight).
  g.compression = t.walk_compression + 0.03 * backward;
  return g;
}

void adapt_to_slope(GaitAtSpeed& g, const GaitTuning& t, double leg, double slope) {
  if (!std::isfinite(slope)) return;
  const double c = 1.0 / std::sqrt(1.0 + slope * slope);
  const double f = c * c * c;
  g.cadence /= f;
  g.stride *= f;
  g.contact_length *= f;
  g.contact_shift = std::max(0.0, 0.5 * g.contact_length - t.landing_reach * leg);
}

}  // namespace anim
