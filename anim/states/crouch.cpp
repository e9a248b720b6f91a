#include "anim/states/crouch.hpp"

#include "anim/vec.hpp"

#include <cmath>

namespace anim {

namespace {

double mix(double a, double b, double w) { return a + (b - a) * w; }

void mix_curve(SpeedCurve& c, const SpeedCurve& to, double w) {
  // Both curves are sampled at the walk's speeds so the blend stays piecewise linear there.
  SpeedCurve out = c;
  for (int i = 0; i < SpeedCurve::kPoints; ++i) out.value[i] = mix(c.value[i], to.at(c.speed[i]), w);
  c = out;
}

void mix_curve_to(SpeedCurve& c, double value, double w) {
  for (double& v : c.value) v = mix(v, value, w);
}

}  // namespace

GaitTuning crouched_gait(const GaitTuning& walk, const CrouchTuning& k, double depth) {
  const double w = std::isfinite(depth) ? clamp01(depth) : 0.0;
  GaitTuning g = walk;
  if (w == 0.0) return g;
  mix_curve(g.cadence_spm, k.cadence_spm, w);
  mix_curve_to(g.stance_fraction, k.stance_fraction, w);
  mix_curve_to(g.landing_lead, k.landing_lead, w);
  mix_curve_to(g.swing_lift, k.lift, w);
  g.knee_contact = mix(walk.knee_contact, k.knee_contact, w);
  mix_curve_to(g.knee_loading, k.knee_loading, w);
  g.knee_midstance = mix(walk.knee_midstance, k.knee_midstance, w);
  g.knee_toe_off = mix(walk.knee_toe_off, k.knee_toe_off, w);
  g.stand_knee = mix(walk.stand_knee, k.stand_knee, w);
  g.dorsiflexion_max = mix(walk.dorsiflexion_max, k.dorsiflexion_max, w);
  g.stand_foot_spread = mix(walk.stand_foot_spread, k.stand_foot_spread, w);
  // A knee held this deep may fold a little further on a stance going away behind.
  g.stance_knee_max = std::max(walk.stance_knee_max, k.knee_toe_off + 0.2 * w);
  return g;
}

}  // namespace anim
