#pragma once
// Every bone, both hands' holds on the rifle and every joint past its range solved AT ONCE
// (one Newton step of all those constraints together), instead of one after another. A chain
// of light limbs between heavy bodies, hit by the ground, is what Gauss-Seidel relaxation
// converges on slowly (each pass moves a correction one link along; Mueller et al., "Position
// Based Dynamics", 2007, section 3.5): measured here, a falling body stretched its arms and
// feet by 5-20% at 8 passes a step, and a joint range relaxed on its own fought the bones to a
// standstill, both wrong, at rest. Solved together they hold to the second order of the step.
//
// The constraints C (a bone's length minus its rest; a hold's hand minus its point, in x and
// y; a joint's angle past the end of its range) are linearised and J W J^T lambda = -C is
// solved for the multipliers, then every particle moves by W J^T lambda (Baraff, "Linear-Time
// Dynamics using Lagrange Multipliers", SIGGRAPH 1996, does the same on a tree). J W J^T is
// sparse (a row meets only the rows at its particles), so an LDL^T in a fixed elimination
// order, fewest neighbours first, fills in a few entries only: the pattern is worked out once
// per rig (make_bone_solve_plan) and a solve only does arithmetic on the rows that take part.
//
// A particle on the ground is held along the ground's normal while the bones are solved (its
// W is w (I - n n^T)): the solve moves the rest of the body off it instead of it into the
// ground, which is what the ground's own constraint row would do, eliminated in advance.
#include "anim/ragdoll_rig.hpp"

#include <array>
#include <cstdint>

namespace anim {

// The rows: the bones, each hold's x and y, and a brace for each joint range (active while the
// joint is past its range: its angle back to the range's end).
inline constexpr std::size_t kBoneRows = kRagdollBones + 4 + kRagdollRanges;
inline constexpr std::size_t kRowPoints = 4;                   // particles one row depends on, at most

// The fixed part of the solve for one rig: which particles each row moves, the elimination
// order and the pattern of the factor.
struct BoneSolvePlan {
  std::array<std::array<std::uint8_t, kRowPoints>, kBoneRows> point{};  // particles of each row
  std::array<std::uint8_t, kBoneRows> points{};                         // how many of them
  std::array<std::uint8_t, kBoneRows> order{};                          // elimination order: row of step k
  std::array<std::uint8_t, kBoneRows> position{};                       // its inverse: step of row r
  // Below-diagonal pattern of L in elimination order: the rows below step k that step k
  // updates, ascending.
  std::array<std::array<std::uint8_t, kBoneRows>, kBoneRows> below{};
  std::array<std::uint8_t, kBoneRows> below_count{};
  // The entries of J W J^T, in elimination order (i >= j): pairs of rows that share a
  // particle, with the slot of that particle in each row.
  struct Entry { std::uint8_t i, j, slot_i, slot_j, point; };
  std::array<Entry, 384> entries{};
  std::uint16_t entry_count = 0;
  std::uint16_t fixed_entries = 0;  // the first ones: between rows that are always there (bones, holds)
  std::uint32_t brace_steps = 0;    // the steps that are braces (present only past a joint's range)
};

BoneSolvePlan make_bone_solve_plan(const RagdollRig& rig);

// The plan every rig shares: it depends only on which particles each bone, hold and range
// joins, the same in every rig (anim/ragdoll_rig), never on the body's size or facing. Made
// once; 3 kB a ragdoll fewer to pull through the cache each step (bench_ragdoll's 1000).
const BoneSolvePlan& shared_bone_solve_plan();

// How a particle may move in the solve: its inverse mass w, and the normal along which it is
// held (locked = 1) or whether it is held in both directions (locked = 2, a corner).
struct PointMobility {
  double w = 0.0;
  vec2 normal{0.0, 1.0};
  std::uint8_t locked = 0;
  // Out, added up over the solves: how far the solve would have moved it into the surface had
  // it not been held, m (>= 0): the load the ground carried, which bounds its friction.
  double pressed = 0.0;
  // Out, the last solve's: where the solve would have moved it had it not been held at all, m
  // (its constraints' push on it, w J^T lambda): into the surface it presses (what friction may
  // hold), out of it it pulls, along it it drags (anim/ragdoll_contact: contact_hold).
  vec2 demand{0.0, 0.0};
  // How the contact holds it, set by the contacts (anim/ragdoll_contact): stuck (held both
  // ways by static friction) or on a corner (two surfaces); locked = 2 either way.
  bool stuck = false;
  bool corner = false;
};

// The factored matrix of the last solve, kept for the next Newton steps of the same sub-step
// (a chord step: the matrix of the first step, the errors of now), scratch the caller owns.
struct BoneSolveScratch {
  bool valid = false;
  std::uint32_t active = 0;  // the rows that took part, in elimination order
  std::array<PointMobility, kRagdollPoints> mobility{};
  double a[kBoneRows][kBoneRows];  // L below the diagonal (only the pattern's entries are read)
  double diag[kBoneRows];
  std::uint8_t rows[kBoneRows][kBoneRows];  // per step: its active rows below
  std::uint8_t counts[kBoneRows];
  vec2 grad[kBoneRows][kRowPoints];
  vec2 wg[kBoneRows][kRowPoints];
};

// One Newton step of every bone (to its rest length), every hold (hand onto its point) and
// every joint past its range (back to the range's end). With `reuse`, the matrix factored by
// the last call is used again when nothing it depends on changed but the positions (a chord
// step, a third of the price); `scratch` keeps it.
void solve_bones(const RagdollRig& rig, const BoneSolvePlan& plan, std::array<vec2, kRagdollPoints>& p,
                 std::array<PointMobility, kRagdollPoints>& mobility, BoneSolveScratch& scratch, bool reuse);

}  // namespace anim
