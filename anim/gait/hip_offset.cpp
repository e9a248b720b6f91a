#include "anim/gait/hip_offset.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

void step_hip_offset(double& offset, double& velocity, double target, const SpringParams& spring, double dt,
                     double target_velocity) {
  if (!(dt > 0.0) || !std::isfinite(dt) || !std::isfinite(target)) return;
  if (!std::isfinite(target_velocity)) target_velocity = 0.0;
  // At seed 001's dt = 0.05 (omega dt = 0.5) one step reproduces its table exactly; longer
  // steps are split so omega h <= 0.5, where the discrete critically damped spring still
  // approaches monotonically.
  const double omega = natural_frequency(spring);
  const int n = omega > 0.0 ? std::clamp(static_cast<int>(std::ceil(dt * omega / 0.5 - 1e-9)), 1, 1000) : 1;
  const double h = dt / n;
  // The target moves on through the sub-steps at its own velocity.
  for (int i = 0; i < n; ++i) {
    const double at = target - target_velocity * (dt - (i + 1) * h);
    spring_step(offset, velocity, at, spring, h, target_velocity);
  }
}

}  // namespace anim
