// Raster benchmark: a 1280x720 frame with 10, 100 and 1000 soldiers spread over it (varied
// poses, the game's 160 px/m camera), beside a plain clear of the frame -- the memory
// bandwidth floor -- measured in the same run. Best of N (STYLE.md 11). Prints a table and
// writes a CSV (--csv PATH, default bench_raster.csv in the working directory).
#include "render/canvas.hpp"
#include "render/coverage_layer.hpp"
#include "render/figure.hpp"
#include "render/palette.hpp"
#include "tests/test_poses.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

// A fixed linear congruential sequence: the same soldiers every run (no globals).
struct Lcg {
  std::uint64_t state;
  double next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) / static_cast<double>(1ULL << 53);
  }
};

std::vector<anim::CharacterFrame> soldiers(int count, const render::Camera& cam) {
  Lcg rng{0x5eed0000ULL + static_cast<std::uint64_t>(count)};
  const double half_w = 0.5 * cam.width / cam.px_per_m, half_h = 0.5 * cam.height / cam.px_per_m;
  std::vector<anim::CharacterFrame> out;
  for (int i = 0; i < count; ++i) {
    test_poses::TestPose p;
    p.height = 1.65 + 0.25 * rng.next();
    p.aim_pitch = -0.3 + 0.7 * rng.next();
    p.crouch = rng.next() < 0.3 ? 0.6 * rng.next() : 0.0;
    p.lean = 0.05 + 0.2 * rng.next();
    p.stance = 0.15 + 0.3 * rng.next();
    const anim::vec2 origin{cam.center_world.x - half_w + 2.0 * half_w * rng.next(),
                            cam.center_world.y - half_h - 0.5 + (2.0 * half_h - 1.0) * rng.next()};
    out.push_back(test_poses::make_test_frame(origin, rng.next() < 0.5 ? 1 : -1, p));
  }
  return out;
}

template <class F>
double best_ms(int reps, F&& f) {
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = Clock::now();
    f();
    const auto t1 = Clock::now();
    best = std::min(best, std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  std::string csv_path = "bench_raster.csv";
  int reps = 9;
  double px_per_m = 160.0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--csv") == 0 && i + 1 < argc) csv_path = argv[++i];
    else if (std::strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = std::max(1, std::atoi(argv[++i]));
    else if (std::strcmp(argv[i], "--px-per-m") == 0 && i + 1 < argc) px_per_m = std::max(1.0, std::atof(argv[++i]));
    else {
      std::fprintf(stderr, "usage: %s [--csv PATH] [--reps N] [--px-per-m SCALE]\n", argv[0]);
      return 2;
    }
  }
  render::Camera cam;  // 1280x720, 160 px/m: the game's default view
  cam.px_per_m = px_per_m;
  const render::Palette palette = render::default_palette();
  render::Canvas canvas(cam.width, cam.height);
  render::CoverageLayer scratch(cam.width, cam.height);
  const render::Rgba bg = palette.sky_horizon;

  const double clear_ms = best_ms(reps * 4, [&] { canvas.clear(bg); });

  struct Row { int soldiers; std::size_t runs; double frame_ms, runs_ms, draw_ms; };
  std::vector<Row> rows;
  for (int n : {10, 100, 1000}) {
    const std::vector<anim::CharacterFrame> frames = soldiers(n, cam);
    std::size_t runs = 0;
    for (const auto& f : frames) runs += render::figure_runs(cam, f).size();
    // Pose -> runs alone (no pixels), to split geometry from rasterization.
    const double runs_ms = best_ms(reps, [&] {
      std::size_t k = 0;
      for (const auto& f : frames) k += render::figure_runs(cam, f).size();
      if (k != runs) std::abort();
    });
    const double frame_ms = best_ms(reps, [&] {
      canvas.clear(bg);
      for (const auto& f : frames) render::draw_soldier(canvas, cam, f, palette, scratch);
    });
    rows.push_back({n, runs, frame_ms, runs_ms, frame_ms - clear_ms});
  }

  std::printf("bench_raster: %dx%d canvas, %.0f px/m (soldier ~%.0f px tall), best of %d\n", cam.width, cam.height,
              cam.px_per_m, cam.to_px(1.78), reps);
  std::printf("baseline: clear of the frame %.3f ms (%.2f GB/s)\n", clear_ms,
              cam.width * cam.height * 4.0 / (clear_ms * 1e-3) / 1e9);
  std::printf("%9s %8s %12s %12s %12s %10s %12s\n", "soldiers", "runs", "frame ms", "draw ms", "runs ms", "ns/run",
              "x 60Hz budget");
  for (const Row& r : rows) {
    std::printf("%9d %8zu %12.3f %12.3f %12.3f %10.1f %12.2f\n", r.soldiers, r.runs, r.frame_ms, r.draw_ms, r.runs_ms,
                r.draw_ms * 1e6 / static_cast<double>(r.runs), r.frame_ms / (1000.0 / 60.0));
  }
  std::FILE* csv = std::fopen(csv_path.c_str(), "w");
  if (csv == nullptr) {
    std::fprintf(stderr, "bench_raster: cannot write CSV '%s': %s\n", csv_path.c_str(), std::strerror(errno));
    return 1;
  }
  std::fprintf(csv, "soldiers,runs,frame_ms,draw_ms,runs_ms,ns_per_run,clear_ms,width,height,px_per_m\n");
  for (const Row& r : rows) {
    std::fprintf(csv, "%d,%zu,%.4f,%.4f,%.4f,%.2f,%.4f,%d,%d,%.1f\n", r.soldiers, r.runs, r.frame_ms, r.draw_ms, r.runs_ms,
                 r.draw_ms * 1e6 / static_cast<double>(r.runs), clear_ms, cam.width, cam.height, cam.px_per_m);
  }
  std::fclose(csv);
  std::printf("wrote %s\n", csv_path.c_str());
  return 0;
}
