#include "anim/body_motion.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

void step_body_motion(BodyMotion& m, double vx_desired, double accel_limit, double dt) {
  if (!(dt > 0.0) || !std::isfinite(vx_desired)) {
    m.ax = 0.0;
    return;
  }
  const double dv = std::clamp(vx_desired - m.vx, -accel_limit * dt, accel_limit * dt);
  const double v_prev = m.vx;
  m.vx += dv;
  m.ax = dv / dt;
  // Trapezoidal position update: exact for constant acceleration over the step.
  m.x += 0.5 * (v_prev + m.vx) * dt;
}

}  // namespace anim
