#include "anim/recoil.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

void fire_recoil(RecoilState& s, const RecoilTuning& t) {
  s.pitch_velocity += t.kick_pitch_speed;
  s.back_velocity += t.kick_back_speed;
}

void step_recoil(RecoilState& s, const RecoilTuning& t, double dt) {
  if (!(dt > 0.0) || !std::isfinite(dt)) return;
  // Semi-implicit Euler is stable for omega h < 2; sub-steps of omega h <= 0.25 also keep it
  // accurate, so a 0.1 s spike behaves like twelve ordinary frames.
  const double omega = natural_frequency(t.spring);
  const int n = omega > 0.0 ? std::clamp(static_cast<int>(std::ceil(dt * omega / 0.25)), 1, 1000) : 1;
  const double h = dt / n;
  for (int i = 0; i < n; ++i) {
    spring_step(s.pitch, s.pitch_velocity, 0.0, t.spring, h);
    spring_step(s.back, s.back_velocity, 0.0, t.spring, h);
  }
}

}  // namespace anim
