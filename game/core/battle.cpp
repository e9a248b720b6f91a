#include "game/core/battle.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace game {
namespace {

// A number in [0, 1) from the seed, the man and his shot (splitmix64, as soldier_seed).
double unit_hash(std::uint64_t seed, std::size_t man, int shot) {
  std::uint64_t z = soldier_seed(seed ^ (0x5851F42D4C957F2Dull * (static_cast<std::uint64_t>(shot) + 1)), man);
  return static_cast<double>(z >> 11) * (1.0 / 9007199254740992.0);
}

}  // namespace

BattlePlan plan_battle(int soldiers, std::uint64_t seed, const BattleTuning& t) {
  BattlePlan plan;
  const int n = std::clamp(soldiers, 2, static_cast<int>(limits::kMaxSoldiers));
  const int per = std::max(1, t.men_per_crate);
  const int side_count[2] = {(n + 1) / 2, n / 2};
  for (int team = 0; team < 2; ++team) {
    // Team 0 on the left facing +x; team 1 mirrored. `toward` points at the enemy.
    const double toward = team == 0 ? 1.0 : -1.0;
    const int crates = (side_count[team] + per - 1) / per;
    for (int k = 0; k < crates; ++k) {
      // The crate's face on his side, `front + width + k * pitch` from the middle.
      const double face = -toward * (t.front + t.crate_width + k * t.crate_pitch);
      const double left = team == 0 ? face : face - t.crate_width;
      plan.crates.push_back({left, t.crate_width, t.crate_height});
    }
    for (int j = 0; j < side_count[team]; ++j) {
      const int k = j / per, slot = j % per;
      const double face = -toward * (t.front + t.crate_width + k * t.crate_pitch);
      BattleMan man;
      man.place_x = face - toward * (t.cover_gap + slot * t.slot_depth);
      man.enemy_x = toward * (t.front + t.crate_width + k * t.crate_pitch);  // his opposite number's crate
      man.cover = slot < t.crouched ? anim::Stance::crouch : anim::Stance::kneel;
      const std::size_t i = plan.specs.size();
      anim::CharacterSpec spec;
      spec.id = std::string(team == 0 ? "l" : "r") + std::to_string(j);
      spec.x = man.place_x - toward * t.approach;
      spec.facing = static_cast<int>(toward);
      spec.team = static_cast<std::uint8_t>(team);
      spec.seed = soldier_seed(seed, i);
      // Heights 1.66-1.90 m, and every 9th man the radioman, every 7th the gunner.
      spec.height = 1.66 + 0.24 * unit_hash(seed, i, -1);
      spec.role = j % 9 == 4 ? anim::Role::radioman : (j % 7 == 3 ? anim::Role::gunner : anim::Role::rifleman);
      plan.specs.push_back(spec);
      plan.men.push_back(man);
    }
  }
  return plan;
}

Scenario battle_level(const Scenario& level, const BattlePlan& plan) {
  Scenario out = level;
  out.terrain.boxes.insert(out.terrain.boxes.end(), plan.crates.begin(), plan.crates.end());
  out.soldiers.clear();
  for (const anim::CharacterSpec& spec : plan.specs) {
    SoldierScript s;
    s.spec = spec;
    out.soldiers.push_back(std::move(s));
  }
  return out;
}

std::vector<anim::Intent> battle_intents(const BattlePlan& plan, std::vector<BattleState>& states,
                                         std::span<const anim::CharacterFrame> frames, const anim::Terrain& terrain,
                                         double t, std::uint64_t seed, const BattleTuning& tuning) {
  states.resize(plan.men.size());
  FollowTuning follow;  // the squad's approach: brakes to a stop at his place, with hysteresis
  follow.max_speed = tuning.advance_speed;
  std::vector<anim::Intent> out(std::min(plan.men.size(), frames.size()));
  for (std::size_t i = 0; i < out.size(); ++i) {
    const BattleMan& man = plan.men[i];
    BattleState& s = states[i];
    anim::Intent& in = out[i];
    in.has_aim = true;
    in.aim_world = {man.enemy_x, terrain.ground_at(man.enemy_x) + tuning.aim_height};
    if (!s.in_place) {
      in.vx_desired = follow_vx(s.follow, frames[i].x, man.place_x, 0.0, follow);
      // In place once his approach has stopped him at it (follow_vx's stop band).
      if (!s.follow.moving && std::abs(frames[i].x - man.place_x) < follow.start_band && std::abs(frames[i].vx) < 0.05) {
        s.in_place = true;
        s.next_shot = t + tuning.first_shot + tuning.fire_period * unit_hash(seed, i, 0);
      }
    }
    if (!s.in_place) continue;
    in.vx_desired = follow_vx(s.follow, frames[i].x, man.place_x, 0.0, follow);  // holds his place
    in.stance = man.cover;
    if (t >= s.next_shot) {
      in.fire = true;
      ++s.shots;
      const double jitter = (2.0 * unit_hash(seed, i, s.shots) - 1.0) * tuning.fire_jitter;
      s.next_shot = t + std::max(0.2, tuning.fire_period + jitter);
    }
  }
  return out;
}

}  // namespace game
