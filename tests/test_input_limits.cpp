// Issue 17: what a scenario file may ask for is bounded -- the work (steps x soldiers, dt from
// below), every world coordinate (to what a double holds with millimetre bones), and each
// range message states the bound it checks. Every case was found by fuzzing or by hand.
#include "anim/metrics.hpp"
#include "game/core/scenario.hpp"
#include "game/core/world.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

std::string error_of(const std::string& text) {
  const game::ScenarioResult r = game::parse_scenario_text(text, "t.toml");
  const auto* e = std::get_if<game::ScenarioError>(&r);
  return e ? e->message : std::string("(parsed without error)");
}

game::Scenario parse_ok(const std::string& text) {
  game::ScenarioResult r = game::parse_scenario_text(text, "t.toml");
  if (const auto* e = std::get_if<game::ScenarioError>(&r)) FAIL("unexpected error: " << e->message);
  return std::get<game::Scenario>(std::move(r));
}

std::string soldiers(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += "[[soldier]]\nid = \"s" + std::to_string(i) + "\"\n";
  return s;
}

const std::string kOne = soldiers(1);

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("finding 1: the work a file asks for is bounded, steps x soldiers, and dt from below") {
  // 6e11 and 1e7 steps ran until killed.
  CHECK(contains(error_of("duration = 600\ndt = 1e-9\n" + kOne), "t.toml:2: dt: expected a value within 0.0001..0.1 s"));
  CHECK(contains(error_of("duration = 10\ndt = 1e-6\n" + kOne), "t.toml:2: dt:"));
  // The smallest dt alone is fine for one soldier; for many soldiers the product is refused.
  CHECK(parse_ok("duration = 600\ndt = 1e-4\n" + kOne).dt == 1e-4);
  const std::string many = error_of("duration = 600\ndt = 0.001\n" + soldiers(20));
  CHECK(contains(many, "t.toml:1: duration: 6e+05 steps x 20 soldiers is more than"));
  // What the bound is for: 100 soldiers for ten minutes at 120 Hz is allowed.
  CHECK(parse_ok("duration = 600\n" + soldiers(100)).soldiers.size() == 100);
  CHECK(contains(error_of("duration = 600\n" + soldiers(140)), "soldier-steps"));
}

TEST_CASE("finding 5: every world coordinate is within +-1e6 m") {
  struct Case {
    std::string text;
    std::string expect;
  };
  const std::string d = "duration = 1\n";
  const Case cases[] = {
      {d + "[world]\nground = [[-1e7, 0], [1, 0]]\n" + kOne, "t.toml:3: world.ground: expected a value within -1e+06..1e+06 m"},
      {d + "[world]\nground = [[-1, 1.7e308], [1, -1.7e308]]\n" + kOne, "t.toml:3: world.ground:"},
      {d + "[world]\nboxes = [{ x = 2e6, width = 1, height = 1 }]\n" + kOne, "t.toml:3: world.boxes.x:"},
      {d + "[world]\nboxes = [{ x = 0, width = 2e6, height = 1 }]\n" + kOne,
       "t.toml:3: world.boxes.width: expected a value within 1e-06..1e+06 m"},
      {d + "[world]\nladders = [{ x = 0, bottom = -1e9, top = 1e9 }]\n" + kOne, "t.toml:3: world.ladders.bottom:"},
      {d + "[world]\nladders = [{ x = 0, bottom = 0, top = 1e300 }]\n" + kOne, "t.toml:3: world.ladders.top:"},
      {d + "[world]\nladders = [{ x = -1e300, bottom = 0, top = 1 }]\n" + kOne, "t.toml:3: world.ladders.x:"},
      {d + "[[soldier]]\nid = \"a\"\nx = 1e13\n", "t.toml:4: soldier.x: expected a value within -1e+06..1e+06 m"},
      {d + "[[soldier]]\nid = \"a\"\n[[soldier.input]]\nt = 0\naim = [1e57, 0]\n", "t.toml:6: soldier.input.aim:"},
      {d + "[[soldier]]\nid = \"a\"\n[[soldier.input]]\nt = 0\naim = [0, -1e300]\n", "t.toml:6: soldier.input.aim:"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    const std::string e = error_of(c.text);
    CHECK_MESSAGE(e.find(c.expect) == 0, e);
  }
  // The bound itself is allowed.
  const game::Scenario s = parse_ok(d + "[world]\nground = [[-1e6, -1e6], [1e6, 1e6]]\n" +
                                    "ladders = [{ x = 1e6, bottom = -1e6, top = 1e6 }]\n" +
                                    "[[soldier]]\nid = \"a\"\nx = -1e6\n[[soldier.input]]\nt = 0\naim = [1e6, -1e6]\n");
  CHECK(s.soldiers[0].spec.x == -1e6);
}

TEST_CASE("finding 5: a box's right edge and top stay within the bound too") {
  CHECK(contains(error_of("duration = 1\n[world]\nboxes = [{ x = 9e5, width = 2e5, height = 1 }]\n" + kOne),
                 "t.toml:3: world.boxes.width: expected a value within 1e-06..100000 m"));
  CHECK(contains(error_of("duration = 1\n[world]\nground = [[-1, 5e5], [1, 5e5]]\nboxes = [{ x = 0, width = 1, "
                          "height = 6e5 }]\n" + kOne),
                 "t.toml:4: world.boxes.height: expected a value within 1e-06..500000 m"));
}

TEST_CASE("finding 5: at the bound, a walk and a run move exactly as at the origin, to a micrometre") {
  // At 1e13 m the bones drifted 0.8 % and at 1e15 m the soldier could not move. At the bound
  // a double's spacing is 1.2e-10 m: every joint of the run at +-1e6 m, shifted back, must
  // lie on the run at 0 to a micrometre, and so the bones keep their length as well.
  const auto run = [](const std::string& x) {
    const game::Scenario s = parse_ok("duration = 6\n[[soldier]]\nid = \"a\"\nx = " + x +
                                      "\n[[soldier.input]]\nt = 0\nvx = 1.4\naim = [" + x + ", 1.4]\n" +
                                      "[[soldier.input]]\nt = 3\nvx = 6\n");
    std::vector<anim::CharacterFrame> frames;
    game::simulate(s, [&](const game::SimStep&, std::span<const anim::CharacterFrame> f) {
      frames.push_back(f[0]);
      return true;
    });
    return frames;
  };
  const std::vector<anim::CharacterFrame> origin = run("0");
  REQUIRE(origin.size() == 720);
  CHECK(origin.back().x - origin.front().x > 10.0);  // he walked, then ran
  for (double x0 : {-1e6, 1e6}) {
    CAPTURE(x0);
    const std::vector<anim::CharacterFrame> far = run(x0 > 0 ? "1e6" : "-1e6");
    REQUIRE(far.size() == origin.size());
    double worst_joint = 0.0, worst_bone = 0.0, worst_bone_origin = 0.0;
    for (std::size_t i = 0; i < far.size(); ++i) {
      for (std::size_t j = 0; j < anim::kJointCount; ++j)
        worst_joint = std::max(worst_joint, glm::length(far[i].joints[j] - anim::vec2{x0, 0.0} - origin[i].joints[j]));
      worst_bone = std::max(worst_bone, anim::bone_error(far[i]));
      worst_bone_origin = std::max(worst_bone_origin, anim::bone_error(origin[i]));
    }
    CHECK(worst_joint < 1e-6);
    CHECK(worst_bone < worst_bone_origin + 1e-6);
  }
}

TEST_CASE("finding 6: a duration shorter than a step is refused (no zero-row traces)") {
  CHECK(contains(error_of("duration = 0.001\n" + kOne), "t.toml:1: duration: expected a value within 0.00833333..600 s"));
  CHECK(contains(error_of("duration = 0.05\ndt = 0.1\n" + kOne), "t.toml:1: duration:"));
  const game::Scenario one_step = parse_ok("duration = 0.01\ndt = 0.01\n" + kOne);
  CHECK(game::step_count(one_step) == 1);
}

TEST_CASE("finding 6: each range message states the bound it checks") {
  // Input t above 1e9 said "expected a time >= 0"; a box of 2e6 m "expected a height > 0";
  // dt 1e-10 "> 0 and <= 0.1".
  CHECK(contains(error_of("duration = 1\n[[soldier]]\nid = \"a\"\n[[soldier.input]]\nt = 2e9\n"),
                 "t.toml:5: soldier.input.t: expected a value within 0..600 s"));
  CHECK(contains(error_of("duration = 1\n[world]\nboxes = [{ x = 0, width = 1, height = 2e6 }]\n" + kOne),
                 "t.toml:3: world.boxes.height: expected a value within 1e-06..1e+06 m"));
  CHECK(contains(error_of("duration = 1\ndt = 1e-10\n" + kOne), "t.toml:2: dt: expected a value within 0.0001..0.1 s"));
  CHECK(contains(error_of("duration = 1\n[[soldier]]\nid = \"a\"\n[[soldier.input]]\nt = 0\nvx = 9\n"),
                 "t.toml:6: soldier.input.vx: expected a value within -8..8 m/s"));
  CHECK(contains(error_of("duration = 1\n[[soldier]]\nid = \"a\"\nheight = 3\n"),
                 "t.toml:4: soldier.height: expected a value within 1.2..2.3 m"));
}

TEST_CASE("counts are bounded: soldiers, boxes, ladders") {
  CHECK(contains(error_of("duration = 0.01\n" + soldiers(1001)), "soldier: expected at most 1000 entries"));
  std::string boxes = "duration = 1\n[world]\nboxes = [";
  for (int i = 0; i < 1001; ++i) boxes += "{ x = " + std::to_string(i) + ", width = 0.5, height = 0.5 },";
  CHECK(contains(error_of(boxes + "]\n" + kOne), "t.toml:3: world.boxes: expected at most 1000 entries"));
}

TEST_CASE("an id is a clean trace field: no control characters, UTF-8 kept") {
  // Found by fuzz/fuzz_formats: an id with a tab or DEL went into every row of the CSV.
  CHECK(contains(error_of("duration = 1\n[[soldier]]\nid = \"a\\tb\"\n"), "t.toml:3: soldier.id: expected a non-empty id"));
  CHECK(contains(error_of("duration = 1\n[[soldier]]\nid = \"a\\u007fb\"\n"), "t.toml:3: soldier.id:"));
  CHECK(parse_ok("duration = 1\n[[soldier]]\nid = \"\xEF\xBB\xBFl\"\n").soldiers[0].spec.id == "\xEF\xBB\xBFl");
}
