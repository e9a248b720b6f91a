#include "anim/look_at.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

double rotate_towards(double from, double to, double max_step) {
  if (!std::isfinite(to)) return from;
  max_step = std::max(0.0, max_step);
  const double d = to - from;
  return std::abs(d) <= max_step ? to : from + (d > 0.0 ? max_step : -max_step);
}

double step_look_at(LookAtState& state, double target, double animated, const LookAtTuning& t, double dt) {
  // Cone clamp (seed 001 section 2): aim at the cone's edge when the target is outside it.
  const double cone = std::max(0.0, t.cone);
  const double clamped = std::clamp(std::isfinite(target) ? target : state.angle, -cone, cone);
  state.angle = rotate_towards(state.angle, clamped, t.turn_speed * std::max(0.0, dt));
  const double w = std::clamp(t.weight, 0.0, 1.0);
  return animated + (state.angle - animated) * w;
}

}  // namespace anim
