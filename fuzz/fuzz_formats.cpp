// libFuzzer target (issue 17): one input is read as a scenario, as a level and as a tuning
// file -- the three parsers users hand files to -- and whatever parses is simulated for a
// short, bounded time. Any crash, sanitizer report, leak or timeout is a finding, and so is
// a broken promise of the formats, checked here on every input:
//  - a refusal is one line naming the file ("fuzz.toml:LINE: ...");
//  - every value of every frame is finite (DEVELOPERS.md: no NaN or infinity reaches a
//    pose, whatever the input), and bones keep their length outside a turn;
//  - every trace row is text without control characters, one field per column.
// Built with toml++ compiled from its headers, instrumented and with its assertions on
// (SOLDIER_TOML_FROM_SOURCE), so the fuzzer sees inside the parser too.
#include "anim/metrics.hpp"
#include "game/core/frame_checks.hpp"
#include "game/core/scenario.hpp"
#include "game/core/trace_writer.hpp"
#include "game/core/tuning_file.hpp"
#include "game/core/world.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

// Per input: at most this many soldiers and steps, so an input costs milliseconds.
constexpr std::size_t kMaxSoldiers = 3;
constexpr std::int64_t kMaxSteps = 40;
constexpr double kBoneTolerance = 1e-3;  // m: "millimetre bones" (issue 17)

[[noreturn]] void finding(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_formats: %s: %s\n", what, detail.c_str());
  std::abort();
}

void check_refusal(const std::string& message) {
  if (message.rfind("fuzz.toml:", 0) != 0 || message.find_first_of("\r\n") != std::string::npos)
    finding("a refusal that is not one line naming the file", message);
}

// The trace rows of one step: printable, and as many fields as the header has columns.
void check_rows(double t, std::span<const anim::CharacterFrame> frames, const std::vector<std::string>& ids) {
  static const std::size_t columns = [] {
    const std::string h = game::trace_header();
    return static_cast<std::size_t>(std::count(h.begin(), h.end(), ',')) + 1;
  }();
  char* buffer = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  if (!out) return;
  game::TraceWriter(out, ids).rows(t, frames);
  std::fclose(out);
  const std::string_view text(buffer, size);
  std::size_t fields = 1;
  for (char c : text) {
    if (c == '\n') {
      if (fields != columns) finding("a trace row with the wrong number of fields", std::string(text.substr(0, 200)));
      fields = 1;
    } else if (c == ',') {
      ++fields;
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      // Bytes from 0x80 are the UTF-8 of an id; control characters are never written.
      finding("a trace row with a control character", std::string(text.substr(0, 200)));
    }
  }
  std::free(buffer);
}

// A short run of (the start of) `scenario`: its first soldiers, its inputs squeezed into the
// steps run so that every entry acts, every frame checked.
void simulate_bounded(game::Scenario scenario, const anim::Tuning& tuning) {
  if (scenario.soldiers.size() > kMaxSoldiers) scenario.soldiers.resize(kMaxSoldiers);
  const double full = scenario.duration;
  scenario.duration = std::min(scenario.duration, static_cast<double>(kMaxSteps) * scenario.dt);
  std::vector<std::string> ids;
  for (game::SoldierScript& s : scenario.soldiers) {
    for (game::InputEvent& e : s.inputs) e.t *= full > 0.0 ? scenario.duration / full : 0.0;
    ids.push_back(s.spec.id);
  }
  game::simulate(scenario, [&](const game::SimStep& step, std::span<const anim::CharacterFrame> frames) {
    for (const anim::CharacterFrame& f : frames) {
      if (!game::frame_is_finite(f)) finding("a non-finite value in a frame", "at t = " + std::to_string(step.t));
      // Mid-turn the figure is foreshortened on purpose (anim/metrics.cpp); elsewhere a bone
      // that changes length is a broken skeleton.
      if (f.state != anim::State::ragdoll && std::abs(f.body.x_scale()) >= 1.0 &&
          anim::bone_error(f) > kBoneTolerance)
        finding("a bone off its length", std::to_string(anim::bone_error(f)) + " m at t = " + std::to_string(step.t));
    }
    check_rows(step.t, frames, ids);
    return true;
  }, tuning);
}

// A level has no duration and maybe no soldiers: two walk across it, one each way.
game::Scenario as_run(game::Scenario level) {
  level.duration = 1.0;
  if (level.soldiers.empty()) {
    for (int facing : {1, -1}) {
      game::SoldierScript s;
      s.spec.id = facing > 0 ? "east" : "west";
      s.spec.facing = facing;
      game::InputEvent go;
      go.vx = 3.0 * facing;
      go.aim = anim::vec2{10.0 * facing, 1.5};
      s.inputs.push_back(go);
      level.soldiers.push_back(s);
    }
  }
  return level;
}

// What a tuning file drives: a walk that speeds into a run, turns round and stops, aiming
// ahead and behind.
game::Scenario tuning_course() {
  game::Scenario sc;
  sc.duration = 1.0;
  sc.dt = 1.0 / 60.0;
  sc.terrain.ground = {{-20.0, 0.0}, {1.0, 0.0}, {3.0, 0.6}, {3.3, 0.3}, {20.0, 0.3}};
  game::SoldierScript s;
  s.spec.id = "a";
  const double times[] = {0.0, 0.3, 0.6, 0.8};
  const double speeds[] = {1.4, 7.0, -3.0, 0.0};
  for (int i = 0; i < 4; ++i) {
    game::InputEvent e;
    e.t = times[i];
    e.vx = speeds[i];
    e.aim = anim::vec2{i % 2 ? -10.0 : 10.0, 1.0 + i};
    e.fire = i == 1;
    s.inputs.push_back(e);
  }
  sc.soldiers.push_back(s);
  return sc;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  game::ScenarioResult scenario = game::parse_scenario_text(text, "fuzz.toml");
  if (auto* s = std::get_if<game::Scenario>(&scenario)) simulate_bounded(*s, {});
  else check_refusal(std::get<game::ScenarioError>(scenario).message);

  game::ScenarioResult level = game::parse_scenario_text(text, "fuzz.toml", game::kLevelOptions);
  if (auto* l = std::get_if<game::Scenario>(&level)) simulate_bounded(as_run(*l), {});
  else check_refusal(std::get<game::ScenarioError>(level).message);

  game::TuningResult tuning = game::parse_tuning_text(text, "fuzz.toml");
  if (auto* t = std::get_if<anim::Tuning>(&tuning)) simulate_bounded(tuning_course(), *t);
  else check_refusal(std::get<game::TuningError>(tuning).message);
  return 0;
}
