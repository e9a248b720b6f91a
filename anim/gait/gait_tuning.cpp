#include "anim/gait/gait_tuning.hpp"

#include "anim/vec.hpp"

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
  g.landing_lead = t.landing_lead.at(v_ref) * leg;
  // Rule 6: a run by its stance fraction alone, blended over a narrow band either side of 1/2.
  const double band = std::max(1e-3, t.walk_run_band);
  g.run = smoothstep01((0.5 + band - g.stance_fraction) / (2.0 * band));
  g.clearance = t.swing_clearance.at(v_ref) * size;
  g.lift = std::max(g.clearance, t.swing_lift.at(v_ref) * leg) * (1.0 + 0.25 * backward);
  g.swing_peak = t.swing_peak.at(v_ref);
  // Walking backwards the foot reaches back toe first and leaves nearly flat.
  g.strike_pitch = t.strike_pitch.at(v_ref) * (1.0 - backward) - 0.12 * backward;
  g.foot_flat_at = t.foot_flat_at.at(v_ref);
  g.heel_rise_at = t.heel_rise_at.at(v_ref) + (1.0 - t.heel_rise_at.at(v_ref)) * 0.5 * backward;
  g.toe_off_pitch = t.toe_off_pitch.at(v_ref) * (1.0 - backward) - 0.3 * backward;  // backwards: toe up
  return g;
}

void adapt_to_slope(GaitAtSpeed& g, double slope) {
  if (!std::isfinite(slope)) return;
  const double c = 1.0 / std::sqrt(1.0 + slope * slope);
  const double f = c * c * c;
  g.cadence /= f;
  g.stride *= f;
  g.contact_length *= f;
}

}  // namespace anim
