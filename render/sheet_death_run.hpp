#pragma once
// The data of one row of the death contact sheet (`contact-sheet --death`, issue 13): a
// soldier stands, walks or runs, is killed with an impulse (Rule 7b: the ragdoll born on his
// pose), lies until he is still, gets up (seed 001 section 8) and stands; every simulation
// step kept and the stills picked evenly in TIME from the death to the stand. Simulates
// (anim), draws nothing.
#include "anim/character_frame.hpp"
#include "anim/tuning.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace render {

struct DeathRunRequest {
  double speed = 0.0;          // m/s along +x before the death, 0..8
  anim::vec2 impulse{};        // m/s at the chest, world (Intent::die_impulse)
  int stills = 12;             // 1..64
  std::uint64_t seed = 0;      // per-step variation seed (Rule 10)
  double dt = 1.0 / 120.0;     // s, the simulation's fixed step
  double live_time = 2.0;      // s alive before the death (a steady gait by then)
  double still_time = 0.5;     // s the body must lie still (no joint moving 0.5 mm a step) before he gets up
  double max_down = 8.0;       // s: he gets up by then even if still moving
  double stand_time = 0.5;     // s of the stand kept after the get-up
};

struct DeathRun {
  std::vector<anim::CharacterFrame> frames;  // every step from the death on
  std::vector<std::size_t> stills;           // indices into frames, evenly in time
  DeathRunRequest request;
  double rest_at = 0.0;     // s after the death when he lay still
  double get_up_at = 0.0;   // s after the death when the get-up began
  double stood_at = 0.0;    // s after the death when he stood again
  double worst_step = 0.0;  // m, the largest move of any joint in one step of the get-up (a pop shows here)
};

DeathRun sample_death_run(const DeathRunRequest& request, const anim::Tuning& tuning = {});

}  // namespace render
