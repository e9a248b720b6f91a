#pragma once
// The ragdoll's body as flat data (Rule 7b, STYLE.md 4): which particles there are, their
// masses and contact radii, the bones (distance constraints), the joint ranges (angle
// constraints) and the rifle, for one body size and facing. Built once at birth; the solver
// (anim/ragdoll_bone_solve) reads it, the birth (anim/ragdoll) fills in what the pose was born with.
//
// The side view (anim/skeleton.cpp): both hips sit on the pelvis and both shoulders on one
// point of the upper spine, so the ragdoll has one particle for the pelvis and none for the
// shoulders: the shoulder is the point kShoulderOnSpine of the way from the chest to the neck
// (a virtual particle, as Jakobsen's "Advanced Character Physics", GDC 2001, attaches points
// between particles), which keeps it on the spine exactly. Each foot is its ankle and the
// centre of its boot's toe cap (the disc the boot is drawn with, render/figure), so every
// contact is a particle of its own; the toe joint is carried by the two. The rifle is two
// particles of its own, butt and muzzle, held by the hands (RagdollHold).
#include "anim/ragdoll_tuning.hpp"
#include "anim/rifle.hpp"
#include "anim/skeleton.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

namespace anim {

enum class RagdollPoint : std::uint8_t {
  pelvis, chest, neck, head,
  elbow_near, hand_near, elbow_far, hand_far,
  knee_near, ankle_near, tip_near, knee_far, ankle_far, tip_far,  // tip: the boot's toe cap
  rifle_butt, rifle_muzzle,
  count
};
inline constexpr std::size_t kRagdollPoints = static_cast<std::size_t>(RagdollPoint::count);
constexpr std::uint8_t pt(RagdollPoint p) { return static_cast<std::uint8_t>(p); }

// The shoulder's place on the chest -> neck segment: the skeleton puts it kShoulderDropShare
// of the trunk below the neck, on a segment (1 - kLowerSpineShare) of the trunk long.
inline constexpr double kShoulderOnSpine = 1.0 - kShoulderDropShare / (1.0 - kLowerSpineShare);

// Where a joint is on the ragdoll: the point (a, b) carried by particles `from` and `toward`
// (carried_point's form; a = b = 0: the particle `from` itself).
struct JointOnRagdoll {
  std::uint8_t from = 0;
  std::uint8_t toward = 0;
  double a = 0.0, b = 0.0;
};

// A bone: the distance between the point t of the way from particle a0 to a1, and particle b.
struct RagdollBone {
  std::uint8_t a0 = 0, a1 = 0, b = 0;
  double t = 0.0;
  double length = 0.0;  // m, the body's own length (anim::Proportions)
  double rest = 0.0;    // m, the length the solver holds this step (eased from the born one)
  double born = 0.0;    // m, as it was in the pose he died in
};

// A joint's range: the angle from the parent bone (P0 -> P1) to the child bone (C -> Q),
// counter-clockwise in the world, where P0 is the point t0 of the way from particle p0a to
// p0b and C is the point s of the way from P0 to P1 (s = 1: the child starts at P1, a hinge).
struct RagdollRange {
  std::uint8_t p0a = 0, p0b = 0, p1 = 0, q = 0;
  double t0 = 0.0;
  double s = 1.0;
  double lo = 0.0, hi = 0.0;            // rad, the body's own range, geometric, lo <= hi
  double born_lo = 0.0, born_hi = 0.0;  // rad, widened to hold the pose he died in
  // This step's range [lo_now, hi_now], as the solver reads it: its centre m and half width w.
  double cos_mid = 1.0, sin_mid = 0.0, cos_half = 1.0;
  double cos_lo = 1.0, sin_lo = 0.0, cos_hi = 1.0, sin_hi = 0.0;
};

// A contact: a particle is a disc of this radius against the terrain.
struct RagdollContact {
  std::uint8_t i = 0;
  double radius = 0.0;       // m, the rest radius
  double radius_now = 0.0;   // m, this step's (eased up from any smaller clearance at birth)
  double born_radius = 0.0;  // m
};

// The rifle is HELD: a rigid bar from butt to muzzle whose pistol grip is held by the near
// hand and whose fore-end by the far hand (a hold: the hand on that point of the bar). Held,
// not dropped, because (a) a slung rifle stays with its carrier, and the gear's sling is on
// it, and (b) the get-up (seed 001 section 8) blends every point from the frozen pose back
// into the living one: a rifle lying a metre away would fly back into the hands. Its own two
// particles (not points carried by the hands, 0.25 m apart) give its contacts at the ends a
// long base: a muzzle on the ground does not lever the hands through it.
struct RagdollHold {
  std::uint8_t hand = 0;  // the particle that holds
  // Points on the bar as (a, b) in carried_point's form on (butt, muzzle):
  // Where the hand is held (a pin: the hand is ON it): where it was at birth, which an arm's IK
  // softness leaves a little short of the grip (Tuning::posture.arm_softness). Kept: drawn so
  // by the living figure too, and a hand at full reach could not be pulled onto the grip.
  vec2 at{};
  vec2 point{};       // the rifle's grip (or fore-end) as drawn this step
  vec2 born_point{};  // as born (a rifle seen mid-turn is foreshortened)
  vec2 held{};        // the rifle's own grip or fore-end (anim::place_rifle): both ease to it
};

enum class RagdollBoneId : std::uint8_t {
  spine_lower, spine_upper, neck,
  upper_arm_near, forearm_near, upper_arm_far, forearm_far,
  thigh_near, shank_near, foot_near, thigh_far, shank_far, foot_far,
  rifle,  // butt -> muzzle
  count
};
inline constexpr std::size_t kRagdollBones = static_cast<std::size_t>(RagdollBoneId::count);

enum class RagdollRangeId : std::uint8_t {
  spine, neck, shoulder_near, elbow_near, shoulder_far, elbow_far,
  hip_near, knee_near, ankle_near, hip_far, knee_far, ankle_far,
  count
};
inline constexpr std::size_t kRagdollRanges = static_cast<std::size_t>(RagdollRangeId::count);

// Every particle is a contact (RagdollRadii).
inline constexpr std::size_t kRagdollContacts = kRagdollPoints;

struct RagdollRig {
  int facing = 1;  // +1 faces +x, -1 faces -x: which way knees and elbows bend
  std::array<double, kRagdollPoints> inv_mass{};  // 1 / (share of the body's mass)
  std::array<RagdollBone, kRagdollBones> bones{};
  std::array<RagdollRange, kRagdollRanges> ranges{};
  std::array<RagdollContact, kRagdollContacts> contacts{};
  std::array<RagdollHold, 2> holds{};  // near hand on the grip, far hand on the fore-end
  bool rifle_held = true;              // false: the hands let go and the rifle falls on its own
  // The toe joint on its foot, (a, b) carried by ankle and tip; and the tip on ankle -> toe
  // (the inverse, for the birth).
  vec2 toe_on_foot{};
  vec2 tip_on_foot{};
};

// Where joint `j` is drawn from (the toe from the rig's foot, the rest fixed).
JointOnRagdoll joint_on_ragdoll(const RagdollRig& rig, Joint j);

// The rig of a body of these proportions facing `facing`, with its own lengths, ranges and
// radii (born values equal to them until the birth fills them in). `rifle` gives the held
// rifle's shape (anim::place_rifle).
RagdollRig make_ragdoll_rig(const Proportions& body, int facing, const RagdollTuning& tuning, const RifleSpec& rifle);

// The angle a range measures, rad in (-pi, pi], for particle positions `p`.
double range_angle(const RagdollRange& r, const std::array<vec2, kRagdollPoints>& p);

// A point carried rigidly by two particles: p_i + a e + b perp(e), e = p_j - p_i, perp a
// quarter turn counter-clockwise (RagdollHold's and JointOnRagdoll's form). As a matrix sum
// it is M1 p_i + M2 p_j with M1 = (1 - a) I - b J and M2 = a I + b J (J: the quarter turn).
inline vec2 carried_point(vec2 pi, vec2 pj, double a, double b) {
  const vec2 e = pj - pi;
  return pi + a * e + b * vec2{-e.y, e.x};
}

// Its generalised inverse mass K = w_i |M1|^2 + w_j |M2|^2 (M M^T is a multiple of I, so the
// split below is exact in every direction).
inline double carried_inv_mass(double wi, double wj, double a, double b) {
  return wi * ((1.0 - a) * (1.0 - a) + b * b) + wj * (a * a + b * b);
}

// Moves p_i by w_i M1^T g and p_j by w_j M2^T g: the carried point then moves by K g.
template <class Positions>
void push_carried(Positions& p, std::size_t i, std::size_t j, double wi, double wj, double a, double b, vec2 g) {
  const vec2 jg{-g.y, g.x};
  p[i] += wi * ((1.0 - a) * g + b * jg);
  p[j] += wj * (a * g - b * jg);
}

// Sets a range's cached cosines for the range [lo, hi] (geometric, rad, hi - lo < 2 pi).
void set_range_now(RagdollRange& r, double lo, double hi);

}  // namespace anim
