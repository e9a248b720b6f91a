#include "anim/upper_body/torso.hpp"

#include "anim/vec.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

TorsoAttitude step_torso(TorsoState& state, const TorsoInput& in, const TorsoTuning& t, const LeanTuning& lean) {
  TorsoAttitude out;
  const double dt = std::max(0.0, in.dt);
  const double speed = std::isfinite(in.speed) ? std::abs(in.speed) : 0.0;
  const double backward = std::clamp(in.backward, 0.0, 1.0);
  const double steady = t.lean.at(speed) + (t.backpedal_lean - t.lean.at(speed)) * backward;
  // The slope's lean, followed at a bounded rate so a slope's edge bends the trunk over a
  // few tenths of a second.
  const double angle = std::atan(std::isfinite(in.grade) ? in.grade : 0.0);
  const double slope_target = angle >= 0.0 ? t.uphill_lean * angle : t.downhill_lean * angle;
  if (!state.started) {
    state.slope_lean = slope_target;
    state.started = true;
  }
  state.slope_lean += (slope_target - state.slope_lean) * std::clamp(t.slope_lean_rate * dt, 0.0, 1.0);
  out.slope_lean = state.slope_lean;
  out.accel_lean = step_lean(state.accel, in.accel_forward, lean, dt);
  const double w = std::clamp(in.aim_weight, 0.0, 1.0);
  const double aim = -t.aim_share * w * (std::isfinite(in.aim_pitch) ? in.aim_pitch : 0.0);
  out.lean = steady + out.slope_lean + out.accel_lean + in.variation * smoothstep01(speed) + aim;
  const double breath = std::clamp(in.breathing, 0.0, 1.0) * t.breathing_depth *
                        std::sin(2.0 * kPi * t.breathing_rate * in.time);
  // The lean is spread over the spine, the lower spine taking more (seed 000); the breath and
  // the recoil's rock extend the upper spine alone.
  out.spine_lower = lean.lower_spine_share * out.lean;
  out.spine_upper = (1.0 - lean.lower_spine_share) * out.lean - breath - in.rock;
  return out;
}

}  // namespace anim
