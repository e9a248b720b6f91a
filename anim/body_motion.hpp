#pragma once
// ARCHITECTURE.md step 2: the body's horizontal motion, with a physical limit on how hard it
// can speed up or slow down. The real acceleration is recorded: the lean reads it.
namespace anim {

struct BodyMotion {
  double x = 0.0;   // world m
  double vx = 0.0;  // m/s
  double ax = 0.0;  // m/s^2, the acceleration actually applied this step
};

// Moves `m` one step toward `vx_desired` (m/s) with |a| <= accel_limit (m/s^2).
void step_body_motion(BodyMotion& m, double vx_desired, double accel_limit, double dt);

}  // namespace anim
