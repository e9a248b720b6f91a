#pragma once
// The get-up's key poses (anim/states/get_up), each a joint-angle pose of this body in the
// facing frame (facing +x, the ground at y = 0 under the origin), so every bone keeps its
// length: lying on his front (the hands under the shoulders) or his back; on his hands and
// knees or sat up with his knees drawn up; the kneel of Rule 7. Hand-set angles from the
// geometry of the body (where a part rests on the ground, what spans hip to floor).
#include "anim/rifle.hpp"
#include "anim/states/pose_blend.hpp"

#include <array>
#include <cstdint>

namespace anim {

enum class GetUpKey : std::uint8_t { lying, risen, kneel, count };
inline constexpr std::size_t kGetUpKeys = static_cast<std::size_t>(GetUpKey::count);

// What each joint keeps between itself and the ground, m: the ragdoll's contact discs
// (RagdollRadii, scaled to the body), so the get-up lies where the ragdoll lay.
using GroundClearance = std::array<double, kJointCount>;
GroundClearance ground_clearance(const Proportions& body);

// The key pose `key` of the face-up or face-down get-up, facing frame, the rifle held as it says.
BodyPoints get_up_key(GetUpKey key, bool face_up, const Proportions& body, const RifleSpec& rifle);

}  // namespace anim
