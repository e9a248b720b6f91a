#pragma once
// Rule 2b: a held object is the target and the HANDS follow it. The rifle is placed along
// the aim direction with its buttpad in the shoulder pocket, and both hands are then solved
// onto it; the drawn rifle uses exactly these points.
#include "anim/character_frame.hpp"
#include "anim/vec.hpp"

namespace anim {

// A carbine's geometry along its bore axis from the buttpad, m (an M4-type carbine with the
// stock extended is ~0.84 m long; the pistol grip sits ~0.25 m ahead of the buttpad).
struct RifleSpec {
  double length = 0.84;          // buttpad -> muzzle, m
  double grip_along = 0.25;      // buttpad -> pistol grip, along the bore, m
  double grip_drop = 0.07;       // pistol grip below the bore axis, m
  double fore_along = 0.50;      // buttpad -> the support hand on the fore-end, m
  double fore_drop = 0.035;      // fore-end hold below the bore axis, m
  double stock_drop = 0.03;      // the bore sits this far above the buttpad's centre, m
  double sight_height = 0.065;   // the sight line above the bore, m (MOTION.md: 6-7 cm on a carbine)
};

// The rifle in the facing frame: buttpad at `butt`, bore along `pitch` (rad, + up).
RiflePoints place_rifle(const RifleSpec& spec, vec2 butt, double pitch);

// The unit direction of the bore of placed rifle points (world or facing frame): the bore
// runs stock_drop above the buttpad's centre, on the upper side for the given facing sign.
vec2 bore_direction(const RiflePoints& r, const RifleSpec& spec, int facing_sign);

// Where the bore line starts (the top of the buttpad), same frame as `r`.
vec2 bore_start(const RiflePoints& r, const RifleSpec& spec, int facing_sign);

}  // namespace anim
