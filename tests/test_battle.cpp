// The battle level's behaviour (issue 14, game/core/battle.hpp): two lines advance, every man
// reaches his place behind a crate of his side's cover, crouched or kneeling as planned, and
// fires at the other line, the same on every run of the same seed.
#include "game/core/battle.hpp"
#include "game/core/play_session.hpp"
#include "game/core/scenario.hpp"
#include "game/core/world.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <variant>
#include <vector>

namespace {

constexpr double kDt = 1.0 / 120.0;

struct Run {
  game::BattlePlan plan;
  anim::Terrain terrain;
  std::vector<game::BattleState> states;
  std::vector<anim::CharacterFrame> start, end;
  std::vector<int> recoils;  // per man: steps on which a new shot began (since_shot back to 0)
};

Run run_battle(int soldiers, std::uint64_t seed, double seconds) {
  Run r;
  r.plan = game::plan_battle(soldiers, seed);
  r.terrain.boxes = r.plan.crates;
  game::World world(r.terrain, r.plan.specs);
  r.start.assign(world.frames().begin(), world.frames().end());
  r.recoils.assign(world.size(), 0);
  const int steps = static_cast<int>(std::lround(seconds / kDt));
  for (int k = 0; k < steps; ++k) {
    const std::vector<anim::Intent> in =
        game::battle_intents(r.plan, r.states, world.frames(), world.terrain(), k * kDt, seed);
    world.step(in, kDt);
    for (std::size_t i = 0; i < world.size(); ++i)
      if (in[i].fire && world.frames()[i].since_shot >= 0.0 && world.frames()[i].since_shot < 1.5 * kDt) ++r.recoils[i];
  }
  r.end.assign(world.frames().begin(), world.frames().end());
  return r;
}

}  // namespace

TEST_CASE("the plan: two facing lines, each man behind a crate of his side, none with a crate to pass") {
  const game::BattlePlan plan = game::plan_battle(40, 7);
  REQUIRE(plan.specs.size() == 40);
  REQUIRE(plan.men.size() == 40);
  for (std::size_t i = 0; i < plan.specs.size(); ++i) {
    const anim::CharacterSpec& s = plan.specs[i];
    const game::BattleMan& m = plan.men[i];
    CAPTURE(s.id);
    const double toward = s.team == 0 ? 1.0 : -1.0;
    CHECK(s.facing == static_cast<int>(toward));
    CHECK((m.place_x - s.x) * toward > 3.0);   // he advances toward the enemy
    CHECK((m.enemy_x - m.place_x) * toward > 0.0);
    int between_start_and_place = 0, just_ahead = 0;
    for (const anim::Box& b : plan.crates) {
      const double lo = std::min(s.x, m.place_x), hi = std::max(s.x, m.place_x);
      if (b.x + b.width > lo && b.x < hi) ++between_start_and_place;
      const double near_face = toward > 0 ? b.x : b.x + b.width;
      const double ahead = (near_face - m.place_x) * toward;
      if (ahead > 0.75 && ahead < 3.2) ++just_ahead;  // beyond the vault trigger, within his group
    }
    CHECK(between_start_and_place == 0);
    CHECK(just_ahead == 1);  // his cover, within a few steps ahead of his place
  }
}

TEST_CASE("the lines advance, every man reaches his cover crouched or kneeling, and fires") {
  const Run r = run_battle(40, 11, 9.0);
  for (std::size_t i = 0; i < r.end.size(); ++i) {
    const game::BattleMan& m = r.plan.men[i];
    const anim::CharacterFrame& f = r.end[i];
    CAPTURE(r.plan.specs[i].id);
    const double toward = r.plan.specs[i].team == 0 ? 1.0 : -1.0;
    CHECK((f.x - r.start[i].x) * toward > 3.0);           // advanced
    CHECK(std::abs(f.x - m.place_x) < 0.3);               // at his place behind the crate
    CHECK(std::abs(f.vx) < 0.1);                          // and stopped there
    CHECK(r.states[i].in_place);
    CHECK(f.state == (m.cover == anim::Stance::crouch ? anim::State::crouch : anim::State::kneel));
    CHECK(r.states[i].shots >= 2);                        // fired, more than once
    CHECK(r.recoils[i] >= 2);                             // and the rifle kicked each time
    CHECK(f.body.sign() == static_cast<int>(toward));     // facing the other line
  }
}

TEST_CASE("the battle is the same on every run of a seed, and another seed changes the men's moments") {
  const Run a = run_battle(12, 3, 5.0), b = run_battle(12, 3, 5.0), c = run_battle(12, 4, 5.0);
  bool other = false;
  for (std::size_t i = 0; i < a.end.size(); ++i) {
    CHECK(a.end[i].x == b.end[i].x);
    CHECK(a.end[i].joints[anim::index(anim::Joint::head)].y == b.end[i].joints[anim::index(anim::Joint::head)].y);
    CHECK(a.states[i].next_shot == b.states[i].next_shot);
    other = other || a.states[i].next_shot != c.states[i].next_shot;
  }
  CHECK(other);
}

TEST_CASE("battle = true is a level's key: the window's two lines advance and fire; a scenario rejects it") {
  const std::string level_text = "seed = 5\nbattle = true\n[world]\nground = [[-100.0, 0.0], [100.0, 0.0]]\n";
  const game::ScenarioResult parsed = game::parse_scenario_text(level_text, "battle.toml", game::kLevelOptions);
  REQUIRE(std::holds_alternative<game::Scenario>(parsed));
  const game::Scenario& level = std::get<game::Scenario>(parsed);
  CHECK(level.battle);
  // Not a scenario's (trace and render have inputs for that), nor beside a level's own soldiers.
  CHECK(std::holds_alternative<game::ScenarioError>(
      game::parse_scenario_text("duration = 1\nbattle = true\n[[soldier]]\nid = \"a\"\n", "s.toml")));
  CHECK(std::holds_alternative<game::ScenarioError>(
      game::parse_scenario_text("battle = true\n[[soldier]]\nid = \"a\"\n", "l.toml", game::kLevelOptions)));

  game::PlaySession session(level, 10, anim::Tuning{});
  REQUIRE(session.world().size() == 10);
  CHECK(session.world().terrain().boxes.size() == 2);  // a crate for each side's five men
  std::vector<double> start;
  for (const anim::CharacterFrame& f : session.frames()) start.push_back(f.x);
  const game::ViewSize view{640, 360, 1.0};
  for (int frame = 0; frame < 60 * 8; ++frame)  // 8 s at 60 Hz, no input: the battle drives them all
    session.update(game::PlayInput{}, 1.0 / 60.0, frame / 60.0, view);
  for (std::size_t i = 0; i < start.size(); ++i) {
    const anim::CharacterFrame& f = session.frames()[i];
    CAPTURE(session.id(i));
    CHECK((f.x - start[i]) * (f.team == 0 ? 1.0 : -1.0) > 3.0);
    CHECK((f.state == anim::State::crouch || f.state == anim::State::kneel));
    CHECK(f.since_shot >= 0.0);  // he has fired
  }
}
