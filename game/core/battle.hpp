#pragma once
// The battle level (issue 14: `soldier play --soldiers N` on a level with `battle = true`):
// two opposing lines, team 0 from the left and team 1 from the right, advance, each man
// stops at his place behind a crate of his side's cover line and crouches (the men nearest
// the crate) or kneels behind it, aims at the other line and fires at moments of his own.
// The least team behaviour that makes a thousand soldiers a battle: no pathing, no targets
// chosen, no one hit. Deterministic: the plan depends on the count and the seed alone, the
// orders on the plan, the frames and the step. Window-free, tested alone (tests/test_battle.cpp).
//
// In the side view every man of a side walks the same ground line, so a crate in his way
// would stop him: each crate shelters a group of men who start in the open behind it, in
// front of the next crate back, and advance onto their places (stood in depth, the renderer's
// ranks overlapping them), so no man has to pass a crate to reach his own.
#include "anim/character.hpp"
#include "anim/terrain.hpp"
#include "game/core/scenario.hpp"
#include "game/core/squad.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace game {

struct BattleTuning {
  double front = 3.0;          // m from x = 0 to each side's front crate (the gap between the lines' cover)
  double crate_pitch = 8.0;    // m from one crate of a side to the next back
  double crate_width = 1.2;    // m: a stack of ammunition crates
  double crate_height = 0.9;   // m: above a crouched man's helmet (~0.85 m), below a kneeling
                               // man's aimed rifle (~1.0-1.1 m): cover that he can fire over
  int men_per_crate = 16;      // men sheltered by one crate
  double slot_depth = 0.14;    // m between neighbouring men's places behind a crate (stood in depth)
  double cover_gap = 0.9;      // m: the man nearest the crate stops this far from it: beyond the
                               // obstacle moves' trigger (ObstacleTuning::trigger_distance 0.75 m),
                               // so walking up to his cover never vaults it
  int crouched = 4;            // the men nearest the crate crouch behind it; the rest kneel
  double approach = 3.5;       // m each man advances from his start to his place
  double advance_speed = 1.4;  // m/s: a walk with the rifle up
  double first_shot = 0.8;     // s after he is in place, at the earliest, he fires
  double fire_period = 1.8;    // s between a man's shots, on average
  double fire_jitter = 0.8;    // s: each interval varies by up to this either way (his own moments)
  double aim_height = 1.0;     // m above the ground: where the other line's men are
};

// One man's orders, fixed at the start.
struct BattleMan {
  double place_x = 0.0;   // world m: where he stops
  double enemy_x = 0.0;   // world m: the other line's cover he aims at
  anim::Stance cover = anim::Stance::crouch;
};

struct BattlePlan {
  std::vector<anim::CharacterSpec> specs;  // team 0 first, then team 1
  std::vector<BattleMan> men;              // per soldier
  std::vector<anim::Box> crates;           // both sides' cover, to add to the level's terrain
};

// The plan for `soldiers` (clamped to 2..1000; an odd one joins team 0), seeded from `seed`.
BattlePlan plan_battle(int soldiers, std::uint64_t seed, const BattleTuning& tuning = {});

// `level` with the plan's crates added to its boxes and its men as its soldiers: what the
// window plays, and what a recording of it replays.
Scenario battle_level(const Scenario& level, const BattlePlan& plan);

// What lasts between steps for one man (STYLE.md 1: the caller owns it).
struct BattleState {
  FollowerState follow;      // the approach to his place (squad.hpp follow_vx)
  bool in_place = false;     // reached his place: he stays there
  double next_shot = -1.0;   // s of battle time, < 0: not in place yet
  int shots = 0;
};

// This step's intents, one per man, at battle time `t` (s since the start). `states` is
// resized to the plan on the first call.
std::vector<anim::Intent> battle_intents(const BattlePlan& plan, std::vector<BattleState>& states,
                                         std::span<const anim::CharacterFrame> frames, const anim::Terrain& terrain,
                                         double t, std::uint64_t seed, const BattleTuning& tuning = {});

}  // namespace game
