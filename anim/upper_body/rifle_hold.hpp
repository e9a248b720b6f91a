#pragma once
// Step 8 of the frame (Rule 2b): where the rifle is. The aim is decided first; the rifle is
// then placed along it with its buttpad in the shoulder pocket. Unaimed it is carried: at a
// walk at the low ready in the shoulder, above a tunable speed at port arms across the chest,
// moving with the gait by a few degrees and centimetres twice a cycle (MOTION.md "Holding a
// rifle"). The hands are solved onto it afterwards (upper_body/arms).
#include "anim/aim.hpp"
#include "anim/character_frame.hpp"
#include "anim/rifle.hpp"

namespace anim {

struct CarryTuning {
  // The shoulder pocket, from the shoulder joint: a little ahead of it and below its top,
  // inside the joint (MOTION.md: the buttpad sits in the pocket, inside the shoulder).
  double pocket_forward = 0.05;   // m along the trunk's forward, 0..0.12
  double pocket_down = -0.05;     // m down the trunk, -0.12..0.08: negative, up: the buttpad high in
                                  // the pocket, the firing shoulder shrugged into the stock, so the
                                  // sights come up to the eye and the head tips ~45 deg, not 60
  // Port arms above this speed (a running soldier carries the rifle across the chest, muzzle
  // up, instead of holding it in the shoulder), blended over the band either side of it.
  double port_speed = 3.2;        // m/s, 0..9 (9: never)
  double port_band = 0.5;         // m/s, 0.05..2
  double port_pitch = 0.9;        // rad, + up: the bore at port arms, 0.3..1.4
  double port_height = 0.42;      // share of the trunk up from the hips: the pistol grip, 0..1
  double port_forward = 0.24;     // m ahead of the spine: the pistol grip, 0.1..0.4
  // The carry moves with each step (twice a cycle): the bore's pitch, and the rifle up and
  // down, ahead and back, fading in with speed (MOTION.md: a few degrees and centimetres).
  double bob_pitch = 0.05;        // rad, 0..0.3
  double bob_height = 0.015;      // m, 0..0.06
  double bob_reach = 0.008;       // m, 0..0.04
  double bob_full_speed = 1.2;    // m/s, 0.1..5: the bob is whole from this speed
  double aim_time = 0.18;         // s, 0.02..1: from carry to the aim's weight (cheek weld, share)
};

struct RifleHoldState {
  double pitch = 0.0;        // rad, the rifle's pitch as it swings onto a new aim
  double aim_weight = 0.0;   // 0..1, how much it is aimed (the cheek weld and the trunk's share)
  double port = 0.0;         // 0..1, how much it is at port arms
  bool started = false;
};

struct RifleHoldInput {
  vec2 shoulder{};           // the near (firing) shoulder joint, facing frame
  double trunk_angle = 0.0;  // rad, the upper trunk's direction (pi/2 upright, facing frame)
  vec2 hips{};               // the pelvis, facing frame
  double trunk_length = 0.0; // m, hips -> neck
  bool has_aim = false;      // an aim point may be used (not mid-turn)
  vec2 aim{};                // facing frame
  double phase = 0.0;        // gait phase 0..1
  double speed = 0.0;        // m/s
  double turn = 0.0;         // 0..1, how far mid-turn (1: side-on to the camera)
  double recoil_pitch = 0.0; // rad of muzzle climb (issue 5)
  double recoil_back = 0.0;  // m the buttpad is driven back
  double dt = 0.0;
};

struct RifleHold {
  AimMode mode = AimMode::carry;
  double pitch = 0.0;        // rad, the bore as held, recoil included
  double aim_weight = 0.0;   // 0..1
  vec2 pocket{};             // facing frame: where the buttpad sits when shouldered
  RiflePoints rifle{};       // facing frame
};

// The pocket of the firing shoulder for a trunk at `trunk_angle` (facing frame).
vec2 shoulder_pocket(const CarryTuning& t, vec2 shoulder, double trunk_angle);

RifleHold step_rifle_hold(RifleHoldState& state, const RifleHoldInput& in, const AimTuning& aim, const CarryTuning& carry,
                          const RifleSpec& rifle);

}  // namespace anim
