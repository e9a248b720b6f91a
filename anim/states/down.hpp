#pragma once
// 3. State, when he is down (ARCHITECTURE.md "The frame, in order": a death replaces steps
// 3-11 with the ragdoll, a get-up blends from the frozen ragdoll pose back into the pipeline).
// Dead, the frame's body (its joints, the rifle that falls with him, where the face looks) is
// the ragdoll's (Rule 7b) and the gear's spring chains go on hanging from it; getting up, it
// is the get-up (anim/states/get_up), whose last stretch blends into the living stand the
// pipeline computes meanwhile. The caller (anim::Character) owns the DownState.
#include "anim/gear.hpp"
#include "anim/ragdoll.hpp"
#include "anim/states/get_up.hpp"
#include "anim/tuning.hpp"

#include <cstdint>

namespace anim {

enum class DownPhase : std::uint8_t { living, ragdoll, getting_up };

// The frame before the one shown and the step between them: the joints' velocities at a death.
struct LivingTrail {
  JointPositions joints{};
  RiflePoints rifle{};
  double dt = 0.0;  // s; 0: no velocities known (born still)
};

struct DownState {
  DownPhase phase = DownPhase::living;
  LivingTrail trail;
  RagdollTuning ragdoll_tuning{};  // the ragdoll's constants (anim/ragdoll_tuning.hpp)
  Ragdoll ragdoll;
  GetUp get_up;
  GearState gear;  // the chains while down; the living ones follow the living stand meanwhile
};

// What this step runs, decided from its intent before anything moves.
enum class DownStep : std::uint8_t {
  living,        // the living pipeline alone
  ragdoll,       // the ragdoll alone (step_down_ragdoll)
  start_get_up,  // the living pipeline put standing at get_up.stand_x, then as getting_up
  getting_up,    // the living pipeline (the stand he gets up into), then finish_get_up
};

// What the intent asks of a body that may be down (anim::Intent's die, die_impulse, get_up).
struct DownIntent {
  bool die = false;
  vec2 impulse{};  // m/s at the chest
  bool get_up = false;
};

// `in.die` kills him (the ragdoll born on `shown`, the last frame, with the trail's velocities
// and the impulse; on a ragdoll it is a later hit, on a get-up a second death); `in.get_up`
// on a ragdoll starts the get-up from where it lies; on a living soldier it does nothing.
// `gear` is the living chains, which the ragdoll's carry on from. `dt` s, cleaned.
DownStep begin_down(DownState& s, const DownIntent& in, const CharacterFrame& shown, const GearState& gear, double dt,
                    const Tuning& tuning, const Terrain& terrain);

// One ragdoll step, its frame written over `frame` (the last one shown). `t`: s, the frame's time.
void step_down_ragdoll(DownState& s, CharacterFrame& frame, double t, double dt, const Tuning& tuning,
                       const Terrain& terrain);

// The get-up's frame for this step: `frame` comes in as the living stand of this step and goes
// out as what is shown. True when the get-up is over (the shown frame IS the living stand, and
// the living pipeline carries on from it, its gear from s.gear).
bool finish_get_up(DownState& s, CharacterFrame& frame, double dt, const Tuning& tuning, const Terrain& terrain);

}  // namespace anim
