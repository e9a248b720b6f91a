#pragma once
// The data of one contact-sheet row: one full gait cycle of a soldier at a steady speed,
// recorded every simulation step, and the stills picked from it at evenly spaced phases
// ("Also useful: contact sheets"). It simulates (anim) but draws nothing; it lives beside
// the sheet layout because the sheet is its only user.
#include "anim/character_frame.hpp"
#include "anim/states/posture.hpp"
#include "anim/terrain.hpp"
#include "anim/tuning.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace render {

struct CycleRequest {
  double speed = 1.4;         // m/s, 0..8; below kIdleSpeed the row is an idle window
  int stills = 12;            // stills per cycle, 1..64
  std::uint64_t seed = 0;     // per-step variation seed (Rule 10)
  double dt = 1.0 / 120.0;    // s, the simulation's fixed step
  double settle_time = 4.0;   // s of warm-up before a cycle may start (speed reaches steady)
  int settle_cycles = 2;      // whole cycles run after the warm-up, before the recorded one
  double idle_window = 4.0;   // s shown by an idle row: one breath at 0.25 Hz
  bool aim = false;           // aim at a point (else the relaxed carry)
  double aim_elevation = 0.0; // rad above the horizontal, from the near shoulder, when aiming
  double aim_range = 15.0;    // m from the near shoulder to the aim point
  anim::Stance stance = anim::Stance::stand;  // the posture held (issue 11: crouch walk, kneel, crawl)
  // A change of posture instead of a cycle: settled in `stance` at `speed`, the soldier is
  // asked for `to`; the row is the change as stills evenly spaced in time, from the request
  // until he has settled (sample_transition).
  bool transition = false;
  anim::Stance to = anim::Stance::stand;
};

// Below this requested speed (m/s) there is no gait cycle: the row shows the standing idle.
inline constexpr double kIdleSpeed = 0.05;

struct CycleSample {
  // Every step of the previous cycle, the recorded cycle and the next one, in time order:
  // the neighbours give the trails of stills near the cycle's ends their full context.
  std::vector<anim::CharacterFrame> frames;
  std::size_t cycle_begin = 0;  // first frame of the recorded cycle (just after a phase wrap)
  std::size_t cycle_end = 0;    // one past its last frame (the next wrap)
  // The cycle coordinate of each frame of `frames`, in [0, 1) inside the cycle: the gait
  // phase for a gait, the share of the window for an idle row (extrapolated outside it).
  std::vector<double> u;
  std::vector<std::size_t> stills;  // indices into frames, one per still, u closest to k/N
  bool periodic = true;             // a gait cycle (false: an idle window)
  double speed = 0.0;               // m/s, mean |vx| over the cycle as simulated
  bool aim = false;                 // the row aims (aim_elevation below)
  double aim_elevation = 0.0;       // rad
  std::string label;                // the row's label when it is not a cycle (a change of posture)
};

// Simulates a soldier on flat ground at request.speed and records one full cycle. A gait
// that never completes a cycle within a time limit comes back with no frames (callers
// report it); an idle row always succeeds.
CycleSample sample_cycle(const CycleRequest& request, const anim::Tuning& tuning = {});

// A change of posture (request.transition): from `stance` settled at `speed` to `to`, every
// step from the request until the posture has settled (and a little after), the stills
// evenly spaced in time. Comes back with no frames if it never settles within a time limit.
CycleSample sample_transition(const CycleRequest& request, const anim::Tuning& tuning = {});

// The frames of the recorded cycle alone.
std::vector<anim::CharacterFrame> cycle_frames(const CycleSample& s);

}  // namespace render
