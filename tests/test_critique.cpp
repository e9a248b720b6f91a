// `soldier critique` (issue 15, reference Rule 9): the presets, --tuning, the contact sheet in
// the packet, --out as a folder only, what the command says it wrote, prompts that ask each
// reviewer only what he judges, and the notes for states a frame was asked for and does not
// show.
#include "game/core/critique_checks.hpp"
#include "game/core/critique_presets.hpp"
#include "game/core/critique_prompts.hpp"
#include "game/core/scenario.hpp"
#include "program_runner.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace {

using program_runner::Run;
using program_runner::Scratch;
using program_runner::count_lines;
using program_runner::read_file;
using program_runner::soldier;

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool has(const std::string& text, const std::string& word) { return lower(text).find(lower(word)) != std::string::npos; }

const char* const kPacket[] = {"frame.png", "contact_sheet.png", "art_director.txt", "animator.txt"};

}  // namespace

TEST_CASE("every preset makes a whole packet and says what it wrote") {
  Scratch s("soldier_test_critique");
  for (const game::CritiquePreset& p : game::critique_presets()) {
    CAPTURE(p.name);
    const fs::path dir = s / std::string(p.name);
    const Run r = soldier(s, "critique --preset " + std::string(p.name) + " --out '" + dir.string() + "' --size 320x240");
    REQUIRE_MESSAGE(r.status == 0, r.err);
    CHECK(r.err.empty());
    for (const char* name : kPacket) {
      CAPTURE(name);
      CHECK(fs::file_size(dir / name) > 100);
      CHECK(r.out.find((dir / name).string() + "\n") != std::string::npos);  // one line per file written
    }
    CHECK_FALSE(fs::exists(dir / "side_by_side.png"));
    // Only the files and notes: nothing else is said.
    std::size_t lines = 0, notes = 0;
    for (std::size_t at = 0; at < r.out.size(); at = r.out.find('\n', at) + 1) {
      ++lines;
      notes += r.out.compare(at, 6, "note: ") == 0;
    }
    CHECK(lines == std::size(kPacket) + notes);
  }
}

TEST_CASE("the same preset gives the same packet, byte for byte; --at and --tuning are used") {
  Scratch s("soldier_test_critique");
  const Run a = soldier(s, "critique --preset firing-line --out '" + (s / "a").string() + "' --size 320x240");
  const Run b = soldier(s, "critique --preset firing-line --out '" + (s / "b").string() + "' --size 320x240");
  REQUIRE(a.status == 0);
  REQUIRE(b.status == 0);
  for (const char* name : kPacket) CHECK(read_file(s / "a" / name) == read_file(s / "b" / name));
  const Run c = soldier(s, "critique --preset firing-line --at 1.0 --out '" + (s / "c").string() + "' --size 320x240");
  REQUIRE(c.status == 0);
  CHECK(read_file(s / "a" / "frame.png") != read_file(s / "c" / "frame.png"));
  // A tuning file reaches the scene: a softer acceleration, the patrol elsewhere at 4 s.
  const fs::path tuning = s / "soft.toml";
  std::ofstream(tuning) << "[body]\naccel_limit = 0.5\n";
  const Run t = soldier(s, "critique --preset patrol --tuning '" + tuning.string() + "' --out '" + (s / "t").string() +
                               "' --size 320x240");
  const Run u = soldier(s, "critique --preset patrol --out '" + (s / "u").string() + "' --size 320x240");
  REQUIRE_MESSAGE(t.status == 0, t.err);
  REQUIRE(u.status == 0);
  CHECK(read_file(s / "t" / "frame.png") != read_file(s / "u" / "frame.png"));
  const Run bad = soldier(s, "critique --preset patrol --tuning /nonexistent.toml --out '" + (s / "bad").string() + "'");
  CHECK(bad.status != 0);
  CHECK(count_lines(bad.err) == 1);
  CHECK_FALSE(fs::exists(s / "bad"));
}

TEST_CASE("--out must name a folder, and every bad request is one line with nothing written") {
  Scratch s("soldier_test_critique");
  const fs::path png = s / "x.png";
  Run r = soldier(s, "critique --preset patrol --out '" + png.string() + "'");
  CHECK(r.status != 0);
  CHECK(count_lines(r.err) == 1);
  CHECK(has(r.err, "folder"));
  CHECK_FALSE(fs::exists(png));

  const fs::path file = s / "existing";
  std::ofstream(file) << "keep me";
  r = soldier(s, "critique --preset patrol --out '" + file.string() + "'");
  CHECK(r.status != 0);
  CHECK(count_lines(r.err) == 1);
  CHECK(read_file(file) == "keep me");

  for (const std::string& args : {std::string("critique --preset nope --out '") + (s / "n").string() + "'",
                                 std::string("critique --out '") + (s / "n").string() + "'",
                                 std::string("critique --scenario '") + SOLDIER_SOURCE_DIR +
                                     "/assets/scenarios/walk.toml' --out '" + (s / "n").string() + "'",
                                 std::string("critique --scenario '") + SOLDIER_SOURCE_DIR +
                                     "/assets/scenarios/walk.toml' --preset patrol --at 1 --out '" + (s / "n").string() + "'",
                                 std::string("critique --preset patrol --at 99 --out '") + (s / "n").string() + "'"}) {
    CAPTURE(args);
    r = soldier(s, args);
    CHECK(r.status != 0);
    CHECK(count_lines(r.err) == 1);
    CHECK_FALSE(fs::exists(s / "n"));
  }
  r = soldier(s, "critique --preset nope --out '" + (s / "n").string() + "'");
  CHECK(has(r.err, game::critique_preset_names()));
}

TEST_CASE("each reviewer is asked only what he judges, in measurements, with no finding as an example") {
  for (bool reference : {false, true}) {
    CAPTURE(reference);
    const std::string art = game::art_director_prompt(reference), anim = game::animator_prompt(reference);
    for (const char* word : {"palette", "value", "composition", "environment", "L*", "frame.png"}) CHECK(has(art, word));
    for (const char* word : {"joint", "degrees", "contact_sheet", "ankle", "elbow", "knee"}) CHECK_FALSE(has(art, word));
    for (const char* word : {"only the figures", "degrees", "head heights", "contact_sheet.png", "frame.png"})
      CHECK(has(anim, word));
    // Nothing about lightness or colour for the animator, and no finding in its examples.
    for (const char* word : {"lightness", "L*", "colour", "color", "hue", "palette", "below the weapon", "leads the hips"})
      CHECK_FALSE(has(anim, word));
    // No account of what was built, for either.
    for (const std::string& p : {art, anim})
      for (const char* word : {"procedural", "arithmetic", "disc", "we ", "our ", "known issue", "implemented"})
        CHECK_FALSE(has(p, word));
    CHECK(has(art, "side_by_side.png") == reference);
    CHECK(has(anim, "side_by_side.png") == reference);
  }
}

TEST_CASE("a state asked for and not shown is noted; one shown is not") {
  auto r = game::parse_scenario_text(R"(duration = 3.0
[world]
ladders = [ { x = 5.0, bottom = 0.0, top = 3.0 } ]
boxes = [ { x = 8.0, width = 0.8, height = 0.45 } ]
[[soldier]]
id = "k"
  [[soldier.input]]
  t = 0.5
  stance = "kneel"
[[soldier]]
id = "d"
x = 2.0
  [[soldier.input]]
  t = 1.0
  die = [1.0, 0.0]
[[soldier]]
id = "l"
x = 5.2
  [[soldier.input]]
  t = 0.2
  climb = 1
[[soldier]]
id = "c"
x = 8.3
)", "checks.toml");
  REQUIRE(std::holds_alternative<game::Scenario>(r));
  const game::Scenario sc = std::get<game::Scenario>(r);
  std::vector<anim::CharacterFrame> frames(4);
  for (std::size_t i = 0; i < 4; ++i) frames[i].x = sc.soldiers[i].spec.x;
  // All standing: each request shows nothing of itself.
  std::vector<std::string> notes = game::unshown_requests(sc, 2.0, frames);
  REQUIRE(notes.size() == 4);
  CHECK(has(notes[0], "\"k\""));
  CHECK(has(notes[0], "kneel"));
  CHECK(has(notes[0], "state stand"));
  CHECK(has(notes[1], "\"d\""));
  CHECK(has(notes[1], "die"));
  CHECK(has(notes[2], "\"l\""));
  CHECK(has(notes[2], "ladder"));
  CHECK(has(notes[3], "\"c\""));
  CHECK(has(notes[3], "0.45 m box"));
  // Before the requests, nothing is owed (the box is: he stands at it).
  CHECK(game::unshown_requests(sc, 0.1, frames).size() == 1);
  // Each in the state asked for: no notes.
  frames[0].state = anim::State::kneel;
  frames[1].state = anim::State::ragdoll;
  frames[2].state = anim::State::ladder;
  frames[3].state = anim::State::vault;
  CHECK(game::unshown_requests(sc, 2.0, frames).empty());
}
