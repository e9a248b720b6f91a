#include "anim/upper_body/rifle_hold.hpp"

#include "anim/look_at.hpp"
#include "anim/vec.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

vec2 shoulder_pocket(const CarryTuning& t, vec2 shoulder, double trunk_angle) {
  return shoulder + t.pocket_forward * direction(trunk_angle - kPi / 2.0) - t.pocket_down * direction(trunk_angle);
}

RifleHold step_rifle_hold(RifleHoldState& state, const RifleHoldInput& in, const AimTuning& aim, const CarryTuning& carry,
                          const RifleSpec& rifle) {
  RifleHold out;
  const double dt = std::max(0.0, in.dt);
  out.pocket = shoulder_pocket(carry, in.shoulder, in.trunk_angle);
  const AimDecision decision = decide_aim(aim, rifle, out.pocket, in.has_aim, in.aim);
  out.mode = decision.mode;
  const bool aimed = decision.mode == AimMode::aimed;
  // Unaimed above port_speed the rifle goes across the chest; aimed or at a ready it stays in
  // the shoulder. Both followed at bounded rates: a change of carry is a motion, not a pop.
  const double port_target =
      decision.mode == AimMode::carry ? smoothstep01((in.speed - carry.port_speed + carry.port_band) / (2.0 * carry.port_band)) : 0.0;
  const double bob = smoothstep01(in.speed / std::max(1e-6, carry.bob_full_speed)) * (aimed ? 0.0 : 1.0);
  const double step_wave = std::sin(4.0 * kPi * in.phase);  // twice a cycle: each step
  double wanted = decision.mode == AimMode::carry ? aim.carry_pitch + (carry.port_pitch - aim.carry_pitch) * port_target
                                                  : decision.pitch;
  wanted += carry.bob_pitch * bob * step_wave;
  // Mid-turn the rifle swings up toward port arms, so the turn reads as a pivot.
  wanted += (aim.high_ready_pitch - wanted) * std::clamp(in.turn, 0.0, 1.0);
  if (!state.started || dt <= 0.0) {
    if (!state.started) {
      state.pitch = wanted;
      state.port = port_target;
      state.aim_weight = aimed ? 1.0 : 0.0;
    }
    state.started = true;
  } else {
    state.pitch = rotate_towards(state.pitch, wanted, aim.swing_speed * dt);
    state.port = rotate_towards(state.port, port_target, dt / std::max(1e-3, carry.aim_time * 2.0));
    state.aim_weight = rotate_towards(state.aim_weight, aimed ? 1.0 : 0.0, dt / std::max(1e-3, carry.aim_time));
  }
  out.aim_weight = state.aim_weight;
  out.pitch = state.pitch + in.recoil_pitch;
  const vec2 along = direction(out.pitch);
  const vec2 down{along.y, -along.x};
  // Shouldered: the buttpad in the pocket, driven back along the bore by a kick.
  const vec2 shouldered = out.pocket - in.recoil_back * along;
  // At port arms: the pistol grip ahead of the spine at port_height of the trunk.
  const vec2 trunk_up = direction(in.trunk_angle);
  const vec2 trunk_forward = direction(in.trunk_angle - kPi / 2.0);
  const vec2 port_grip = in.hips + carry.port_height * in.trunk_length * trunk_up + carry.port_forward * trunk_forward;
  const vec2 port_butt = port_grip - rifle.grip_along * along - (rifle.grip_drop - rifle.stock_drop) * down;
  vec2 butt = shouldered + (port_butt - shouldered) * smoothstep01(state.port);
  // The gait's bob: up and down and ahead and back with each step, the rifle still rigid.
  butt += bob * (carry.bob_height * std::cos(4.0 * kPi * in.phase) * vec2{0.0, 1.0} +
                 carry.bob_reach * step_wave * trunk_forward);
  out.rifle = place_rifle(rifle, butt, out.pitch);
  return out;
}

}  // namespace anim
