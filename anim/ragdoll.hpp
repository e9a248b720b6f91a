#pragma once
// A death is a simulation (Rule 7b): a verlet ragdoll born on the joints of the pose he died
// in, with that pose's velocities, so a running man keeps running into his fall. Bones are
// distance constraints, knees and elbows bend one way and the spine and neck stay in human
// range (anim/ragdoll_rig), and the ground, its slopes and the boxes are constraints INSIDE
// the relaxation loop, with friction (anim/ragdoll_contact). Fixed sub-steps and a fixed
// number of passes: the same birth and steps give the same bits.
//
// The caller owns the Ragdoll (STYLE.md 1): make_ragdoll() once at the death, then
// step_ragdoll() every fixed step; ragdoll_joints() and ragdoll_rifle() are what the living
// body's figure draws (render/figure). push_ragdoll() is a later hit.
#include "anim/character_frame.hpp"
#include "anim/ragdoll_bone_solve.hpp"
#include "anim/ragdoll_contact.hpp"
#include "anim/ragdoll_rest.hpp"
#include "anim/ragdoll_rig.hpp"
#include "anim/ragdoll_verlet.hpp"
#include "anim/ragdoll_tuning.hpp"
#include "anim/rifle.hpp"
#include "anim/terrain.hpp"

#include <vector>

namespace anim {

// The pose he died in, and the blow that killed him.
struct RagdollBirth {
  Proportions body{};               // the body's size (CharacterFrame::body_size)
  int facing = 1;                   // +1 faces +x, -1 faces -x (CharacterFrame::body.sign())
  JointPositions joints{};          // world m: the last living frame's joints
  JointPositions joint_velocity{};  // world m/s: each joint's velocity then (joint_velocities())
  RiflePoints rifle{};              // world m, as held
  RiflePoints rifle_velocity{};     // world m/s (joint_velocities' rifle form); only butt and muzzle are read
  RifleSpec rifle_spec{};           // the rifle's shape (Tuning::rifle)
  vec2 impulse{};                   // m/s, the velocity change at the chest (push_ragdoll)
};

// Each joint's velocity from two frames `dt` seconds apart, m/s; 0 where either is not finite
// or dt is not positive.
JointPositions joint_velocities(const JointPositions& before, const JointPositions& now, double dt);
RiflePoints rifle_velocities(const RiflePoints& before, const RiflePoints& now, double dt);

// What a step starts from and ends with, besides the rig and the inputs: a step is a function of
// these, the settled rig and its inputs (dt, the tuning, the terrain near the body).
struct RagdollStepState {
  RagdollPositions position{};
  RagdollPositions previous{};
  std::array<ContactTouch, kRagdollContacts> touch{};
  std::uint32_t factored = 0;  // BoneSolveCache::factored: with none made between, the kept factors are the same
};

// The states the last steps went through, each the next one's start, and the inputs they all
// had: a step that starts from one of them again, with the same inputs, ends in the state that
// followed it then (step_ragdoll). Most bodies at rest come back to a state of theirs within a
// few steps, to the bit, going round a cycle of its last bits: measured on bench_ragdoll's 100
// falls awake, of 60000 steps 9% start where the step before did (still), 36% where one of the
// last 8 did, 48% of the last 12, 56% of the last 24; 54% are recalled (a body remembers only
// while slower than rest_speed). Some go round longer cycles: with the last 48 kept, 59% are
// recalled, and the 100 falls take 7.6% fewer instructions than with 24 (callgrind; 32: 2.1%,
// 64: 8.1%). The ring is made at the first step of a settled, slow body (a living soldier's
// Ragdoll carries none), 44 kB. The inputs are compared by value (a NaN in the tuning is equal
// to nothing: never recalled).
inline constexpr std::size_t kRecalledSteps = 48;
struct RagdollStepMemory {
  static constexpr std::size_t kRing = kRecalledSteps + 1;
  std::vector<RagdollStepState> state;  // a ring of kRing (or empty)
  std::array<std::uint64_t, kRing> hash{};  // of each state (a cheap first test; a match is compared bit for bit)
  std::uint8_t newest = 0;  // the chain's end: each state from its oldest to here is the step of the one before
  std::uint8_t now = 0;     // where the body is in it: going round a cycle it kept, its states are read, not written
  std::uint8_t count = 0;   // how many states the chain has (0: none)
  double dt = 0.0;         // s
  RagdollTuning tuning{};
  NearbyTerrain nearby;
  bool recalled = false;   // the last step was recalled, not computed
};

// The state of one ragdoll between steps, owned by the caller.
struct Ragdoll {
  RagdollRig rig{};
  const BoneSolvePlan* plan = &shared_bone_solve_plan();  // the bone solve's fixed pattern
  RagdollPositions position{};  // world m
  RagdollPositions previous{};  // world m: the position a sub-step ago (verlet's velocity)
  double substep_before = 1.0 / 120.0;  // s, the length of the last sub-step (previous's age)
  // Birth offsets that ease out over the settle (RagdollTuning::settle_time): where each
  // joint was against the particles it is drawn from (the hips and shoulders of a body born
  // mid-turn, which the side view puts on the pelvis and the spine).
  JointPositions joint_offset{};
  double age = 0.0;         // s since birth
  double settle = 1.0;      // 1 at birth .. 0 settled: the share of the born values still held
  double top_speed = 0.0;   // m/s, the fastest particle at the end of the last step
  RestClock rest{};         // rest.at_rest: still for rest_time (seed 001 section 8 may get him up)
  bool asleep = false;      // at rest and not stepped (RagdollTuning::sleep) until pushed
  bool face_up = false;     // lying on his back (with hysteresis); else face down
  std::array<ContactTouch, kRagdollContacts> touch{};  // the last sub-step's contact pushes (friction's bound)
  NearbyTerrain nearby;     // scratch: the terrain near the body, gathered every step
  BoneSolveCache solve_cache{};  // the bone solve's kept factors (a body at rest reuses them)
  RagdollStepMemory memory;      // the last steps' states (step_ragdoll recalls a step seen before)
};

// A ragdoll born on `birth`'s pose and velocities, then given its impulse. Non-finite joints
// are taken as the pelvis (or the origin), non-finite velocities as 0, speeds capped. The
// born joints are exactly the pose's: nothing moves until the first step.
Ragdoll make_ragdoll(const RagdollBirth& birth, const RagdollTuning& tuning, const Terrain& terrain);

// A velocity change at the chest, m/s, falling off with the distance from it (RagdollTuning
// ::impulse_falloff). It changes the PREVIOUS positions, never the positions (Rule 7b: setting
// the position would teleport the body and leave it still). Wakes a sleeping body. A
// non-finite impulse is none; a huge one is clamped to max_impulse.
void push_ragdoll(Ragdoll& r, vec2 impulse, const RagdollTuning& tuning);

// One fixed step of dt seconds (ceil(dt / max_substep) sub-steps of `iterations` passes).
// dt <= 0 or not finite does nothing; a longer dt than max_step is simulated as max_step.
// A step is a function of the body's state and its inputs (RagdollStepState): one that starts
// from a state one of the last kRecalledSteps steps started from, every bit of it, with the
// same inputs, ends where that one did, and is recalled instead of computed (a body at a fixed
// point of the step, or going round a short cycle of its last bits, as most bodies at rest do).
// That is neither a sleep nor a tolerance: the bits are those of computing it (bench_ragdoll
// measures bodies awake).
void step_ragdoll(Ragdoll& r, double dt, const Terrain& terrain, const RagdollTuning& tuning);

// What the figure draws: every joint (the hips on the pelvis, the shoulders on the spine, as
// the living body), the held rifle, and where the face looks (the skull's front).
JointPositions ragdoll_joints(const Ragdoll& r);
RiflePoints ragdoll_rifle(const Ragdoll& r);
vec2 ragdoll_gaze(const Ragdoll& r);

// The worst bone error now, as a share of that bone's length (0.02 is the bar).
double ragdoll_bone_drift(const Ragdoll& r);

// The trunk's front against world up: +1 lying on his back, -1 on his face (the sine of the
// front's elevation). The face_up decision is this with hysteresis.
double ragdoll_front_up(const Ragdoll& r);

}  // namespace anim
