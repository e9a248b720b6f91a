// Record and replay (issue 16): a `soldier play` session driven headless by scripted input
// is recorded as a scenario, and `soldier trace` of that scenario is the session's own trace
// byte for byte; F5 restarts and records, a tuning change ends a recording, a tuned session
// carries its tuning, and `--record` is checked like every other flag.
#include "game/core/input_timeline.hpp"
#include "game/core/play_level.hpp"
#include "game/core/play_session.hpp"
#include "game/core/session_recorder.hpp"
#include "game/core/toml_reader.hpp"
#include "game/core/trace_writer.hpp"
#include "game/core/world.hpp"

#include "play_script.hpp"
#include "program_runner.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using game::Action;

namespace {

constexpr double kDt = 1.0 / 120.0;

game::Scenario sandbox() {
  auto r = game::load_play_level(std::string(SOLDIER_SOURCE_DIR) + "/assets/levels/sandbox.toml");
  if (auto* e = std::get_if<game::ScenarioError>(&r)) FAIL(e->message);
  return std::get<game::Scenario>(std::move(r));
}

// Collects trace rows into a string through the program's own TraceWriter.
class TraceText {
 public:
  explicit TraceText(std::vector<std::string> ids) : file_(std::tmpfile()), writer_(file_, std::move(ids)) {
    writer_.header();
  }
  ~TraceText() { std::fclose(file_); }
  void rows(double t, std::span<const anim::CharacterFrame> frames) { writer_.rows(t, frames); }
  std::string text() {
    std::fflush(file_);
    std::string out;
    std::rewind(file_);
    char buf[1 << 14];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, file_)) > 0;) out.append(buf, n);
    return out;
  }

 private:
  std::FILE* file_;
  game::TraceWriter writer_;
};

std::vector<std::string> ids_of(const game::PlaySession& s) {
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < s.world().size(); ++i) ids.push_back(s.id(i));
  return ids;
}

using play_script::Cue;

// Every control that reaches a soldier's intent: walk, run, sprint, the cursor's aim as the
// camera moves, fire, a turn under the cursor, Tab to another leader, a kill and a get-up,
// crouch, slow motion, a pause with a single step, and the gamepad's proportional stick.
const std::vector<Cue> kScript = {
    {0.0, {Action::move_right}, {}},
    {1.5, {Action::move_right, Action::run}, {}},
    {3.0, {Action::move_right, Action::sprint}, {Action::fire}, {1000.0f, 250.0f}},
    {4.0, {}, {Action::fire, Action::slower}},
    {5.0, {Action::move_left}, {Action::crouch, Action::faster}, {150.0f, 420.0f}},
    {6.5, {Action::move_left, Action::run}, {Action::select_next}},
    {7.5, {Action::move_right}, {Action::kill}},
    {8.5, {}, {Action::get_up, Action::climb_up}},
    {9.0, {}, {}, {700.0f, 200.0f}, true, 0.63},
    {10.5, {Action::sprint}, {}, {640.0f, 360.0f}, true, -0.41},
    {11.5, {}, {Action::select_1, Action::pause, Action::single_step}},  // paused, one step
    {11.504, {}, {Action::pause}},                                        // and on again
    {12.0, {}, {}},
};

// Runs `session` through the script until game time `until`, one fixed step per frame (a
// 120 Hz display), and hands the frames of every simulated step to `trace` (if any).
void play(game::PlaySession& session, double until, TraceText* trace, std::size_t& cue, double& wall,
          std::int64_t& traced_steps) {
  const game::ViewSize view{1280, 720, 1.0};
  for (int guard = 0; session.sim_time() < until - 1e-9; ++guard) {
    REQUIRE(guard < 200000);
    session.update(play_script::input_at(kScript, cue, session.sim_time()), kDt, wall, view);
    wall += kDt;
    if (trace && session.recording()) {
      // One step at most per 1/120 s frame (slow motion and pause: none).
      REQUIRE(session.steps() - traced_steps <= 1);
      if (session.steps() > traced_steps) trace->rows(session.sim_time(), session.frames());
    }
    traced_steps = session.steps();
  }
}

game::Scenario parse(const std::string& text) {
  const game::ScenarioResult r = game::parse_scenario_text(text, "recording.toml");
  if (const auto* e = std::get_if<game::ScenarioError>(&r)) FAIL(e->message);
  return std::get<game::Scenario>(r);
}

std::string replay(const game::Scenario& sc, const anim::Tuning& tuning) {
  std::vector<std::string> ids;
  for (const game::SoldierScript& s : sc.soldiers) ids.push_back(s.spec.id);
  TraceText trace(ids);
  game::simulate(sc, [&](const game::SimStep& step, std::span<const anim::CharacterFrame> frames) {
    trace.rows(step.t, frames);
    return true;
  }, tuning);
  return trace.text();
}

}  // namespace

TEST_CASE("a recorded play session replays bit for bit: its trace is the session's own") {
  game::PlaySession session(sandbox(), 5, anim::Tuning{});
  TraceText played(ids_of(session));
  session.start_recording();  // what --record does at the start
  std::size_t cue = 0;
  double wall = 0.0;
  std::int64_t steps = 0;
  play(session, 12.5, &played, cue, wall, steps);
  session.stop_recording();
  const std::optional<std::string> text = session.take_recording();
  REQUIRE(text.has_value());
  CHECK_FALSE(session.take_recording().has_value());  // handed over once
  const game::Scenario sc = parse(*text);
  CHECK(sc.duration == doctest::Approx(session.sim_time()));
  CHECK_FALSE(sc.tuning.has_value());  // the defaults are not written
  const std::string original = played.text(), replayed = replay(sc, anim::Tuning{});
  CHECK(original.size() > 100000);
  CHECK(original == replayed);
  // The trace does not show who each man is; the replay's drawing does (issue 15's kit).
  REQUIRE(sc.soldiers.size() == session.world().size());
  int not_riflemen = 0;
  for (std::size_t i = 0; i < sc.soldiers.size(); ++i) {
    CHECK(sc.soldiers[i].spec.role == session.frames()[i].role);
    CHECK(sc.soldiers[i].spec.team == session.frames()[i].team);
    not_riflemen += sc.soldiers[i].spec.role != anim::Role::rifleman;
  }
  CHECK(not_riflemen >= 2);  // the squad's gunner and radioman

  // And as the user does it: the file, `soldier trace`, and `soldier render` of it.
  const program_runner::Scratch dir("soldier_record_replay");
  { std::ofstream(dir / "rec.toml") << *text; }
  const program_runner::Run r =
      program_runner::run(dir, "soldier", "trace --scenario '" + (dir / "rec.toml").string() + "' --out -");
  REQUIRE_MESSAGE(r.status == 0, r.err);
  CHECK(r.out == original);
  const program_runner::Run png = program_runner::run(
      dir, "soldier", "render --scenario '" + (dir / "rec.toml").string() + "' --at 8 --follow b --out '" +
                          (dir / "f.png").string() + "'");
  CHECK_MESSAGE(png.status == 0, png.err);
}

TEST_CASE("a recording keeps each soldier's role and team") {
  game::Scenario level = sandbox();
  std::vector<anim::CharacterSpec> specs(2);
  specs[0].id = "a";
  specs[1].id = "b";
  specs[1].x = -1.0;
  specs[1].role = anim::Role::radioman;
  specs[1].team = 3;
  game::SessionRecorder recorder(level, specs, {}, kDt, anim::Tuning{});
  std::vector<anim::Intent> intents(2);
  REQUIRE(recorder.add_step(intents));
  const game::Scenario sc = parse(recorder.scenario_text("test"));
  REQUIRE(sc.soldiers.size() == 2);
  CHECK(sc.soldiers[0].spec.role == anim::Role::rifleman);
  CHECK(sc.soldiers[0].spec.team == 0);
  CHECK(sc.soldiers[1].spec.role == anim::Role::radioman);
  CHECK(sc.soldiers[1].spec.team == 3);
}

TEST_CASE("a recording stops before its file would be too large to read back") {
  // 200 soldiers whose speed changes every step write ~12 KiB a step: the file limit comes
  // long before the 600 s one. What was recorded is a scenario that reads back whole.
  constexpr std::size_t kSoldiers = 200;
  std::vector<anim::CharacterSpec> specs(kSoldiers);
  for (std::size_t i = 0; i < kSoldiers; ++i) {
    specs[i].id = "s" + std::to_string(i);
    specs[i].x = -static_cast<double>(i);
  }
  game::SessionRecorder recorder(sandbox(), specs, {}, 0.1, anim::Tuning{});
  std::vector<anim::Intent> intents(kSoldiers);
  std::int64_t steps = 0;
  for (; steps < 6000; ++steps) {
    for (std::size_t i = 0; i < kSoldiers; ++i) intents[i].vx_desired = 1.0 + 1e-3 * static_cast<double>((steps + i) % 997);
    if (!recorder.add_step(intents)) break;
  }
  CHECK(recorder.full());
  CHECK(steps < 6000);  // stopped by the size, not the 600 s at dt = 0.1
  CHECK(recorder.steps() == steps);
  const std::string text = recorder.scenario_text("a long origin comment " + std::string(200, 'x'));
  CHECK(text.size() <= game::kMaxTomlFileBytes);
  CHECK(text.size() > game::kMaxTomlFileBytes - (1u << 20));  // it did fill the file
  const program_runner::Scratch dir("soldier_record_full");
  { std::ofstream(dir / "full.toml", std::ios::binary) << text; }
  const game::ScenarioResult r = game::parse_scenario_file((dir / "full.toml").string());
  if (const auto* e = std::get_if<game::ScenarioError>(&r)) FAIL(e->message);
  CHECK(std::get<game::Scenario>(r).duration == doctest::Approx(0.1 * static_cast<double>(steps)));
}

TEST_CASE("one-shots are recorded once, at their steps, and replay once") {
  game::PlaySession session(sandbox(), 3, anim::Tuning{});
  session.start_recording();
  std::size_t cue = 0;
  double wall = 0.0;
  std::int64_t steps = 0;
  play(session, 9.0, nullptr, cue, wall, steps);
  session.stop_recording();
  const game::Scenario sc = parse(*session.take_recording());
  REQUIRE(sc.soldiers.size() == 3);
  for (const game::SoldierScript& s : sc.soldiers) CHECK(s.inputs.size() > 3);
  // a fired twice while he led (3 s, 4 s); b, the leader after Tab, was killed once (K at
  // 7.5 s). (R gets him up only once anim has the ragdoll state: until then no get_up.)
  const auto count = [&](std::size_t soldier, auto&& what) {
    game::InputTimeline timeline(sc.soldiers[soldier].inputs);
    int n = 0;
    for (std::int64_t i = 0; i < game::step_count(sc); ++i) n += what(timeline.next(static_cast<double>(i) * sc.dt));
    return n;
  };
  CHECK(count(0, [](const anim::Intent& it) { return it.fire; }) == 2);
  CHECK(count(1, [](const anim::Intent& it) { return it.die; }) == 1);
  CHECK(count(1, [](const anim::Intent& it) { return it.fire; }) == 0);
  CHECK(count(2, [](const anim::Intent& it) { return it.die || it.fire; }) == 0);
}

TEST_CASE("F5 restarts the level and records from there; F5 again hands the scenario over") {
  game::PlaySession session(sandbox(), 4, anim::Tuning{});
  std::size_t cue = 0;
  double wall = 0.0;
  std::int64_t steps = 0;
  play(session, 2.0, nullptr, cue, wall, steps);
  CHECK(session.frames()[0].x > 3.0);  // walked away from x = 2 m
  game::PlayInput f5;
  f5.pressed.set(game::index(Action::record));
  session.update(f5, 0.0, wall, game::ViewSize{});
  CHECK(session.recording());
  CHECK(session.sim_time() == 0.0);
  CHECK(session.frames()[0].x == 2.0);  // back at the level's start
  TraceText played(ids_of(session));
  steps = 0;
  play(session, 6.0, &played, cue, wall, steps);
  session.update(f5, 0.0, wall, game::ViewSize{});
  CHECK_FALSE(session.recording());
  const std::optional<std::string> text = session.take_recording();
  REQUIRE(text.has_value());
  CHECK(replay(parse(*text), anim::Tuning{}) == played.text());
}

TEST_CASE("a tuned session carries its tuning; a tuning change ends the recording") {
  anim::Tuning tuned;
  tuned.body.accel_limit = 2.5;
  tuned.gait.variation = 1.7;
  game::PlaySession session(sandbox(), 2, tuned);
  TraceText played(ids_of(session));
  session.start_recording();
  std::size_t cue = 0;
  double wall = 0.0;
  std::int64_t steps = 0;
  play(session, 4.0, &played, cue, wall, steps);
  session.tuning().gait.knee_slack = 0.95;  // the F3 panel
  session.update(game::PlayInput{}, kDt, wall, game::ViewSize{});
  CHECK_FALSE(session.recording());
  CHECK(session.notes().back().find("tuning changed") != std::string::npos);
  const std::optional<std::string> text = session.take_recording();
  REQUIRE(text.has_value());
  const game::Scenario sc = parse(*text);
  REQUIRE(sc.tuning.has_value());
  CHECK(sc.tuning->body.accel_limit == 2.5);
  CHECK(replay(sc, *sc.tuning) == played.text());
  CHECK(replay(sc, anim::Tuning{}) != played.text());  // the tuning is what made it this motion
}

TEST_CASE("soldier play --record writes the scenario when the window closes; bad paths are one line") {
  const program_runner::Scratch dir("soldier_record_replay");
  const fs::path rec = dir / "session.toml";
  const program_runner::Run r = program_runner::run(
      dir, "soldier", "play --quit-after 1 --record '" + rec.string() + "'", "SDL_VIDEODRIVER=dummy");
  REQUIRE_MESSAGE(r.status == 0, r.err);
  REQUIRE(fs::exists(rec));
  const game::ScenarioResult parsed = game::parse_scenario_file(rec.string());
  CHECK(std::holds_alternative<game::Scenario>(parsed));
  for (const std::string& bad : {(dir / "x.csv").string(), std::string("/nonexistent_soldier/x.toml"), dir.dir.string()}) {
    CAPTURE(bad);
    const program_runner::Run b =
        program_runner::run(dir, "soldier", "play --quit-after 1 --record '" + bad + "'", "SDL_VIDEODRIVER=dummy");
    CHECK(b.status != 0);
    CHECK(program_runner::count_lines(b.err) == 1);
    CHECK(b.err.find("--record") != std::string::npos);
  }
}

TEST_CASE("a scenario's [tuning] table: the tuning file's keys under tuning., each bad one a line") {
  const std::string head = "duration = 1.0\n[[soldier]]\nid = \"a\"\n";
  struct Case { const char* table; const char* says; };
  for (const Case& c : {Case{"[tuning.body]\nspeed = 3\n", "s.toml:5: tuning.body.speed: unknown key"},
                        Case{"[tuning.body]\naccel_limit = 99.0\n", "s.toml:5: tuning.body.accel_limit"},
                        Case{"[tuning.walking]\nx = 1\n", "tuning.walking: unknown key"},
                        Case{"[tuning]\ngait = 3\n", "tuning.gait: expected a table"}}) {
    CAPTURE(c.table);
    const game::ScenarioResult r = game::parse_scenario_text(head + c.table, "s.toml");
    REQUIRE(std::holds_alternative<game::ScenarioError>(r));
    CHECK_MESSAGE(std::get<game::ScenarioError>(r).message.find(c.says) != std::string::npos,
                  std::get<game::ScenarioError>(r).message);
  }
  const game::ScenarioResult ok = game::parse_scenario_text(head + "[tuning.body]\naccel_limit = 2.0\n", "s.toml");
  REQUIRE(std::holds_alternative<game::Scenario>(ok));
  REQUIRE(std::get<game::Scenario>(ok).tuning.has_value());
  CHECK(std::get<game::Scenario>(ok).tuning->body.accel_limit == 2.0);
  CHECK(std::get<game::Scenario>(ok).tuning->gait.knee_slack == anim::Tuning{}.gait.knee_slack);  // the rest: defaults
}
