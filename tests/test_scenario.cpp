// The scenario file (INTERFACES.md): each bad input alone gives one line naming the file, the
// line and the key (STYLE.md 6), valid files give the right values, and the input timeline
// applies entries cumulatively with one-shots acting once.
#include "game/core/input_timeline.hpp"
#include "game/core/scenario.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace {

// A valid scenario using every key, one per line, so a test can break exactly one line.
const std::vector<std::string> kValid = {
    "duration = 2.0",                                          // 1
    "dt = 0.01",                                               // 2
    "seed = 3",                                                // 3
    "[world]",                                                 // 4
    "ground = [[-10.0, 0.0], [10.0, 0.5]]",                    // 5
    "boxes = [ { x = 2.0, width = 0.8, height = 0.45 } ]",     // 6
    "ladders = [ { x = 5.0, bottom = 0.0, top = 3.0 } ]",      // 7
    "[[soldier]]",                                             // 8
    "id = \"a\"",                                              // 9
    "x = 1.0",                                                 // 10
    "facing = -1",                                             // 11
    "height = 1.9",                                            // 12
    "  [[soldier.input]]",                                     // 13
    "  t = 0.0",                                               // 14
    "  vx = 1.4",                                              // 15
    "  aim = [10.0, 1.5]",                                     // 16
    "  stance = \"crouch\"",                                   // 17
    "  [[soldier.input]]",                                     // 18
    "  t = 1.0",                                               // 19
    "  fire = true",                                           // 20
    "  die = [4.0, 1.0]",                                      // 21
    "  get_up = true",                                         // 22
    "  climb = 1",                                             // 23
    "[[soldier]]",                                             // 24
    "id = \"b\"",                                              // 25
};

// kValid with line `line` (1-based) replaced by `text`.
std::string with_line(std::size_t line, const std::string& text) {
  std::ostringstream out;
  for (std::size_t i = 0; i < kValid.size(); ++i) out << (i + 1 == line ? text : kValid[i]) << '\n';
  return out.str();
}

std::string error_of(const std::string& text, const game::ParseOptions& options = {}) {
  const game::ScenarioResult r = game::parse_scenario_text(text, "test.toml", options);
  const auto* e = std::get_if<game::ScenarioError>(&r);
  return e ? e->message : std::string("(parsed without error)");
}

game::Scenario parse_ok(const std::string& text, const game::ParseOptions& options = {}) {
  game::ScenarioResult r = game::parse_scenario_text(text, "test.toml", options);
  if (const auto* e = std::get_if<game::ScenarioError>(&r)) FAIL("unexpected error: " << e->message);
  return std::get<game::Scenario>(std::move(r));
}

struct BadLine {
  std::size_t line;
  const char* text;
  const char* expect;  // "LINE: key" the message must contain
};

}  // namespace

TEST_CASE("the valid scenario parses with the values it names") {
  const game::Scenario s = parse_ok(with_line(0, ""));
  CHECK(s.duration == 2.0);
  CHECK(s.dt == 0.01);
  CHECK(s.seed == 3);
  REQUIRE(s.terrain.ground.size() == 2);
  CHECK(s.terrain.ground[1].y == 0.5);
  REQUIRE(s.terrain.boxes.size() == 1);
  CHECK(s.terrain.boxes[0].width == 0.8);
  REQUIRE(s.terrain.ladders.size() == 1);
  CHECK(s.terrain.ladders[0].top == 3.0);
  REQUIRE(s.soldiers.size() == 2);
  const game::SoldierScript& a = s.soldiers[0];
  CHECK(a.spec.id == "a");
  CHECK(a.spec.x == 1.0);
  CHECK(a.spec.facing == -1);
  CHECK(a.spec.height == 1.9);
  REQUIRE(a.inputs.size() == 2);
  CHECK(*a.inputs[0].vx == 1.4);
  CHECK(a.inputs[0].aim->x == 10.0);
  CHECK(*a.inputs[0].stance == anim::Stance::crouch);
  CHECK_FALSE(a.inputs[0].fire);
  CHECK(a.inputs[1].t == 1.0);
  CHECK_FALSE(a.inputs[1].vx.has_value());  // an entry changes only the keys it names
  CHECK(a.inputs[1].fire);
  CHECK(a.inputs[1].die->x == 4.0);
  CHECK(a.inputs[1].get_up);
  CHECK(*a.inputs[1].climb == 1);
  // Defaults of the second soldier.
  const game::SoldierScript& b = s.soldiers[1];
  CHECK(b.spec.facing == 1);
  CHECK(b.spec.height == doctest::Approx(1.78));
  CHECK(b.inputs.empty());
}

TEST_CASE("defaults: dt 1/120, seed 0, flat ground") {
  const game::Scenario s = parse_ok("duration = 1\n[[soldier]]\nid = \"a\"\n");
  CHECK(s.dt == doctest::Approx(1.0 / 120.0));
  CHECK(s.seed == 0);
  CHECK(s.terrain.ground.empty());
  CHECK(s.duration == 1.0);  // an integer is a number too
}

TEST_CASE("each bad input alone names the file, the line and the key") {
  const BadLine cases[] = {
      {3, "colour = 3", "test.toml:3: colour: unknown key"},
      {7, "cliffs = []", "test.toml:7: world.cliffs: unknown key"},
      {12, "speed = 1.0", "test.toml:12: soldier.speed: unknown key"},
      {20, "  fire2 = true", "test.toml:20: soldier.input.fire2: unknown key"},
      {15, "  vx = \"fast\"", "test.toml:15: soldier.input.vx: expected a number"},
      {1, "duration = \"long\"", "test.toml:1: duration: expected a number"},
      {20, "  fire = 1", "test.toml:20: soldier.input.fire: expected true or false"},
      {16, "  aim = [10.0]", "test.toml:16: soldier.input.aim"},
      {9, "id = 7", "test.toml:9: soldier.id: expected a string"},
      {11, "facing = 1.0", "test.toml:11: soldier.facing: expected an integer"},
      {1, "", "test.toml:1: duration: missing"},
      {19, "  t = -0.5", "test.toml:19: soldier.input.t"},
      {14, "  t = 1.5", "test.toml:19: soldier.input.t: times out of order"},
      {2, "dt = 0.0", "test.toml:2: dt"},
      {2, "dt = 0.2", "test.toml:2: dt"},
      {1, "duration = 0.0", "test.toml:1: duration"},
      {1, "duration = 601.0", "test.toml:1: duration"},
      {1, "duration = nan", "test.toml:1: duration"},
      {15, "  vx = 8.5", "test.toml:15: soldier.input.vx"},
      {15, "  vx = -9", "test.toml:15: soldier.input.vx"},
      {11, "facing = 0", "test.toml:11: soldier.facing: expected 1 or -1"},
      {12, "height = 1.1", "test.toml:12: soldier.height"},
      {12, "height = 2.4", "test.toml:12: soldier.height"},
      {6, "boxes = [ { x = 2.0, width = 0.0, height = 0.45 } ]", "test.toml:6: world.boxes.width"},
      {6, "boxes = [ { x = 2.0, width = 0.8, height = -1.0 } ]", "test.toml:6: world.boxes.height"},
      {6, "boxes = [ { width = 0.8, height = 1.0 } ]", "test.toml:6: world.boxes.x: missing"},
      {7, "ladders = [ { x = 5.0, bottom = 3.0, top = 3.0 } ]", "test.toml:7: world.ladders.top"},
      {5, "ground = [[0.0, 0.0], [0.0, 1.0]]", "test.toml:5: world.ground: expected x strictly increasing"},
      {5, "ground = [[1.0, 0.0], [0.5, 1.0]]", "test.toml:5: world.ground: expected x strictly increasing"},
      {5, "ground = [[1.0, 0.0]]", "test.toml:5: world.ground"},
      {5, "ground = [[1.0, 0.0, 2.0], [2.0, 0.0]]", "test.toml:5: world.ground: expected [x, y]"},
      {17, "  stance = \"fly\"", "test.toml:17: soldier.input.stance: expected one of stand, crouch, prone, kneel"},
      {23, "  climb = 2", "test.toml:23: soldier.input.climb"},
      {25, "id = \"a\"", "test.toml:25: soldier.id: duplicate id"},
      {25, "id = \"\"", "test.toml:25: soldier.id"},
      {3, "seed = -1", "test.toml:3: seed"},
      {10, "x = @", "test.toml:10: "},  // a TOML syntax error still names the line
  };
  for (const BadLine& c : cases) {
    CAPTURE(c.line);
    const std::string text = c.text;
    CAPTURE(text);
    const std::string message = error_of(with_line(c.line, c.text));
    CHECK_MESSAGE(message.find(c.expect) == 0, message);
    CHECK(message.find('\n') == std::string::npos);
  }
}

TEST_CASE("a scenario needs soldiers; a level needs neither soldiers nor a duration") {
  CHECK(error_of("duration = 1.0\n").find("test.toml:1: soldier") == 0);
  const game::Scenario s = parse_ok("[world]\nground = [[0.0, 0.0], [1.0, 0.0]]\n", game::kLevelOptions);
  CHECK(s.soldiers.empty());
  CHECK(s.terrain.ground.size() == 2);
}

TEST_CASE("a level refuses what the window would ignore: a duration, a dt, a soldier's inputs") {
  // The window steps at its own rate until closed and the player drives the soldiers.
  const auto level_error = [](const std::string& text) {
    const game::ScenarioResult r = game::parse_scenario_text(text, "level.toml", game::kLevelOptions);
    const auto* e = std::get_if<game::ScenarioError>(&r);
    return e ? e->message : std::string("parsed");
  };
  CHECK(level_error("seed = 1\nduration = 4.0\n").find("level.toml:2: duration: a scenario's key, not a level's") == 0);
  CHECK(level_error("dt = 0.01\n").find("level.toml:1: dt: a scenario's key") == 0);
  const std::string inputs = "[[soldier]]\nid = \"a\"\n[[soldier.input]]\nt = 0\nvx = 1\n";
  CHECK(level_error(inputs).find("level.toml:") == 0);
  CHECK(level_error(inputs).find("soldier.input: a scenario's key") != std::string::npos);
  CHECK(level_error(inputs).find('\n') == std::string::npos);
  // The same text is a scenario's to play out, given a duration.
  CHECK(std::holds_alternative<game::Scenario>(game::parse_scenario_text("duration = 1\n" + inputs, "s.toml")));
  CHECK(level_error("[[soldier]]\nid = \"a\"\nx = 1\n") == "parsed");
}

TEST_CASE("a missing file is one line naming it") {
  const game::ScenarioResult r = game::parse_scenario_file("/nonexistent/walk.toml");
  const auto* e = std::get_if<game::ScenarioError>(&r);
  REQUIRE(e);
  CHECK(e->message.find("/nonexistent/walk.toml") == 0);
}

TEST_CASE("every shipped scenario and level parses") {
  namespace fs = std::filesystem;
  int scenarios = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(SOLDIER_SOURCE_DIR) / "assets" / "scenarios")) {
    CAPTURE(entry.path().string());
    const game::ScenarioResult r = game::parse_scenario_file(entry.path().string());
    if (const auto* e = std::get_if<game::ScenarioError>(&r)) FAIL(e->message);
    ++scenarios;
  }
  CHECK(scenarios >= 8);
  for (const auto& entry : fs::directory_iterator(fs::path(SOLDIER_SOURCE_DIR) / "assets" / "levels")) {
    CAPTURE(entry.path().string());
    const game::ScenarioResult r = game::parse_level_file(entry.path().string());
    if (const auto* e = std::get_if<game::ScenarioError>(&r)) FAIL(e->message);
  }
  const game::ScenarioResult squad =
      game::parse_scenario_file(std::string(SOLDIER_SOURCE_DIR) + "/assets/scenarios/squad.toml");
  REQUIRE(std::holds_alternative<game::Scenario>(squad));
  CHECK(std::get<game::Scenario>(squad).soldiers.size() == 5);
}

TEST_CASE("soldier seeds differ between soldiers and repeat between runs") {
  const game::Scenario s = parse_ok(with_line(0, ""));
  CHECK(s.soldiers[0].spec.seed != s.soldiers[1].spec.seed);
  CHECK(s.soldiers[0].spec.seed == game::soldier_seed(3, 0));
  CHECK(parse_ok(with_line(0, "")).soldiers[1].spec.seed == s.soldiers[1].spec.seed);
  CHECK(game::soldier_seed(3, 0) != game::soldier_seed(4, 0));
}

TEST_CASE("input timeline: entries apply cumulatively, each changing only its keys") {
  game::InputEvent walk;
  walk.t = 0.0;
  walk.vx = 1.4;
  walk.aim = anim::vec2{10.0, 1.5};
  game::InputEvent crouch;
  crouch.t = 2.0;
  crouch.stance = anim::Stance::crouch;
  game::InputEvent stop;
  stop.t = 3.0;
  stop.vx = 0.0;
  game::InputTimeline timeline({walk, crouch, stop});

  anim::Intent i = timeline.next(0.0);
  CHECK(i.vx_desired == 1.4);
  CHECK(i.has_aim);
  CHECK(i.aim_world.x == 10.0);
  CHECK(i.stance == anim::Stance::stand);
  i = timeline.next(2.5);
  CHECK(i.vx_desired == 1.4);  // kept from the first entry
  CHECK(i.stance == anim::Stance::crouch);
  i = timeline.next(3.0);
  CHECK(i.vx_desired == 0.0);
  CHECK(i.stance == anim::Stance::crouch);
  CHECK(i.has_aim);
}

TEST_CASE("input timeline: fire, die and get_up act once, on the first step at or after t") {
  game::InputEvent fire;
  fire.t = 0.505;  // between two steps of 0.01 s
  fire.fire = true;
  game::InputEvent die;
  die.t = 1.0;
  die.die = anim::vec2{4.0, 1.0};
  game::InputEvent up;
  up.t = 2.0;
  up.get_up = true;
  game::InputTimeline timeline({fire, die, up});

  const double dt = 1.0 / 120.0;
  int fires = 0, deaths = 0, get_ups = 0;
  double fired_at = -1.0, died_at = -1.0;
  for (int n = 0; n < 360; ++n) {
    const double now = n * dt;  // as game::simulate computes it
    const anim::Intent i = timeline.next(now);
    if (i.fire) {
      ++fires;
      fired_at = now;
    }
    if (i.die) {
      ++deaths;
      died_at = now;
      CHECK(i.die_impulse.x == 4.0);
    }
    get_ups += i.get_up ? 1 : 0;
  }
  CHECK(fires == 1);
  CHECK(deaths == 1);
  CHECK(get_ups == 1);
  CHECK(fired_at >= 0.505);
  CHECK(fired_at < 0.505 + dt);
  // 120 * (1/120) may land a hair below 1.0: the entry still acts on that step, not the next.
  CHECK(died_at == doctest::Approx(1.0));
}
