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
inline constexpr std::size_t kFactorEntries = 160;  // >= L's pattern entries below the diagonal (155; make_bone_solve_plan checks)

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
  // Then each brace step's own entries (those with a brace, owned by the later brace of two):
  // entries[brace_first[k], + brace_count[k]), so a solve adds only the braces that take part.
  std::array<std::uint16_t, kBoneRows> brace_first{};
  std::array<std::uint16_t, kBoneRows> brace_count{};
  // Where step k's column of L starts in a BoneFactor's `lower` (below_count[k] entries).
  std::array<std::uint16_t, kBoneRows> below_first{};
  // L by rows, as a BoneFactor keeps it (both triangular solves walk the rows that take part,
  // and read their entries in order): row i's entries left of the diagonal are lower[j] in
  // column row_column[j], j from row_first[i], row_count[i] of them, ascending by column.
  std::array<std::uint16_t, kBoneRows> row_first{};
  std::array<std::uint8_t, kBoneRows> row_count{};
  std::array<std::uint8_t, kFactorEntries> row_column{};
  // Where the factorisation, which makes L a column at a time, puts each entry: column k's
  // x-th entry below the diagonal (at below_first[k] + x) goes to lower[row_slot[that]].
  std::array<std::uint16_t, kFactorEntries> row_slot{};
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

// A factored matrix, kept between solves: L's pattern entries and D, compact (a tenth of the
// dense matrix, so a thousand bodies' factors stay in the cache) and in single precision: a
// chord step's matrix is an approximation to begin with (reused, it is off by ~1e-3), which a
// float's 6e-8 does not change; the errors and the step stay double. Also what it was
// factored for. A row that did not take part has 0 in L and 1 in D, so the solves need not ask.
struct BoneFactor {
  bool valid = false;
  bool fresh = false;        // factored in this sub-step (begin_bone_substep clears it)
  std::uint32_t active = 0;  // the rows that took part, in elimination order
  // Each particle's hold (PointMobility::locked) as two sets of particles, so a lookup
  // compares two words before any normal: held along its normal (1), held both ways (2).
  std::uint16_t held_along = 0;
  std::uint16_t held_both = 0;
  static_assert(kRagdollPoints <= 16);
  std::array<vec2, kRagdollPoints> normal{};
  std::array<vec2, kRagdollPoints> at{};  // world m: the positions it was factored at
  float inv_diag[kBoneRows];
  float lower[kFactorEntries];  // by rows: row i at BoneSolvePlan::row_first[i]
};

// The factors a body keeps between solves, owned by the Ragdoll, the oldest replaced first.
// Several, because a body at rest goes through the same few sets of holds within every
// sub-step (a light contact the solve pulls off is let go, then caught again by the ground at
// the next sub-step; measured on bench_ragdoll's falls: two, sometimes three, a few bodies
// four): with one, it would be factored two or three times every sub-step for matrices that do
// not change. Four, because with three the bodies at rest among bench_ragdoll's 100 falls
// (97%) still made 0.22-0.25 factors a step, those going round four sets of holds anew every
// time (and a step that makes a factor is never recalled, RagdollStepMemory), with four
// 0.04-0.07: 12.6% fewer instructions in all (callgrind); six are only 1.7% fewer than four,
// for 2.6 kB more a body.
inline constexpr std::size_t kKeptFactors = 4;
struct BoneSolveCache {
  std::array<BoneFactor, kKeptFactors> slot{};
  std::uint8_t newest = 0;
  std::uint32_t factored = 0;  // factors made so far (wraps): none made, the cache is as it was
};

// The directions a factor was made with (J), kept for the rest of the sub-step it
// was made in, one per BoneSolveCache slot: within the sub-step a chord step moves along them
// (a true chord step; measured on bench_ragdoll's 1000 falls, the directions of now with the
// matrix of then let an impact strain a bone 5.7% where these hold it to 0.9%). Across
// sub-steps, where the factor is reused only near where it was made, the directions of now.
// Scratch, on the caller's stack.
struct BoneSolveScratch {
  vec2 grad[kKeptFactors][kBoneRows][kRowPoints];
};

// A new sub-step: the kept factors are reused from now on only near where they were made.
void begin_bone_substep(BoneSolveCache& cache);

// One Newton step of every bone (to its rest length), every hold (hand onto its point) and
// every joint past its range (back to the range's end). A kept factor with the same holds and
// rows is used again (a chord step: that matrix and the errors of now, a third of the price)
// when it was made in this sub-step (its directions, BoneSolveScratch) or no particle has moved
// `reuse_travel` m since (the directions of now; the matrix then differs by the bones' turn,
// ~travel / length); else the matrix is factored and kept.
void solve_bones(const RagdollRig& rig, const BoneSolvePlan& plan, std::array<vec2, kRagdollPoints>& p,
                 std::array<PointMobility, kRagdollPoints>& mobility, BoneSolveCache& cache, BoneSolveScratch& scratch,
                 double reuse_travel);

}  // namespace anim
