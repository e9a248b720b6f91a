// Your own character (issue 16): body proportions from a character file, chosen per soldier
// in scenarios and levels, the gait scaled by leg length (Froude), and every Rule 8
// property holding for short and tall, long- and short-legged builds (anim/metrics'
// GaitMeter).
#include "anim/character.hpp"
#include "anim/gait/gait_tuning.hpp"
#include "anim/metrics.hpp"
#include "game/core/character_file.hpp"
#include "game/core/play_level.hpp"
#include "game/core/scenario.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using namespace anim;

namespace {

constexpr double kDt = 1.0 / 120.0;
const Terrain kFlat{};  // GaitMeter keeps a reference to its terrain

std::string characters_dir() { return std::string(SOLDIER_SOURCE_DIR) + "/assets/characters/"; }

SegmentFractions load(const std::string& name) {
  const game::CharacterResult r = game::load_character_file(characters_dir() + name + ".toml");
  if (const auto* e = std::get_if<game::CharacterError>(&r)) FAIL(e->message);
  return std::get<game::CharacterBuild>(r).fractions;
}

struct Build {
  const char* name;
  double height;
  SegmentFractions fractions;
};

// The four corners: short and tall, each with short and long legs.
std::vector<Build> builds() {
  const SegmentFractions longer = load("long_legs"), shorter = load("short_legs");
  return {{"1.50 m, short legs", 1.50, shorter}, {"1.50 m, long legs", 1.50, longer},
          {"2.10 m, short legs", 2.10, shorter}, {"2.10 m, long legs", 2.10, longer},
          {"1.78 m, Winter", 1.78, SegmentFractions{}}};
}

using Script = std::function<void(double t, Intent&)>;

std::vector<CharacterFrame> run(const Build& b, const Script& script, double seconds, std::uint64_t seed) {
  CharacterSpec spec;
  spec.height = b.height;
  spec.build = b.fractions;
  spec.seed = seed;
  Character c(spec, Tuning{}, Terrain{});
  std::vector<CharacterFrame> frames;
  for (int i = 0; i < static_cast<int>(seconds / kDt); ++i) {
    Intent in;
    script(i * kDt, in);
    c.step(in, kDt, Terrain{});
    frames.push_back(c.frame());
  }
  return frames;
}

std::vector<CharacterFrame> after(const std::vector<CharacterFrame>& f, double t) {
  std::vector<CharacterFrame> out;
  for (const CharacterFrame& x : f)
    if (x.t >= t) out.push_back(x);
  return out;
}

// Rule 8's faults, each absent (the limits of tests/test_gait.cpp, lengths scaled by the
// leg so a 2.1 m soldier is held to the same bar as a 1.78 m one).
void check_faults(const std::vector<CharacterFrame>& frames, double leg_ratio) {
  GaitMeter meter(kFlat);
  for (const CharacterFrame& f : frames) meter.add(f);
  const GaitMetrics m = meter.result();
  CHECK(m.nonfinite == 0);
  CHECK(m.max_contact_drift < 0.001);               // a planted foot does not move
  CHECK(m.knee_backward_frames == 0);           // no knee bends backwards
  CHECK(m.min_hip_over_leg >= 0.8);             // the hips never sink below 0.8 L
  CHECK(m.max_hip_step <= 0.02 * leg_ratio);    // hip height is continuous: no seam
  CHECK(m.min_foot_clearance >= -1e-9);         // no foot below the ground
  CHECK(m.max_bone_error <= 1e-9);              // bones keep their length
  CHECK(m.max_limb_overlength <= 1e-9);         // an arm is never longer than an arm
}

}  // namespace

TEST_CASE("the shipped characters load; winter.toml is anim's default build") {
  const SegmentFractions w = load("winter"), d;
  CHECK(w.thigh == d.thigh);
  CHECK(w.shank == d.shank);
  CHECK(w.trunk == d.trunk);
  CHECK(w.shoulder_width == d.shoulder_width);
  CHECK(w.hand == d.hand);
  const Proportions p = proportions_from(1.9, load("long_legs"));
  CHECK(p.thigh == doctest::Approx(0.265 * 1.9));
  CHECK(p.trunk == doctest::Approx(0.250 * 1.9));
  CHECK(p.head == doctest::Approx(0.130 * 1.9));  // left out: Winter's
  CHECK(p.leg() > proportions_for_height(1.9).leg() * 1.07);
  // Out-of-range or non-finite fractions keep Winter's (anim stays finite whatever it gets).
  SegmentFractions bad;
  bad.thigh = std::nan("");
  bad.shank = -1.0;
  CHECK(proportions_from(1.78, bad).leg() == doctest::Approx(proportions_for_height(1.78).leg()));
}

TEST_CASE("character files: every bad key or value is one line naming the file, line and key") {
  struct Case { const char* text; const char* says; };
  for (const Case& c : {
           Case{"height = 3.0\n", "t.toml:1: height"},
           Case{"[fractions]\nthigh = 0.5\n", "t.toml:2: fractions.thigh: expected a value within 0.1715..0.3185 of the height"},
           Case{"[fractions]\nknee = 0.2\n", "t.toml:2: fractions.knee: unknown key"},
           Case{"[fractions]\nthigh = \"long\"\n", "t.toml:2: fractions.thigh: expected a number"},
           Case{"[lengths]\nthigh = 0.2\n", "t.toml:2: lengths.thigh: expected a value within 0.30527..0.56693 m"},
           Case{"[fractions]\nthigh = 0.25\n[lengths]\nthigh = 0.44\n", "given in both"},
           Case{"[fractions]\nthigh = 0.27\nshank = 0.27\n", "stack up to its height"},
           Case{"colour = 1\n", "t.toml:1: colour: unknown key"},
           Case{"[fractions\n", "t.toml:1"},
           // Behind issue 17's guard, as scenario and tuning files are: toml++ never sees it.
           Case{"height = 1.8 \xc2\xa0\n", "t.toml:1: non-ASCII character outside a string"},
       }) {
    CAPTURE(c.text);
    const game::CharacterResult r = game::parse_character_text(c.text, "t.toml");
    REQUIRE(std::holds_alternative<game::CharacterError>(r));
    const std::string m = std::get<game::CharacterError>(r).message;
    CHECK(m.find('\n') == std::string::npos);
    CHECK_MESSAGE(m.find(c.says) != std::string::npos, m);
  }
  // Lengths in metres convert by the height.
  const game::CharacterResult ok = game::parse_character_text(
      "height = 2.0\n[lengths]\nthigh = 0.52\nshank = 0.50\ntrunk = 0.536\n", "t.toml");
  REQUIRE(std::holds_alternative<game::CharacterBuild>(ok));
  CHECK(std::get<game::CharacterBuild>(ok).fractions.thigh == doctest::Approx(0.26));
}

TEST_CASE("a scenario chooses a character per soldier; his own height wins; a bad name is one line") {
  const auto parse = [](const std::string& soldier_keys) {
    return game::parse_scenario_text("duration = 1.0\n[[soldier]]\nid = \"a\"\n" + soldier_keys, "s.toml");
  };
  game::ScenarioResult r = parse("character = \"long_legs\"\n");
  REQUIRE(std::holds_alternative<game::Scenario>(r));
  const game::SoldierScript& s = std::get<game::Scenario>(r).soldiers[0];
  CHECK(s.character == "long_legs");
  CHECK(s.spec.height == doctest::Approx(1.90));
  CHECK(s.spec.build.thigh == doctest::Approx(0.265));
  r = parse("height = 1.70\ncharacter = \"long_legs\"\n");
  REQUIRE(std::holds_alternative<game::Scenario>(r));
  CHECK(std::get<game::Scenario>(r).soldiers[0].spec.height == doctest::Approx(1.70));
  // A path, relative to the scenario's folder, is kept as an absolute one.
  r = game::parse_scenario_text("duration = 1.0\n[[soldier]]\nid = \"a\"\ncharacter = \"short_legs.toml\"\n",
                                characters_dir() + "x.toml");
  REQUIRE(std::holds_alternative<game::Scenario>(r));
  CHECK(std::filesystem::path(std::get<game::Scenario>(r).soldiers[0].character).is_absolute());
  for (const char* bad : {"character = \"giraffe\"\n", "character = 3\n", "character = \"/nonexistent/c.toml\"\n"}) {
    CAPTURE(bad);
    const game::ScenarioResult e = parse(bad);
    REQUIRE(std::holds_alternative<game::ScenarioError>(e));
    const std::string m = std::get<game::ScenarioError>(e).message;
    CHECK(m.find("s.toml:4: soldier.character") != std::string::npos);
    CHECK(m.find('\n') == std::string::npos);
  }
  const game::ScenarioError e = std::get<game::ScenarioError>(parse("character = \"giraffe\"\n"));
  CHECK(e.message.find("long_legs") != std::string::npos);  // it lists what there is
}

TEST_CASE("Rule 8 holds for short and tall, long- and short-legged builds") {
  for (const Build& b : builds()) {
    CAPTURE(b.name);
    const double leg_ratio = proportions_from(b.height, b.fractions).leg() / kReferenceLeg;
    for (double v : {0.0, 0.8, 1.4, 2.2, 3.5, 5.0, 7.0}) {
      CAPTURE(v);
      const auto frames = run(b, [v](double, Intent& in) { in.vx_desired = v; }, 6.0, 2);
      check_faults(frames, leg_ratio);
      if (v > 0.0) {
        // The presence of motion: the hips rise and fall in every cycle.
        GaitMeter meter(kFlat);
        for (const CharacterFrame& f : after(frames, 3.0)) meter.add(f);
        CHECK(meter.result().cycles >= 1);
        CHECK(meter.result().min_cycle_hip_range >= 0.01 * leg_ratio);
      }
    }
    const Script ramp = [](double t, Intent& in) { in.vx_desired = t < 6 ? t * 8 / 6 : std::max(0.0, 8 - (t - 6) * 8 / 6); };
    const Script stops = [](double t, Intent& in) { in.vx_desired = (static_cast<int>(t / 1.7) % 2 == 0) ? 1.4 : 0.0; };
    const Script turn = [](double t, Intent& in) { in.vx_desired = t < 3 ? 1.4 : (t < 7 ? -1.4 : 0.0); };
    const Script backpedal = [](double t, Intent& in) {
      in.vx_desired = t < 5 ? -1.5 : 0.0;
      in.has_aim = true;
      in.aim_world = {50, 1.5};
    };
    for (const Script* s : {&ramp, &stops, &turn, &backpedal}) check_faults(run(b, *s, 14.0, 3), leg_ratio);
  }
}

TEST_CASE("Froude: at speeds scaled by sqrt(leg) a build has the reference gait, its cadence over sqrt(leg)") {
  const Build reference{"Winter 1.78 m", 1.78, SegmentFractions{}};
  for (const Build& b : builds()) {
    CAPTURE(b.name);
    const double size = proportions_from(b.height, b.fractions).leg() / proportions_for_height(1.78).leg();
    for (double v_ref : {1.4, 3.5}) {
      CAPTURE(v_ref);
      const auto measure = [](const Build& body, double v) {
        GaitMeter meter(kFlat);
        for (const CharacterFrame& f : after(run(body, [v](double, Intent& in) { in.vx_desired = v; }, 9.0, 1), 4.0))
          meter.add(f);
        return meter.result();
      };
      const GaitMetrics ref = measure(reference, v_ref), own = measure(b, v_ref * std::sqrt(size));
      CHECK(own.stance_fraction == doctest::Approx(ref.stance_fraction).epsilon(0.04));
      CHECK(own.cadence == doctest::Approx(ref.cadence / std::sqrt(size)).epsilon(0.03));
      CHECK(own.stride == doctest::Approx(ref.stride * size).epsilon(0.03));
    }
  }
}

TEST_CASE("a level's soldiers take their characters into the window's squad") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("soldier_level_chars_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string level = (dir / "level.toml").string();
  std::ofstream(level) << "[[soldier]]\nid = \"tall\"\ncharacter = \"long_legs\"\n[[soldier]]\nid = \"plain\"\nx = -2.0\n";
  const auto r = game::load_play_level(level);
  std::filesystem::remove_all(dir);
  REQUIRE(std::holds_alternative<game::Scenario>(r));
  const std::vector<anim::CharacterSpec> squad = game::squad_specs(std::get<game::Scenario>(r), 5, 1.6);
  REQUIRE(squad.size() == 2);
  CHECK(squad[0].build.thigh == doctest::Approx(0.265));
  CHECK(squad[0].height == doctest::Approx(1.90));
  CHECK(squad[1].build.thigh == doctest::Approx(SegmentFractions{}.thigh));
}
