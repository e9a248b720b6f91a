#pragma once
// Rule 2b: decide the aim direction first, then place the rifle along it. The pitch that
// puts the bore line through the aim point, and the ready positions a person falls back to
// when the point is out of the pitch range they can hold or too close to aim at.
#include "anim/rifle.hpp"
#include "anim/vec.hpp"

#include <cstdint>

namespace anim {

enum class AimMode : std::uint8_t { aimed, low_ready, high_ready, carry };

struct AimTuning {
  double pitch_min = -0.9;         // rad, lowest pitch held on the shoulder (about -52 deg)
  double pitch_max = 1.0;          // rad, highest (about 57 deg)
  double low_ready_pitch = -0.65;  // rad, muzzle down for a point too close below or too low
  double high_ready_pitch = 1.2;   // rad, muzzle up for a point too close above or too high
  double carry_pitch = -0.55;      // rad, the relaxed carry with no aim point
  double min_range = 1.1;          // rifle lengths: a closer point is not aimed at
  double swing_speed = 7.0;        // rad/s, how fast the rifle comes onto a new pitch
};

// The bore's pitch (rad) that puts the bore line through `aim` when the buttpad sits at
// `butt` with the bore `bore_rise` above it (RifleSpec::stock_drop). False when the point is
// inside that offset (on the shoulder): there is no such line.
bool bore_pitch_through(vec2 butt, vec2 aim, double bore_rise, double& pitch);

struct AimDecision {
  AimMode mode = AimMode::carry;
  double pitch = 0.0;  // rad, where the rifle should point (facing frame, + up)
};

// What the rifle should do this frame. `aim_facing` is in the facing frame; `has_aim` false
// (or a point behind the shoulder, mid-turn) gives the carry (its pitch and motion are the
// carry's business: upper_body/rifle_hold).
AimDecision decide_aim(const AimTuning& t, const RifleSpec& rifle, vec2 butt_facing, bool has_aim, vec2 aim_facing);

}  // namespace anim
