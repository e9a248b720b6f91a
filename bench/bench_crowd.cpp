// Crowd benchmark (issue 14): the full 60 Hz frame of N soldiers -- every soldier stepped by
// the real pipeline (game::World, anim::Character::step) at 1/120 s twice, then drawn on a
// cleared 1280x720 canvas (render::draw_soldier_groups, a group a lane: contact shadows, ranks, firing) -- for
// N = 10, 100 and 1000 and each thread count (1 and 2, and any --threads given). The
// soldiers stand in ten lanes over the frame, about 57 px tall (32 px/m), walking, running,
// backing off, aiming, firing, crouched, kneeling and prone: every state the pipeline has.
// Best of N runs (STYLE.md 11) of wall-clock time (threads share the work, so the CPU time
// of one thread would not say it). The baseline measured in the same run is the same frame
// on one thread: `speedup` is frame_ms(1 thread) / frame_ms. frame_hash hashes the frame's
// pixels, and must be the same on every thread count (STYLE.md 7).
#include "bench/bench_common.hpp"
#include "game/core/output_file.hpp"
#include "game/core/thread_pool.hpp"
#include "game/core/world.hpp"
#include "render/canvas.hpp"
#include "render/detail.hpp"
#include "render/palette.hpp"
#include "render/png_io.hpp"
#include "render/soldiers.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

constexpr double kDt = 1.0 / 120.0;         // s, the fixed step
constexpr int kStepsPerFrame = 2;           // a 60 Hz frame
constexpr double kBudgetMs = 1000.0 / 60.0; // one 60 Hz frame
constexpr int kLanes = 10;                  // rows of soldiers over the frame
constexpr double kLaneSpacing = 2.2;        // m between lanes (a 720 px frame at 32 px/m is 22.5 m)
constexpr double kFrameWidth = 38.0;        // m the soldiers spread over (1280 px at 32 px/m is 40 m)
constexpr int kWarmupSteps = 240;           // 2 s into steady gaits before anything is timed

// What soldier i does at step k: a mix of every state, the movers turning back every 1.5 s so
// the crowd stays in the frame; a shot every 0.5 s for the firers.
anim::Intent intent_for(std::size_t i, std::int64_t k, double x0) {
  anim::Intent in;
  const double turn = (k / 180) % 2 == 0 ? 1.0 : -1.0;
  in.has_aim = true;
  in.aim_world = {x0 + (i % 2 == 0 ? 30.0 : -30.0), 1.2 + 0.1 * static_cast<double>(i % 5)};
  switch (i % 8) {
    case 0: break;                                               // standing, aiming
    case 1: in.vx_desired = 1.4 * turn; break;                   // walking, aiming
    case 2: in.vx_desired = 5.5 * turn; in.has_aim = false; break;  // running, rifle carried
    case 3: in.vx_desired = -0.8 * turn; break;                  // backing off, aiming
    case 4: in.stance = anim::Stance::crouch; in.vx_desired = 0.6 * turn; break;
    case 5: in.stance = anim::Stance::kneel; break;
    case 6: in.stance = anim::Stance::prone; in.vx_desired = 0.3 * turn; break;
    default: in.fire = k % 60 == static_cast<std::int64_t>(i % 60); break;  // firing
  }
  return in;
}

struct Crowd {
  std::vector<anim::CharacterSpec> specs;
  std::vector<double> x0;  // start x, m
};

Crowd crowd_of(int n) {
  Crowd c;
  const int per_lane = (n + kLanes - 1) / kLanes;
  for (int i = 0; i < n; ++i) {
    anim::CharacterSpec s;
    s.id = "s" + std::to_string(i);
    const int slot = i / kLanes;
    s.x = -0.5 * kFrameWidth + kFrameWidth * (slot + 0.5 * (i % 2)) / std::max(1, per_lane);
    s.facing = i % 2 == 0 ? 1 : -1;
    s.height = 1.65 + 0.25 * static_cast<double>((i * 37) % 100) / 100.0;
    s.seed = static_cast<std::uint64_t>(i) * 7919u + 1u;
    s.role = i % 9 == 4 ? anim::Role::radioman : (i % 9 == 7 ? anim::Role::gunner : anim::Role::rifleman);
    s.team = static_cast<std::uint8_t>(i % 2);
    c.specs.push_back(s);
    c.x0.push_back(s.x);
  }
  return c;
}

// The camera of lane L: the same scale, its ground line at its own height of the canvas.
render::Camera lane_camera(const render::Camera& frame, int lane) {
  render::Camera c = frame;
  c.center_world.y += (lane - 0.5 * (kLanes - 1)) * kLaneSpacing;
  return c;
}

double process_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

std::uint64_t fnv1a(const render::Canvas& c) {
  std::uint64_t h = 1469598103934665603ULL;
  const std::size_t n = static_cast<std::size_t>(c.width()) * c.height() * 4;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ c.data()[i]) * 1099511628211ULL;
  return h;
}

struct Row {
  int soldiers = 0, threads = 0;
  double solve_ms = 0, draw_ms = 0, frame_ms = 0, speedup = 0;
  double cpu_ms = 0;  // the best frame's CPU time summed over all threads: the work, whatever the machine's load
  double solve_cpu_ms = 0, draw_cpu_ms = 0;  // the same, of the solve and of the draw alone (best of each)
  std::uint64_t hash = 0;
};

}  // namespace

int main(int argc, char** argv) {
  std::string csv_path = bench::default_csv("bench_crowd.csv"), png;
  int reps = 7;
  std::vector<int> counts = {10, 100, 1000};
  std::vector<int> extra_threads;
  double px_per_m = 32.0;
  bool no_lod = false;
  CLI::App app{"Crowd benchmark: the full 60 Hz frame (two 1/120 s steps of every soldier, then the frame drawn) "
               "of 10, 100 and 1000 soldiers on 1 and 2 threads, best of N, with a hash of the frame's pixels",
               "bench_crowd"};
  bench::add_csv_and_reps(app, csv_path, "bench_crowd.csv", reps);
  app.add_option("--soldiers", counts, "Soldier counts to measure (1..5000 each; default 10 100 1000)")
      ->check(CLI::Range(1, 5000));
  app.add_option("--threads", extra_threads, "Thread counts to measure besides 1 and 2 (1.." +
                                                 std::to_string(game::kMaxThreads) + " each)")
      ->check(CLI::Range(1, game::kMaxThreads));
  app.add_option("--px-per-m", px_per_m, "Scale, px per m (5..200; default 32: a 1.78 m soldier is 57 px tall)")
      ->check(CLI::Range(5.0, 200.0));
  app.add_flag("--no-lod", no_lod, "Every soldier at full detail (render/detail.hpp), to measure what the level of detail saves");
  app.add_option("--png", png, "Also write the last frame of the largest count on the last thread count to this PNG");
  if (const std::optional<int> stop = bench::parse(app, argc, argv)) return *stop;
  std::vector<int> thread_counts = {1, 2};
  for (int t : extra_threads)
    if (std::find(thread_counts.begin(), thread_counts.end(), t) == thread_counts.end()) thread_counts.push_back(t);
  if (!bench::can_write("bench_crowd", csv_path)) return 1;
  std::string error;

  const render::Palette palette = render::default_palette();
  render::Camera cam;  // 1280x720
  cam.px_per_m = px_per_m;
  cam.center_world = {0.0, 0.9};
  render::Canvas canvas(cam.width, cam.height);
  const anim::Terrain terrain;
  const double clear_ms = bench::best_of(reps * 4, [&] { canvas.clear(palette.sky_horizon); }).wall_ms;

  std::vector<Row> rows;
  for (int n : counts) {
    const Crowd crowd = crowd_of(n);
    double one_thread_ms = 0.0;
    for (int threads : thread_counts) {
      std::fprintf(stderr, "bench_crowd: %d soldiers, %d thread%s\n", n, threads, threads == 1 ? "" : "s");  // progress
      game::ThreadPool pool(threads);
      const render::ForEach parallel = pool.runner();
      game::World world(terrain, crowd.specs);
      world.set_pool(&pool);
      std::vector<anim::Intent> intents(world.size());
      // Each soldier's level of detail from his height on the canvas, with hysteresis
      // (render/detail.hpp); his gear follows it. --no-lod: all near.
      std::vector<render::Detail> detail(world.size(), render::Detail::near);
      std::int64_t k = 0;
      auto step = [&] {
        if (!no_lod)
          for (std::size_t i = 0; i < detail.size(); ++i) {
            detail[i] = render::detail_level(world.frames()[i].body_size.height * px_per_m, detail[i]);
            world.set_detail(i, render::solve_detail(detail[i]));
          }
        for (std::size_t i = 0; i < intents.size(); ++i) intents[i] = intent_for(i, k, crowd.x0[i]);
        world.step(intents, kDt);
        ++k;
      };
      std::vector<std::vector<anim::CharacterFrame>> lane_frames(kLanes);
      std::vector<std::vector<render::Detail>> lane_detail(kLanes);
      std::vector<render::SoldierGroup> lanes(kLanes);
      render::SoldierScratch scratch;  // the bands' buffers, reused frame after frame
      auto draw = [&] {
        canvas.clear(palette.sky_horizon);
        for (int lane = 0; lane < kLanes; ++lane) {
          std::vector<anim::CharacterFrame>& frames = lane_frames[static_cast<std::size_t>(lane)];
          std::vector<render::Detail>& lod = lane_detail[static_cast<std::size_t>(lane)];
          frames.clear();
          lod.clear();
          for (std::size_t i = static_cast<std::size_t>(lane); i < world.size(); i += kLanes) {
            frames.push_back(world.frames()[i]);
            lod.push_back(detail[i]);
          }
          lanes[static_cast<std::size_t>(lane)] = {lane_camera(cam, lane), &terrain, frames, -1, lod};
        }
        // The ten lanes, each a camera of its own, in one pass over the canvas: the pixels
        // of ten draw_soldiers calls, lane after lane.
        render::draw_soldier_groups(canvas, lanes, palette, {}, parallel, &scratch);
      };
      for (int w = 0; w < kWarmupSteps; ++w) step();
      Row row;
      row.soldiers = n;
      row.threads = threads;
      row.solve_ms = row.draw_ms = row.frame_ms = row.cpu_ms = row.solve_cpu_ms = row.draw_cpu_ms = 1e300;
      for (int r = 0; r < reps; ++r) {
        const double c0 = process_cpu_ms();
        const auto t0 = std::chrono::steady_clock::now();
        for (int s = 0; s < kStepsPerFrame; ++s) step();
        const double solve = bench::wall_ms_since(t0);
        const double c1 = process_cpu_ms();
        const auto t1 = std::chrono::steady_clock::now();
        draw();
        const double drawn = bench::wall_ms_since(t1);
        const double c2 = process_cpu_ms();
        row.solve_cpu_ms = std::min(row.solve_cpu_ms, c1 - c0);
        row.draw_cpu_ms = std::min(row.draw_cpu_ms, c2 - c1);
        row.solve_ms = std::min(row.solve_ms, solve);
        row.draw_ms = std::min(row.draw_ms, drawn);
        row.frame_ms = std::min(row.frame_ms, solve + drawn);
        row.cpu_ms = std::min(row.cpu_ms, process_cpu_ms() - c0);
      }
      row.hash = fnv1a(canvas);  // the frame after the same steps on every thread count
      if (threads == 1) one_thread_ms = row.frame_ms;
      row.speedup = one_thread_ms > 0.0 ? one_thread_ms / row.frame_ms : 0.0;
      rows.push_back(row);
      if (!png.empty() && n == counts.back() && threads == thread_counts.back() && !render::write_png(canvas, png, error)) {
        std::fprintf(stderr, "bench_crowd: %s\n", error.c_str());
        return 1;
      }
    }
  }

  std::printf("bench_crowd: %dx%d canvas, %.0f px/m (%.0f px tall), best of %d frames, %d cores, level of detail %s\n",
              cam.width, cam.height, px_per_m, px_per_m * 1.78, reps, game::default_thread_count(),
              no_lod ? "off (--no-lod)" : "on");
  std::printf("baseline: the same frame on 1 thread (speedup); clear of the frame %.3f ms\n", clear_ms);
  std::printf("%9s %8s %10s %10s %10s %9s %8s %10s %10s %10s  %s\n", "soldiers", "threads", "solve ms", "draw ms",
              "frame ms", "x budget", "speedup", "cpu ms", "solve cpu", "draw cpu", "frame hash");
  bool hashes_agree = true;
  for (const Row& r : rows) {
    std::printf("%9d %8d %10.3f %10.3f %10.3f %9.2f %8.2f %10.3f %10.3f %10.3f  %016llx\n", r.soldiers, r.threads,
                r.solve_ms, r.draw_ms, r.frame_ms, r.frame_ms / kBudgetMs, r.speedup, r.cpu_ms, r.solve_cpu_ms, r.draw_cpu_ms,
                static_cast<unsigned long long>(r.hash));
    for (const Row& o : rows)
      if (o.soldiers == r.soldiers && o.hash != r.hash) hashes_agree = false;
  }
  std::printf("solve: two 1/120 s steps of every soldier; draw: clear + soldiers; frame ms: best solve + draw of one\n"
              "frame (wall clock); x budget: frame ms / 16.667 ms (60 Hz), <= 1.00 fits; cpu ms: the best frame's CPU time\n"
              "over all threads (on a loaded machine the wall clock also counts time the threads waited for a core); solve cpu,\n"
              "draw cpu: the same of the solve and of the draw alone\n");
  const bool written = bench::write_csv("bench_crowd", csv_path, [&](std::FILE* csv) {
    std::fprintf(csv, "soldiers,threads,solve_ms,draw_ms,frame_ms,x_budget,frame_hash,speedup,clear_ms,px_per_m,reps,lod,cpu_ms,solve_cpu_ms,draw_cpu_ms\n");
    for (const Row& r : rows)
      std::fprintf(csv, "%d,%d,%.4f,%.4f,%.4f,%.4f,%016llx,%.3f,%.4f,%.1f,%d,%s,%.4f,%.4f,%.4f\n", r.soldiers, r.threads,
                   r.solve_ms, r.draw_ms, r.frame_ms, r.frame_ms / kBudgetMs, static_cast<unsigned long long>(r.hash), r.speedup,
                   clear_ms, px_per_m, reps, no_lod ? "off" : "on", r.cpu_ms, r.solve_cpu_ms, r.draw_cpu_ms);
  });
  if (!written) return 1;
  if (!hashes_agree) {
    std::fprintf(stderr, "bench_crowd: the frame differs between thread counts (a determinism bug)\n");
    return 1;
  }
  return 0;
}
