// Gait benchmark (issue 3): the full per-frame solve of a soldier — body motion, gait, feet,
// pelvis, lean, rifle and both arms, look-at, legs, gear springs — single thread, for 1, 100
// and 1000 soldiers at mixed speeds. Reported as poses per second and as the time 1000
// soldiers take per 60 Hz frame, beside a baseline measured in the same run: forward
// kinematics alone of the same poses (the floor of any skeletal pose). Best of N
// (STYLE.md 11); thread CPU time, so a loaded machine does not inflate it. Prints a table and
// writes a CSV (--csv PATH, default bench_gait.csv in the working directory, or the build
// directory when that is the source tree: bench_common.hpp).
#include "anim/character.hpp"
#include "bench/bench_common.hpp"
#include "game/core/output_file.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

using bench::thread_cpu_ms;

constexpr double kDt = 1.0 / 120.0;

std::vector<anim::Character> squad(int n, const anim::Terrain& terrain) {
  std::vector<anim::Character> out;
  out.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    anim::CharacterSpec spec;
    spec.x = 3.0 * i;
    spec.seed = static_cast<std::uint64_t>(i);
    spec.height = 1.65 + 0.002 * (i % 100);
    out.emplace_back(spec, anim::Tuning{}, terrain);
  }
  return out;
}

anim::Intent intent_for(int i, int frame) {
  anim::Intent in;
  in.vx_desired = 0.5 + 7.0 * ((i * 37) % 100) / 100.0;  // 0.5 .. 7.5 m/s
  in.has_aim = (i % 3) != 0;
  in.aim_world = {3.0 * i + 30.0, 1.5 + 0.01 * (frame % 200)};
  return in;
}

}  // namespace

int main(int argc, char** argv) {
  std::string csv = bench::default_csv("bench_gait.csv");
  int reps = 7;
  CLI::App app{"Gait benchmark: the full per-frame solve of 1, 100 and 1000 soldiers at mixed speeds, one thread, "
               "best of N, beside forward kinematics alone of the same poses",
               "bench_gait"};
  bench::add_csv_and_reps(app, csv, "bench_gait.csv", reps);
  if (const std::optional<int> stop = bench::parse(app, argc, argv)) return *stop;
  const anim::Terrain terrain;
  if (!bench::can_write("bench_gait", csv)) return 1;
  std::string lines = "soldiers,frames,solve_ms_per_frame,fk_ms_per_frame,ratio,poses_per_s\n";
  std::printf("%9s %8s %16s %14s %7s %14s %22s\n", "soldiers", "frames", "solve ms/frame", "fk ms/frame", "ratio",
              "poses/s", "1000 soldiers/frame");
  for (int n : {1, 100, 1000}) {
    const int frames = n == 1 ? 2400 : (n == 100 ? 240 : 60);
    double best_solve = 1e30, best_fk = 1e30;
    for (int r = 0; r < reps; ++r) {
      std::fprintf(stderr, "bench_gait: %d soldiers, run %d of %d\n", n, r + 1, reps);  // progress (issue 14)
      std::vector<anim::Character> s = squad(n, terrain);
      for (int f = 0; f < 120; ++f)  // warm up into steady gaits
        for (int i = 0; i < n; ++i) s[static_cast<std::size_t>(i)].step(intent_for(i, f), kDt, terrain);
      const double t0 = thread_cpu_ms();
      for (int f = 0; f < frames; ++f)
        for (int i = 0; i < n; ++i) s[static_cast<std::size_t>(i)].step(intent_for(i, f), kDt, terrain);
      best_solve = std::min(best_solve, (thread_cpu_ms() - t0) / frames);
      // Baseline: forward kinematics alone of the very same poses.
      double sink = 0.0;
      const double t1 = thread_cpu_ms();
      for (int f = 0; f < frames; ++f)
        for (const anim::Character& c : s) {
          const anim::JointPositions j = anim::forward_kinematics(c.frame().pose, c.frame().body_size, c.frame().body);
          sink += j[0].x;
        }
      best_fk = std::min(best_fk, (thread_cpu_ms() - t1) / frames);
      if (sink == 12345.678) std::printf(" ");
    }
    const double poses = n / (best_solve * 1e-3);
    const double per_1000 = best_solve * 1000.0 / n;
    std::printf("%9d %8d %16.4f %14.4f %7.1f %14.0f %17.3f ms (%.2fx of 16.7)\n", n, frames, best_solve, best_fk,
                best_solve / best_fk, poses, per_1000, per_1000 / 16.667);
    char line[160];
    std::snprintf(line, sizeof line, "%d,%d,%.6f,%.6f,%.3f,%.0f\n", n, frames, best_solve, best_fk, best_solve / best_fk, poses);
    lines += line;
  }
  return bench::write_csv("bench_gait", csv, [&](std::FILE* out) { std::fputs(lines.c_str(), out); }) ? 0 : 1;
}
