#pragma once
// Verlet integration of the ragdoll's particles (Rule 7b: "the velocity is position minus
// PREVIOUS position"; Jakobsen, "Advanced Character Physics", GDC 2001). The constraints are
// solved together afterwards (anim/ragdoll_bone_solve), the sub-step that calls them all, with
// the contacts interleaved, is in anim/ragdoll.cpp.
#include "anim/ragdoll_rig.hpp"

#include <array>

namespace anim {

using RagdollPositions = std::array<vec2, kRagdollPoints>;

// One verlet sub-step of every particle: v = (p - previous) * velocity_scale, capped at
// max_travel per sub-step; then previous = p and p += v + drop. velocity_scale folds the
// sub-step change (h / h_before) and the damping; drop is gravity * h^2.
void integrate_ragdoll(RagdollPositions& p, RagdollPositions& previous, double velocity_scale, double max_travel,
                       vec2 drop);

// Damps each bone's relative motion (its two ends' velocities drawn toward their mass-weighted
// mean by `share`, 0..1), as verlet does: through the previous positions. The body's momentum
// is kept; only its limbs' swinging about each other is bled away.
void damp_bones(const RagdollRig& rig, const RagdollPositions& p, RagdollPositions& previous, double share);

}  // namespace anim
