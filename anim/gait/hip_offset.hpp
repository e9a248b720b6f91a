#pragma once
// Seed 001 section 6: the hips follow the lower foot through a critically damped spring
// (SmoothDamp's spring, c = 2 sqrt(k m)), so they reach the new height without overshoot.
#include "anim/spring.hpp"

namespace anim {

// Advances the offset (m) and its velocity (m/s) toward `target` by dt (s), in sub-steps
// short enough for semi-implicit Euler to stay stable and overshoot-free at any dt.
// `target_velocity` (m/s) is how fast the target itself moves (the damping acts relative to
// it), so a target moving steadily is followed without lag.
void step_hip_offset(double& offset, double& velocity, double target, const SpringParams& spring, double dt,
                     double target_velocity = 0.0);

}  // namespace anim
