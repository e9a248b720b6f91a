// The game loop of `soldier play` driven headless (issue 4): PlaySession is the loop's
// Update, fed a script of input as SDL would feed it, and the Draw functions render its
// canvas. 20 s of game time with the squad: no crash, no NaN, every soldier moved. The
// window itself is run as a subprocess with SDL's dummy video driver (no display needed),
// and under a real DISPLAY (Xvfb in CI) when there is one.
#include "game/core/play_frame.hpp"
#include "game/core/play_level.hpp"
#include "game/core/play_session.hpp"
#include "render/palette.hpp"
#include "render/png_io.hpp"

#include "play_script.hpp"
#include "program_runner.hpp"

#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using game::Action;

namespace {

game::Scenario sandbox() {
  auto r = game::load_play_level(std::string(SOLDIER_SOURCE_DIR) + "/assets/levels/sandbox.toml");
  if (auto* e = std::get_if<game::ScenarioError>(&r)) FAIL(e->message);
  return std::get<game::Scenario>(std::move(r));
}

bool finite_frame(const anim::CharacterFrame& f) {
  for (const anim::vec2& p : f.joints)
    if (!anim::is_finite(p)) return false;
  return anim::is_finite(f.rifle.butt) && anim::is_finite(f.rifle.muzzle) && std::isfinite(f.x) &&
         std::isfinite(f.vx);
}

std::size_t distinct_colours(const render::Canvas& c) {
  std::set<std::uint32_t> colours;
  for (int y = 0; y < c.height(); y += 2)
    for (int x = 0; x < c.width(); x += 2) {
      const render::Rgba p = c.pixel(x, y);
      colours.insert(p.r | (p.g << 8) | (p.b << 16));
    }
  return colours.size();
}

using play_script::Cue;

// Walk, run, sprint, stop, turn back under the cursor, switch leaders, crouch (maybe not
// implemented), fire, kill and get up, pause and single-step, slow motion: every control.
const std::vector<Cue> kScript = {
    {0.0, {Action::move_right}, {}},
    {3.0, {Action::move_right, Action::run}, {Action::toggle_overlay}},
    {6.0, {Action::move_right, Action::sprint}, {}},
    {8.0, {}, {Action::fire}},
    {9.0, {Action::move_left}, {Action::crouch}, {200.0f, 400.0f}},
    {11.0, {Action::move_left, Action::run}, {Action::select_next}},
    {13.0, {Action::move_right}, {Action::kill, Action::slower, Action::slower}},
    {14.0, {Action::move_right}, {Action::get_up, Action::faster, Action::faster, Action::toggle_help}},
    {15.0, {Action::move_right, Action::run}, {Action::select_1, Action::jump}},
    {17.0, {Action::move_left}, {Action::prone, Action::kneel}},
    {19.0, {}, {}},
};

}  // namespace

TEST_CASE("20 s of the squad under scripted input: no crash, no NaN, every soldier moved") {
  const game::Scenario level = sandbox();
  game::PlaySession session(level, 5, anim::Tuning{});
  const game::ViewSize view{640, 360, 1.0};
  REQUIRE(session.world().size() == 5);
  std::vector<double> start;
  for (const anim::CharacterFrame& f : session.frames()) start.push_back(f.x);
  std::vector<double> travelled(start.size(), 0.0);
  std::vector<double> last = start;

  const double wall_dt = 1.0 / 60.0;  // a 60 Hz display: two simulation steps a frame
  double wall = 0.0;
  std::size_t cue = 0;
  int frames = 0;
  render::Canvas canvas(view.width, view.height);
  const render::Palette palette = render::default_palette();
  bool was_paused_once = false;
  while (session.sim_time() < 20.0) {
    REQUIRE(frames < 60 * 200);  // the clock must advance (slow motion and pause included)
    game::PlayInput in = play_script::input_at(kScript, cue, session.sim_time());
    in.wheel = frames % 300 == 0 ? 1.0 : 0.0;
    session.update(in, wall_dt, wall, view);
    wall += wall_dt;
    ++frames;
    if (!was_paused_once && session.sim_time() >= 16.0) {
      // P pauses (the clock stands), `.` steps exactly one fixed step, P resumes.
      game::PlayInput key;
      key.pressed.set(game::index(Action::pause));
      session.update(key, wall_dt, wall, view);
      const double t0 = session.sim_time();
      session.update(game::PlayInput{}, wall_dt, wall, view);
      CHECK(session.paused());
      CHECK(session.sim_time() == t0);
      game::PlayInput step;
      step.pressed.set(game::index(Action::single_step));
      session.update(step, wall_dt, wall, view);
      CHECK(session.sim_time() == doctest::Approx(t0 + 1.0 / 120.0));
      session.update(key, wall_dt, wall, view);
      CHECK_FALSE(session.paused());
      was_paused_once = true;
    }

    for (std::size_t i = 0; i < session.frames().size(); ++i) {
      const anim::CharacterFrame& f = session.frames()[i];
      REQUIRE_MESSAGE(finite_frame(f), "soldier " << i << " at t " << session.sim_time());
      travelled[i] += std::abs(f.x - last[i]);
      last[i] = f.x;
    }
    for (const anim::CharacterFrame& f : session.drawn_frames()) REQUIRE(finite_frame(f));
    // Draw now and then (every frame would make the test slow): both layers.
    if (frames % 97 == 0) {
      game::draw_world_layer(canvas, session, view, palette, game::FrameStats{2.0});
      game::draw_hud_layer(canvas, session, view);
    }
  }
  CHECK(was_paused_once);
  CHECK(session.time_scale() == 1.0);
  CHECK(session.selected() == 0);
  for (std::size_t i = 0; i < travelled.size(); ++i) {
    CAPTURE(i);
    CHECK(travelled[i] > 5.0);  // every soldier walked, followers included
  }
  // The overlay was switched on and F1 too; the canvas holds a real picture.
  CHECK(session.toggles().overlay);
  CHECK(session.toggles().help);
  game::draw_world_layer(canvas, session, view, palette, game::FrameStats{2.0});
  CHECK(distinct_colours(canvas) > 100);
  // The live measurements ran on every step of every soldier.
  CHECK(session.metrics(0).contacts().size() == game::LiveMetrics::kHistory);
  // A developer can look at the frame: SOLDIER_TEST_PNG_DIR=/tmp ctest -R play_headless.
  if (const char* dir = std::getenv("SOLDIER_TEST_PNG_DIR")) {
    const game::ViewSize big{1280, 720, 1.0};
    render::Canvas full(big.width, big.height);
    std::string error;
    for (const bool help : {false, true}) {
      session.toggles().help = help;
      game::draw_world_layer(full, session, big, palette, game::FrameStats{2.0});
      game::draw_hud_layer(full, session, big);
      CHECK(render::write_png(full, std::string(dir) + (help ? "/play_help.png" : "/play_overlay.png"), error));
    }
  }
}

TEST_CASE("followers keep their places in the line and stop when the leader stops") {
  game::PlaySession session(sandbox(), 4, anim::Tuning{});
  const game::ViewSize view{320, 180, 1.0};
  // Each keeps the gap he started at to the leader (the gaps are uneven on purpose).
  std::vector<double> gap;
  for (const anim::CharacterFrame& f : session.frames()) gap.push_back(session.frames()[0].x - f.x);
  for (std::size_t i = 2; i < gap.size(); ++i) CHECK(std::abs((gap[i] - gap[i - 1]) - (gap[i - 1] - gap[i - 2])) > 0.1);
  game::PlayInput walk;
  walk.held.set(game::index(Action::move_right));
  double wall = 0.0;
  for (int i = 0; i < 60 * 4; ++i, wall += 1.0 / 60.0) session.update(walk, 1.0 / 60.0, wall, view);
  for (int i = 0; i < 60 * 5; ++i, wall += 1.0 / 60.0) session.update(game::PlayInput{}, 1.0 / 60.0, wall, view);
  const auto f = session.frames();
  for (std::size_t i = 1; i < f.size(); ++i) {
    CAPTURE(i);
    CHECK(std::abs((f[0].x - f[i].x) - gap[i]) < game::FollowTuning{}.start_band);
    CHECK(f[i].vx == 0.0);
  }
}

TEST_CASE("live tuning reaches every soldier at the next step") {
  game::PlaySession session(sandbox(), 3, anim::Tuning{});
  session.tuning().body.accel_limit = 1.0;
  game::PlayInput run;
  run.held.set(game::index(Action::move_right));
  run.held.set(game::index(Action::sprint));
  session.update(run, 1.0, 1.0, game::ViewSize{});  // one long frame: max_frame of steps
  // 0.25 s at 1 m/s^2 reaches no more than 0.25 m/s.
  CHECK(session.frames()[0].vx <= 0.25 + 1e-9);
  CHECK(session.frames()[0].vx > 0.1);
}

TEST_CASE("the mouse aims the squad at the world point under the cursor") {
  game::PlaySession session(sandbox(), 2, anim::Tuning{});
  const game::ViewSize view{1280, 720, 1.0};
  game::PlayInput in;
  in.mouse_in_window = true;
  in.mouse_moved = true;
  // The cursor the window opens under holds the squad's opening poses; moving it aims them.
  in.mouse_canvas = {1000.0f, 300.0f};
  session.update(in, 1.0 / 60.0, 0.0, view);
  CHECK(session.opening());
  in.mouse_canvas = {1100.0f, 200.0f};
  session.update(in, 1.0 / 60.0, 1.0 / 60.0, view);
  CHECK_FALSE(session.opening());
  const anim::vec2 expected = session.camera(view).to_world(in.mouse_canvas);
  CHECK(session.aiming());
  CHECK(session.aim_world().x == doctest::Approx(expected.x).epsilon(0.05));
  for (const anim::CharacterFrame& f : session.frames()) CHECK(f.aim_world.x == doctest::Approx(session.aim_world().x));
}

namespace {

using program_runner::Run;
using program_runner::Scratch;

// `soldier COMMAND ARGS` with `env` before it, streams captured in `dir`.
Run soldier_run(const std::string& env, const std::string& command, const std::string& args, const Scratch& dir) {
  return program_runner::run(dir, "soldier", command + " " + args, env);
}

Run soldier_play(const std::string& env, const std::string& args, const Scratch& dir) {
  return soldier_run(env, "play", args, dir);
}

void check_screenshot(const std::string& env) {
  const Scratch dir("soldier_play");
  const fs::path shot = dir / "shot.png";
  const Run r = soldier_play(env, "--quit-after 3 --screenshot '" + shot.string() + "'", dir);
  CHECK_MESSAGE(r.status == 0, r.err);
  std::string error;
  const std::optional<render::Canvas> png = render::read_png(shot.string(), error);
  REQUIRE_MESSAGE(png.has_value(), error);
  CHECK(png->width() >= 640);
  CHECK(distinct_colours(*png) > 100);  // the level and figures, not one flat colour
}

}  // namespace

TEST_CASE("soldier play opens and writes its screenshot under SDL's dummy video driver") {
  check_screenshot("SDL_VIDEODRIVER=dummy");
}

TEST_CASE("soldier play --quit-after 3 --screenshot under a real DISPLAY (Xvfb in CI)") {
  if (!std::getenv("DISPLAY")) {
    MESSAGE("no DISPLAY: skipped (run under Xvfb to test the window on X11)");
    return;
  }
  check_screenshot("");
}

TEST_CASE("bad play flags and files fail with one line and no window") {
  const Scratch dir("soldier_play_bad");
  const Run level = soldier_play("SDL_VIDEODRIVER=dummy", "--level /nonexistent/level.toml", dir);
  CHECK(level.status != 0);
  CHECK(level.err.find("/nonexistent/level.toml") != std::string::npos);
  std::ofstream(dir / "bad.toml") << "[body]\nspeed = 3\n";
  const Run tuning = soldier_play("SDL_VIDEODRIVER=dummy", "--tuning '" + (dir / "bad.toml").string() + "'", dir);
  CHECK(tuning.status != 0);
  CHECK(tuning.err.find("bad.toml:2: body.speed: unknown key") != std::string::npos);
}

TEST_CASE("soldier render and trace read --tuning: a tuned file changes the motion, a bad one fails") {
  const Scratch dir("soldier_tuning_cli");
  const std::string scenario = std::string(SOLDIER_SOURCE_DIR) + "/assets/scenarios/walk.toml";
  std::ofstream(dir / "slow.toml") << "[body]\naccel_limit = 0.5\n";
  std::ofstream(dir / "bad.toml") << "[gait]\nknee_slak = 0.9\n";
  const std::string base = "--scenario '" + scenario + "' --out '";
  CHECK(soldier_run("", "trace", base + (dir / "default.csv").string() + "'", dir).status == 0);
  CHECK(soldier_run("", "trace", base + (dir / "slow.csv").string() + "' --tuning '" + (dir / "slow.toml").string() + "'",
                    dir).status == 0);
  std::ifstream a(dir / "default.csv"), b(dir / "slow.csv");
  const std::string ta((std::istreambuf_iterator<char>(a)), {}), tb((std::istreambuf_iterator<char>(b)), {});
  CHECK(!ta.empty());
  CHECK(ta != tb);  // a slower acceleration is a different walk
  const Run bad = soldier_run("", "trace", base + (dir / "x.csv").string() + "' --tuning '" + (dir / "bad.toml").string() + "'", dir);
  CHECK(bad.status != 0);
  CHECK(bad.err.find("bad.toml:2: gait.knee_slak: unknown key") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "x.csv"));
  const Run render = soldier_run("", "render", "--scenario '" + scenario + "' --at 1 --out '" + (dir / "f.png").string() +
                                                   "' --tuning '" + (dir / "slow.toml").string() + "'", dir);
  CHECK_MESSAGE(render.status == 0, render.err);
  CHECK(fs::exists(dir / "f.png"));
}

TEST_CASE("F3's Save never points at a shipped tuning file") {
  const std::vector<std::string> roots = game::asset_roots();
  const std::string shipped = std::string(SOLDIER_SOURCE_DIR) + "/assets/tuning/default.toml";
  CHECK(game::tuning_save_path("", roots) == "tuning/soldier.toml");
  CHECK(game::tuning_save_path(shipped, roots) == "tuning/default.toml");
  // The same file named the long way round is still the shipped one.
  const std::string roundabout = std::string(SOLDIER_SOURCE_DIR) + "/assets/../assets/tuning/./default.toml";
  CHECK(game::tuning_save_path(roundabout, roots) == "tuning/default.toml");
  CHECK(game::tuning_save_path("/tmp/mine/tuned.toml", roots) == "/tmp/mine/tuned.toml");
}

TEST_CASE("on-screen notes speak to the player, never of internal types") {
  game::PlaySession session(sandbox(), 2, anim::Tuning{});
  for (Action a : {Action::jump, Action::crouch, Action::get_up, Action::kneel}) {
    game::PlayInput in;
    in.pressed.set(game::index(a));
    session.update(in, 1.0, 1.0, game::ViewSize{});
  }
  REQUIRE_FALSE(session.notes().empty());
  for (const std::string& note : session.notes()) {
    CAPTURE(note);
    CHECK(note.find("::") == std::string::npos);
    CHECK(note.find("Intent") == std::string::npos);
  }
}

namespace {

// Mean over the frames of |step phase A - step phase B| on the circle, 0 (in step) .. 0.5: a
// walk's hips rise and fall twice a cycle, so two men half a cycle apart bob in unison too.
struct StepSeparation {
  std::vector<double> sum;
  int frames = 0;
  void add(std::span<const anim::CharacterFrame> f) {
    const std::size_t n = f.size();
    sum.resize(n * n, 0.0);
    for (std::size_t a = 0; a < n; ++a)
      for (std::size_t b = a + 1; b < n; ++b) {
        double d = std::fmod(std::abs(2.0 * f[a].phase - 2.0 * f[b].phase), 1.0);
        sum[a * n + b] += std::min(d, 1.0 - d);
      }
    ++frames;
  }
};

}  // namespace

TEST_CASE("Rule 10: the squad does not step in unison, at the start or on the move") {
  for (const bool run : {false, true}) {
    CAPTURE(run);
    game::PlaySession session(sandbox(), 5, anim::Tuning{});
    game::PlayInput in;
    in.held.set(game::index(Action::move_right));
    if (run) in.held.set(game::index(Action::run));
    StepSeparation start, moving;
    double wall = 0.0;
    while (session.sim_time() < 16.0) {
      session.update(in, 1.0 / 60.0, wall, game::ViewSize{});
      wall += 1.0 / 60.0;
      (session.sim_time() < 4.0 ? start : moving).add(session.frames());
    }
    // Every man has his own per-step variation seed as well (the wobble of lean and lift).
    std::set<std::uint64_t> seeds;
    for (std::size_t i = 0; i < session.world().size(); ++i)
      seeds.insert(const_cast<game::World&>(session.world()).character(i).spec().seed);
    CHECK(seeds.size() == session.world().size());
    for (const StepSeparation* window : {&start, &moving}) {
      const std::size_t n = session.world().size();
      double mean = 0.0;
      int pairs = 0;
      for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b) {
          const double sep = window->sum[a * n + b] / window->frames;
          CAPTURE(a);
          CAPTURE(b);
          CHECK(sep > 0.06);  // starting together put every pair at ~0.01
          mean += sep;
          ++pairs;
        }
      CHECK(mean / pairs > 0.18);  // steps at unrelated times average 0.25
    }
  }
}

TEST_CASE("K kills the selected soldier with a kick from the cursor's side, R gets him up; followers stop by him") {
  const game::Scenario level = sandbox();
  game::PlaySession session(level, 3, anim::Tuning{});
  const game::ViewSize view{640, 360, 1.0};
  // Walk right a while, then K with the cursor far left of him (the shot from there: he is
  // thrown toward +x), then R once he lies still.
  const std::vector<play_script::Cue> script = {
      {0.0, {Action::move_right}, {}, {600.0f, 200.0f}},
      {2.5, {}, {}, {20.0f, 180.0f}},
      {3.0, {}, {Action::kill}, {20.0f, 180.0f}},
      {9.0, {}, {Action::get_up}, {20.0f, 180.0f}},
      {13.0, {}, {}, {20.0f, 180.0f}},
  };
  std::size_t cue = 0;
  double wall = 0.0;
  std::set<anim::State> seen;
  double chest_at_kill = 0.0, leader_x_down = 0.0;
  std::vector<double> follower_x_down;
  bool noted_missing = false;
  while (session.sim_time() < 13.0) {
    const game::PlayInput in = play_script::input_at(script, cue, session.sim_time());
    session.update(in, 1.0 / 60.0, wall, view);
    wall += 1.0 / 60.0;
    const anim::CharacterFrame& lead = session.frames()[session.selected()];
    seen.insert(lead.state);
    if (session.sim_time() < 3.0) chest_at_kill = lead.joints[anim::index(anim::Joint::chest)].x;
    if (session.sim_time() > 8.0 && session.sim_time() < 8.02) {
      leader_x_down = lead.x;
      for (std::size_t i = 0; i < session.frames().size(); ++i) follower_x_down.push_back(session.frames()[i].x);
    }
    if (session.sim_time() > 5.0 && session.sim_time() < 8.9) {
      CHECK(lead.state == anim::State::ragdoll);
      // Down, the leader is forward of where he was shot: the kick came from the cursor's side.
      CHECK(lead.joints[anim::index(anim::Joint::chest)].x > chest_at_kill);
    }
    for (const std::string& n : session.notes())
      noted_missing = noted_missing || n.find("not implemented") != std::string::npos || n.find("not down") != std::string::npos;
  }
  CHECK(seen.count(anim::State::ragdoll) == 1);
  CHECK(seen.count(anim::State::getup) == 1);
  CHECK(session.frames()[session.selected()].state == anim::State::stand);
  CHECK_FALSE(noted_missing);
  // While he was down the squad stopped around him: a second later nobody had moved on far.
  REQUIRE(follower_x_down.size() == session.frames().size());
  for (std::size_t i = 0; i < follower_x_down.size(); ++i) CHECK(std::abs(follower_x_down[i] - leader_x_down) < 4.0);
}
