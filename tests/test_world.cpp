// The fixed-step world of game/core: the step count and times of simulate(), the trace
// header against anim's joint names, and determinism in-process (STYLE.md 7).
#include "game/core/scenario.hpp"
#include "game/core/trace_writer.hpp"
#include "game/core/world.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

game::Scenario load(const std::string& name) {
  game::ScenarioResult r = game::parse_scenario_file(std::string(SOLDIER_SOURCE_DIR) + "/assets/scenarios/" + name);
  if (const auto* e = std::get_if<game::ScenarioError>(&r)) FAIL(e->message);
  return std::get<game::Scenario>(std::move(r));
}

// The whole trace of a scenario as text, written through a memory stream.
std::string trace_of(const game::Scenario& s) {
  char* buffer = nullptr;
  std::size_t size = 0;
  std::FILE* mem = open_memstream(&buffer, &size);
  std::vector<std::string> ids;
  for (const auto& soldier : s.soldiers) ids.push_back(soldier.spec.id);
  game::TraceWriter writer(mem, ids);
  writer.header();
  game::simulate(s, [&](const game::SimStep& step, std::span<const anim::CharacterFrame> frames) {
    writer.rows(step.t, frames);
    return true;
  });
  std::fclose(mem);
  std::string text(buffer, size);
  std::free(buffer);
  return text;
}

}  // namespace

TEST_CASE("simulate runs duration / dt steps, at times index * dt") {
  const game::Scenario s = load("walk_short.toml");
  CHECK(game::step_count(s) == 120);
  std::int64_t steps = 0;
  double last_t = 0.0;
  game::simulate(s, [&](const game::SimStep& step, std::span<const anim::CharacterFrame> frames) {
    ++steps;
    CHECK(step.index == steps);
    CHECK(frames.size() == 1);
    last_t = step.t;
    return true;
  });
  CHECK(steps == 120);
  CHECK(last_t == doctest::Approx(1.0));
}

TEST_CASE("simulate stops when the callback says so") {
  const game::Scenario s = load("walk.toml");
  std::int64_t steps = 0;
  game::simulate(s, [&](const game::SimStep& step, std::span<const anim::CharacterFrame>) {
    ++steps;
    return step.index < 10;
  });
  CHECK(steps == 10);
}

TEST_CASE("the trace's joint columns follow anim::Joint and joint_name") {
  std::string want;
  for (std::size_t j = 0; j < anim::kJointCount; ++j) {
    const std::string name(anim::joint_name(static_cast<anim::Joint>(j)));
    want += "," + name + "_x," + name + "_y";
  }
  CHECK(std::string(game::trace_header()).find(want + ",rifle_butt_x") != std::string::npos);
}

TEST_CASE("a world steps every soldier; the same scenario gives the same trace") {
  const game::Scenario s = load("squad.toml");
  std::vector<anim::CharacterSpec> specs;
  for (const auto& soldier : s.soldiers) specs.push_back(soldier.spec);
  game::World world(s.terrain, specs);
  CHECK(world.size() == 5);
  CHECK(world.frames().size() == 5);
  std::vector<anim::Intent> intents(5);
  for (auto& i : intents) i.vx_desired = 1.0;
  for (int n = 0; n < 120; ++n) world.step(intents, s.dt);
  for (const anim::CharacterFrame& f : world.frames()) CHECK(f.vx > 0.5);

  const std::string a = trace_of(s), b = trace_of(s);
  CHECK(a.size() > 10000);
  CHECK(a == b);
}
