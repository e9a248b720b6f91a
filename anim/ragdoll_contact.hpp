#pragma once
// The ragdoll against the terrain (Rule 7b: the floor is a constraint INSIDE the relaxation
// loop). The ground polyline is solid below it (beyond its ends it continues flat, as
// anim::Terrain::height_at), a box is solid from its top down. A contact point of radius r
// is pushed out to r from the surface, and Coulomb friction then takes back its sliding
// since the sub-step began: all of it while that is within mu_s times the push (it sticks:
// a body rests on a slope steeper than nothing), else mu_k times the push (Mueller et al.,
// "Unified Particle Physics for Real-Time Applications", 2014, section 6.1).
#include "anim/ragdoll_bone_solve.hpp"
#include "anim/ragdoll_rig.hpp"
#include "anim/terrain.hpp"

#include <vector>

namespace anim {

// One straight piece of ground, world m; solid on its clockwise side (below).
struct GroundPiece {
  vec2 a{};          // left end
  vec2 b{};          // right end, b.x > a.x
  vec2 along{};      // unit, a -> b
  vec2 normal{};     // unit, up out of the ground
  double length = 0.0;
  bool operator==(const GroundPiece&) const = default;
};

// A box as a solid: x in [left, right], everything below top.
struct SolidBox {
  double left = 0.0, right = 0.0, top = 0.0;  // world m
  bool operator==(const SolidBox&) const = default;
};

// The terrain near one body for one step, gathered once per step so the relaxation loop
// tests a handful of pieces instead of the whole level. Reused between steps (the vectors
// keep their capacity); owned by the caller through the Ragdoll.
struct NearbyTerrain {
  std::vector<GroundPiece> ground;  // left to right, covering [x_min, x_max] without a gap
  std::vector<SolidBox> boxes;
  // world m: the highest point of any piece or box. A contact disc whose bottom is clearly
  // above it (kClearlyAbove) touches nothing, and project_contacts does not test it against
  // each piece: most of a falling body's discs, and the limbs raised off the ground.
  double top = 0.0;
  bool operator==(const NearbyTerrain&) const = default;
};

// The ground pieces and boxes of `terrain` that reach into [x_min, x_max] (world m).
void gather_terrain(NearbyTerrain& out, const Terrain& terrain, double x_min, double x_max);

// True when `p` is inside the solid: below the ground or inside a box.
bool inside_terrain(const NearbyTerrain& near, vec2 p);

// Continuous collision of one particle's sub-step from `from` (outside) to `to`: where the
// path first enters the solid, or `to` when it does not (a fast particle neither tunnels
// through a thin wall nor ends deep inside one, pushed out of its far side).
vec2 first_entry(const NearbyTerrain& near, vec2 from, vec2 to);

// Distance from `p` to the solid's surface, m; 0 when inside.
double terrain_clearance(const NearbyTerrain& near, vec2 p);

struct Friction {
  double stick = 0.9;  // mu_s
  double slide = 0.7;  // mu_k
};

// What the passes of one sub-step pushed a contact point by: the last surface's normal and
// the total depth (the normal impulse, in verlet's terms, that bounds its friction).
struct ContactTouch {
  vec2 normal{0.0, 1.0};
  double depth = 0.0;  // m, summed over the passes
};

// Pushes every contact's particle out of the solid along the surface's normal, adding each
// push to the particle's `touch`. A particle inside a box leaves it by the face it came in
// through (`from`: where it was when the sub-step began), so one pulled into a thin wall is
// not pushed out of its far side. With `mobility`, every particle that touched is held along
// the (last) surface's normal (hold_contact, `stuck` from static friction); true when a hold
// changed. The whole body in one call: the relaxation runs it every pass, and the push is
// then inlined into the loop over the contacts.
bool project_contacts(const std::array<RagdollContact, kRagdollContacts>& contacts, std::array<vec2, kRagdollPoints>& p,
                      const NearbyTerrain& near, std::array<ContactTouch, kRagdollPoints>& touch,
                      const std::array<vec2, kRagdollPoints>& from, std::array<PointMobility, kRagdollPoints>* mobility,
                      const std::array<bool, kRagdollPoints>& stuck);

// Coulomb friction for a particle the ground pushed by `touch` in the last sub-step: its
// sliding along that surface since this sub-step began (`start`, the verlet previous
// positions) is taken back, all of it while that is within mu_s times the push (it sticks),
// else mu_k times the push (it slides). True when it stuck.
bool apply_friction(const RagdollContact& c, std::array<vec2, kRagdollPoints>& p,
                    const std::array<vec2, kRagdollPoints>& start, const ContactTouch& touch, const Friction& friction);

// How a contact holds its particle in the bone solve (anim/ragdoll_bone_solve), decided as an
// active set (a contact pushes and never pulls; it holds by friction only inside Coulomb's
// cone): a particle the ground pushed is held along the normal (slides) or, when static
// friction held it this sub-step, both ways (sticks). After each solve the hold is decided
// again from what the solve asked of the particle (PointMobility::demand): pulled off the
// ground by more than `release` m, it is let go (a dead man's knee on the ground does not hold
// his body up kneeling: a held contact that pulls props him); stuck but dragged along the
// ground by more than mu_s times its load plus `slip` m, it slides. Without the hold a body
// at rest creeps down a slope (the solve slides what friction stopped before it) and a
// contact that cannot let go props a body up.
struct ContactHoldRule {
  double stick = 0.7;     // mu_s
  double release = 0.0;   // m per sub-step, >= 0
  double slip = 0.0;      // m per sub-step, >= 0
};

// A particle found touching a surface of `normal` in a pass; `stuck`: static friction held it
// this sub-step. True when its hold changed.
bool hold_contact(PointMobility& m, vec2 normal, bool stuck);

// Decides the hold of every held particle again after a solve; each one's load is the
// ground's push on it in this sub-step so far, m (ContactTouch::depth). True when any changed.
bool rehold_contacts(std::array<PointMobility, kRagdollPoints>& mobility, const std::array<ContactTouch, kRagdollPoints>& touch,
                     const ContactHoldRule& rule);

}  // namespace anim
