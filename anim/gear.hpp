#pragma once
// The soldier's secondary-motion gear (issue 6, ARCHITECTURE.md frame step 11, after the
// look-at): a radio whip antenna on the carrier's back, the rifle sling, and a pouch strap on
// the belt, each a spring chain (anim/spring) attached to this step's pose in world space and
// solved root to tip. Facing -x mirrors every rest direction and offset.
#include "anim/character_frame.hpp"
#include "anim/gear_points.hpp"
#include "anim/gear_tuning.hpp"
#include "anim/spring.hpp"

#include <array>

namespace anim {

// The gear's state that lasts between frames; the caller owns it (STYLE.md 1).
struct GearState {
  std::array<SpringChain, 3> chains;  // in the order of GearPoints::chains(): antenna, sling, strap
  // Level of detail (issue 14): the steps since the chains were last solved, the time those
  // steps add up to, and the chains as then solved (held steps move them with the body).
  int held = 0;
  double held_dt = 0.0;  // s
  GearPoints solved;
};

// The most steps a far soldier's chains may go unsolved: 8 steps of 1/120 s are 15 Hz, and
// 8/120 s stays well inside ChainLimits::max_step.
inline constexpr int kMaxGearEvery = 8;

// What a soldier of each role carries (issue 15, "gear is the character"). The spring chains
// above run for every role, so the trace keeps its columns; the figure draws a chain or a
// piece only when the kit has it.
struct Kit {
  bool antenna = false;       // the radio whip on the carrier's back
  bool radio = false;         // the radio on the upper back the whip rises from
  bool machine_gun = false;   // a light machine gun (heavier receiver, box magazine, bipod)
                              // held on the same rifle points (Rule 2b)
};
Kit kit_of(Role role);

// Places every chain at rest on the next step_gear (a respawn; a teleport is detected alone).
void reset_gear(GearState& state);

// One step of `dt` s on the pose in `frame` (joints, rifle and body filled in). Returns the
// chains' points, base first, with `valid` set.
//
// `every` (1..kMaxGearEvery, clamped): the level of detail of a soldier too small on screen
// for his gear's motion to be seen at full rate (seed 001 section 10: "LOD-style scaling").
// The chains are solved on one step in `every`, over the time of all the steps since the
// last solve (so they swing at the same speed); on the steps between, the chains as last
// solved are carried with their anchors on the body (the sling's points shared between its
// two swivels), so nothing detaches or jumps when the level changes. 1: every step.
GearPoints step_gear(GearState& state, const CharacterFrame& frame, const GearTuning& tuning, double dt, int every = 1);

}  // namespace anim
