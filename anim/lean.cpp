#include "anim/lean.hpp"

#include "anim/vec.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

double raw_lean(double accel_forward, const LeanTuning& t) {
  return std::isfinite(accel_forward) ? t.strength * std::atan2(accel_forward, kGravity) : 0.0;
}

double step_lean(LeanState& state, double accel_forward, const LeanTuning& t, double dt) {
  // Seed 000: t = clamp(smoothing_speed * dt, 0, 1); mix toward the raw value.
  const double k = std::clamp(t.smoothing_speed * std::max(0.0, dt), 0.0, 1.0);
  state.smoothed += (raw_lean(accel_forward, t) - state.smoothed) * k;
  return std::clamp(state.smoothed, -t.max_lean, t.max_lean);
}

}  // namespace anim
