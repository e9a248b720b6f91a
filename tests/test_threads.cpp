// Issue 14: the soldiers stepped and the canvas drawn on a pool of threads, and the output the
// same bytes for every thread count (STYLE.md 7, as Box2D's test_determinism.c hashes final
// transforms for every worker count): the trace and the PNG of a crowded scenario for 1, 2
// and 8 threads, end to end; and, in process, the pool itself and the banded draw run in any
// order.
#include "game/core/scenario.hpp"
#include "game/core/thread_pool.hpp"
#include "game/core/world.hpp"
#include "program_runner.hpp"
#include "render/canvas.hpp"
#include "render/capsule_scan_avx2.hpp"
#include "render/palette.hpp"
#include "render/soldiers.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace {

using program_runner::Scratch;

const std::string kCrowd = std::string(SOLDIER_SOURCE_DIR) + "/tests/data/crowd_threads.toml";

std::uint64_t fnv1a(const std::string& bytes) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ULL;
  return h;
}

std::uint64_t fnv1a(const render::Canvas& c) {
  return fnv1a(std::string(reinterpret_cast<const char*>(c.data()), static_cast<std::size_t>(c.width()) * c.height() * 4));
}

// The crowd's soldiers after `steps` steps, stepped on `pool` (null: no pool).
std::vector<anim::CharacterFrame> crowd_frames(game::ThreadPool* pool, int steps) {
  const game::ScenarioResult parsed = game::parse_scenario_file(kCrowd);
  REQUIRE(std::holds_alternative<game::Scenario>(parsed));
  const game::Scenario* s = &std::get<game::Scenario>(parsed);
  std::vector<anim::CharacterSpec> specs;
  for (const game::SoldierScript& soldier : s->soldiers) specs.push_back(soldier.spec);
  game::World world(s->terrain, specs);
  world.set_pool(pool);
  std::vector<anim::Intent> intents(world.size());
  for (std::size_t i = 0; i < intents.size(); ++i) {
    intents[i].vx_desired = (i % 3 == 0) ? 0.0 : 1.0 + 0.3 * static_cast<double>(i % 4);
    intents[i].has_aim = true;
    intents[i].aim_world = {30.0, 1.2};
  }
  for (int k = 0; k < steps; ++k) {
    for (std::size_t i = 0; i < intents.size(); ++i) intents[i].fire = (k == steps - 3) && i % 3 == 0;
    world.step(intents, s->dt);
  }
  return {world.frames().begin(), world.frames().end()};
}

// A 640x360 view of the crowd at `px_per_m`.
render::Camera crowd_camera(double px_per_m) {
  render::Camera cam;
  cam.width = 640;
  cam.height = 360;
  cam.px_per_m = px_per_m;
  cam.center_world = {0.0, 1.0};
  return cam;
}

}  // namespace

TEST_CASE("the pool runs every index exactly once, on any size, and returns when all are done") {
  for (int threads : {1, 2, 3, 8}) {
    game::ThreadPool pool(threads);
    CHECK(pool.size() == threads);
    for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{1000}}) {
      std::vector<std::atomic<int>> hits(count);
      pool.for_each(count, [&](std::size_t i) { hits[i].fetch_add(1); });
      int wrong = 0;
      for (const auto& h : hits) wrong += h.load() != 1;
      CHECK(wrong == 0);
    }
  }
  CHECK(game::ThreadPool(0).size() == 1);  // clamped to at least the calling thread
  CHECK(game::default_thread_count() >= 1);
}

TEST_CASE("a job's exception reaches the caller, and the pool still works after it") {
  game::ThreadPool pool(4);
  std::atomic<int> ran{0};
  CHECK_THROWS_AS(pool.for_each(100, [&](std::size_t i) {
    ran.fetch_add(1);
    if (i == 37) throw std::runtime_error("job 37");
  }), std::runtime_error);
  CHECK(ran.load() == 100);  // the other indices still ran
  std::atomic<int> again{0};
  pool.for_each(50, [&](std::size_t) { again.fetch_add(1); });
  CHECK(again.load() == 50);
}

TEST_CASE("the world steps to the same bytes with no pool and with pools of 1, 2 and 8 threads") {
  const std::vector<anim::CharacterFrame> alone = crowd_frames(nullptr, 90);
  REQUIRE(alone.size() == 24);
  for (int threads : {1, 2, 8}) {
    game::ThreadPool pool(threads);
    const std::vector<anim::CharacterFrame> pooled = crowd_frames(&pool, 90);
    REQUIRE(pooled.size() == alone.size());
    int differ = 0;
    for (std::size_t i = 0; i < alone.size(); ++i)
      differ += alone[i].x != pooled[i].x || std::memcmp(&alone[i].joints, &pooled[i].joints, sizeof alone[i].joints) != 0 ||
                std::memcmp(&alone[i].gear, &pooled[i].gear, sizeof alone[i].gear) != 0;
    CHECK_MESSAGE(differ == 0, threads << " threads");
  }
  // And the motion is there: the walkers have moved from where they started.
  CHECK(alone[1].x - (-7.0 + 0.6) > 0.5);
}

TEST_CASE("the bands of the canvas give the same pixels whatever order and threads they run on") {
  const std::vector<anim::CharacterFrame> frames = crowd_frames(nullptr, 90);
  const render::Camera cam = crowd_camera(60.0);
  const render::Palette palette = render::default_palette();
  const anim::Terrain terrain;
  auto draw = [&](const render::ForEach& parallel) {
    render::Canvas canvas(cam.width, cam.height);
    canvas.clear(palette.sky_horizon);
    render::draw_soldiers(canvas, cam, terrain, frames, palette, 3, {}, parallel);
    return canvas;
  };
  const render::Canvas inline_drawn = draw({});
  // Something was drawn, across more than one band.
  int rows_touched = 0;
  for (int y = 0; y < inline_drawn.height(); ++y) {
    bool touched = false;
    for (int x = 0; x < inline_drawn.width() && !touched; ++x) touched = !(inline_drawn.pixel(x, y) == palette.sky_horizon);
    rows_touched += touched;
  }
  CHECK(rows_touched > render::kBandRows);

  const render::ForEach backwards = [](std::size_t n, const std::function<void(std::size_t)>& job) {
    for (std::size_t i = n; i-- > 0;) job(i);
  };
  CHECK(fnv1a(draw(backwards)) == fnv1a(inline_drawn));
  for (int threads : {1, 2, 8}) {
    game::ThreadPool pool(threads);
    CHECK_MESSAGE(fnv1a(draw(pool.runner())) == fnv1a(inline_drawn), threads << " threads");
  }
}

TEST_CASE("soldiers drawn as groups in one pass give the pixels of one draw_soldiers call per group") {
  const std::vector<anim::CharacterFrame> frames = crowd_frames(nullptr, 90);
  const render::Camera cam = crowd_camera(40.0);
  const render::Palette palette = render::default_palette();
  const anim::Terrain terrain;
  // Three groups, each a camera of its own: the crowd split in three, seen higher or lower on
  // the canvas, overlapping where their rows meet; the selected soldier in the middle one.
  std::vector<std::vector<anim::CharacterFrame>> parts(3);
  for (std::size_t i = 0; i < frames.size(); ++i) parts[i % 3].push_back(frames[i]);
  std::vector<render::SoldierGroup> groups;
  for (int g = 0; g < 3; ++g) {
    render::Camera c = cam;
    c.center_world.y += 1.6 * (g - 1);
    groups.push_back({c, &terrain, parts[static_cast<std::size_t>(g)], g == 1 ? 2 : -1, {}});
  }
  render::Canvas one_by_one(cam.width, cam.height);
  one_by_one.clear(palette.sky_horizon);
  for (const render::SoldierGroup& g : groups)
    render::draw_soldiers(one_by_one, g.camera, *g.terrain, g.soldiers, palette, g.selected);
  for (int threads : {1, 2, 8}) {
    game::ThreadPool pool(threads);
    render::SoldierScratch scratch;
    render::Canvas grouped(cam.width, cam.height);
    for (int frame = 0; frame < 2; ++frame) {  // the second time on reused scratch
      grouped.clear(palette.sky_horizon);
      render::draw_soldier_groups(grouped, groups, palette, {}, pool.runner(), &scratch);
      CHECK_MESSAGE(fnv1a(grouped) == fnv1a(one_by_one), threads << " threads, frame " << frame);
    }
  }
}

TEST_CASE("the eight-pixel walk of thin runs gives the bytes of the four-pixel walk a CPU without AVX2 takes") {
  const std::vector<anim::CharacterFrame> frames = crowd_frames(nullptr, 90);
  const render::Palette palette = render::default_palette();
  const anim::Terrain terrain;
  // At a crowd's scale (every run thin) and closer (runs past the eight-pixel walk's reach).
  for (double px_per_m : {32.0, 60.0, 160.0}) {
    CAPTURE(px_per_m);
    const render::Camera cam = crowd_camera(px_per_m);
    auto draw = [&](bool octs) {
      render::detail::set_avx2_allowed(octs);
      render::Canvas canvas(cam.width, cam.height);
      canvas.clear(palette.sky_horizon);
      render::draw_soldiers(canvas, cam, terrain, frames, palette, 3);
      render::detail::set_avx2_allowed(true);
      return canvas;
    };
    const render::Canvas quads = draw(false);
    CHECK(fnv1a(draw(true)) == fnv1a(quads));
    int covered = 0;  // (something was drawn)
    for (int y = 0; y < quads.height(); ++y)
      for (int x = 0; x < quads.width(); ++x) covered += !(quads.pixel(x, y) == palette.sky_horizon);
    CHECK(covered > 1000);
  }
}

TEST_CASE("soldier trace and soldier render write the same bytes with --threads 1, 2 and 8") {
  Scratch scratch("test_threads");
  std::uint64_t trace_hash = 0, png_hash = 0;
  for (int threads : {1, 2, 8}) {
    const std::string n = std::to_string(threads);
    const std::string csv = (scratch / ("trace" + n + ".csv")).string(), png = (scratch / ("frame" + n + ".png")).string();
    const auto t = program_runner::soldier(scratch, "trace --scenario '" + kCrowd + "' --out '" + csv + "' --threads " + n);
    REQUIRE_MESSAGE(t.status == 0, t.err);
    const auto r = program_runner::soldier(
        scratch, "render --scenario '" + kCrowd + "' --at 1.0 --size 640x360 --zoom 60 --out '" + png + "' --threads " + n);
    REQUIRE_MESSAGE(r.status == 0, r.err);
    const std::string trace = program_runner::read_file(csv), image = program_runner::read_file(png);
    REQUIRE(program_runner::count_lines(trace) > 24 * 100);  // every soldier, every step
    REQUIRE(image.size() > 1000);
    if (threads == 1) {
      trace_hash = fnv1a(trace);
      png_hash = fnv1a(image);
    } else {
      CHECK_MESSAGE(fnv1a(trace) == trace_hash, "trace, " << threads << " threads");
      CHECK_MESSAGE(fnv1a(image) == png_hash, "PNG, " << threads << " threads");
    }
  }
}

TEST_CASE("--threads takes 1..256 and rejects anything else with one line") {
  Scratch scratch("test_threads_flags");
  for (const char* bad : {"0", "-1", "257", "abc", "1.5"}) {
    const auto r = program_runner::soldier(
        scratch, std::string("trace --scenario '") + kCrowd + "' --out '" + (scratch / "t.csv").string() + "' --threads " + bad);
    CHECK_MESSAGE(r.status == 2, bad);
    CHECK_MESSAGE(program_runner::count_lines(r.err) == 1, bad << ": " << r.err);
  }
  CHECK(program_runner::soldier(scratch, "render --help").out.find("--threads") != std::string::npos);
}
