// Raster benchmark: a 1280x720 frame with 10, 100 and 1000 soldiers spread over it (varied
// poses), beside a plain clear of the frame -- the memory bandwidth floor -- measured in the
// same run. Best of N (STYLE.md 11). Scales: 24, 32 and 40 px/m, where figures are 43-71 px
// tall and 1000 of them plausibly share a 1280x720 frame (issue 2: 1000 soldiers within a
// 60 Hz frame, 16.7 ms, on one core), and the game's close 160 px/m camera (285 px tall).
// Prints a table and writes a CSV (--csv PATH, default bench_raster.csv in the working
// directory, or the build directory when that is the source tree: bench_common.hpp); --png-dir DIR also writes each scale's 1000-soldier frame as a PNG to look at;
// --no-lod draws every highlight (render::FigureLod::none()), to measure what the level of
// detail saves.
#include "bench/bench_common.hpp"
#include "game/core/output_file.hpp"
#include "render/canvas.hpp"
#include "render/coverage_layer.hpp"
#include "render/figure.hpp"
#include "render/palette.hpp"
#include "render/png_io.hpp"
#include "tests/test_poses.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

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

}  // namespace

int main(int argc, char** argv) {
  std::string csv_path = bench::default_csv("bench_raster.csv"), png_dir;
  int reps = 9;
  double px_per_m = 0.0;
  bool no_lod = false;
  CLI::App app{"Raster benchmark: 10, 100 and 1000 soldiers over a 1280x720 frame, one core, best of N, beside a clear "
               "of the frame measured in the same run",
               "bench_raster"};
  app.add_option("--csv", csv_path, "CSV to write (default bench_raster.csv in the working directory; the build "
                                    "directory when that is the source tree)");
  app.add_option("--reps", reps, "Runs per measurement, the best kept (1..1000, default 9)")->check(CLI::Range(1, 1000));
  app.add_option("--px-per-m", px_per_m, "Measure this one scale, px per m (5..2000; default 24, 32, 40 and 160)")
      ->check(CLI::Range(5.0, 2000.0));
  app.add_option("--png-dir", png_dir, "Also write each scale's 1000-soldier frame as a PNG into this folder")
      ->check(CLI::ExistingDirectory);
  app.add_flag("--no-lod", no_lod, "Draw every highlight (render::FigureLod::none()), to measure what the level of detail saves");
  if (const std::optional<int> stop = bench::parse(app, argc, argv)) return *stop;
  std::vector<double> scales = {24.0, 32.0, 40.0, 160.0};  // px/m
  if (px_per_m > 0.0) scales = {px_per_m};
  const render::FigureLod lod = no_lod ? render::FigureLod::none() : render::FigureLod{};
  std::string error;
  if (!game::OutputFile::open(csv_path, error)) {  // tried before the long run, written whole at its end
    std::fprintf(stderr, "bench_raster: %s\n", error.c_str());
    return 1;
  }
  constexpr double kBudgetMs = 1000.0 / 60.0;  // one 60 Hz frame
  const render::Palette palette = render::default_palette();
  render::Camera cam;  // 1280x720
  render::Canvas canvas(cam.width, cam.height);
  render::CoverageLayer scratch(cam.width, cam.height);
  const render::Rgba bg = palette.sky_horizon;

  const double clear_ms = bench::best_of(reps * 4, [&] { canvas.clear(bg); }).wall_ms;

  struct Row { double px_per_m; int soldiers; std::size_t runs; double frame_ms, runs_ms, draw_ms, cpu_ms; };
  std::vector<Row> rows;
  for (double scale : scales) {
    cam.px_per_m = scale;
    for (int n : {10, 100, 1000}) {
      std::fprintf(stderr, "bench_raster: %.0f px/m, %d soldiers\n", scale, n);  // progress (issue 14)
      const std::vector<anim::CharacterFrame> frames = soldiers(n, cam);
      std::size_t runs = 0;
      for (const auto& f : frames) runs += render::figure_runs(cam, f).size();
      // Pose -> runs alone (no pixels), to split geometry from rasterization.
      const double runs_ms = bench::best_of(reps, [&] {
        std::size_t k = 0;
        for (const auto& f : frames) k += render::figure_runs(cam, f).size();
        if (k != runs) std::abort();
      }).wall_ms;
      const bench::Best frame = bench::best_of(reps, [&] {
        canvas.clear(bg);
        for (const auto& f : frames) render::draw_soldier(canvas, cam, f, palette, scratch, {}, lod);
      });
      rows.push_back({scale, n, runs, frame.wall_ms, runs_ms, frame.wall_ms - clear_ms, frame.cpu_ms});
      if (!png_dir.empty() && n == 1000) {
        std::string error;
        const std::string path = png_dir + "/bench_frame_" + std::to_string(static_cast<int>(scale)) + "ppm.png";
        if (!render::write_png(canvas, path, error)) {
          std::fprintf(stderr, "bench_raster: %s\n", error.c_str());
          return 1;
        }
      }
    }
  }

  std::printf("bench_raster: %dx%d canvas, one core, best of %d, level of detail %s\n", cam.width, cam.height, reps,
              lod.min_highlight_radius_px > 0.0f ? "on" : "off (--no-lod)");
  std::printf("baseline: clear of the frame %.3f ms (%.2f GB/s)\n", clear_ms,
              cam.width * cam.height * 4.0 / (clear_ms * 1e-3) / 1e9);
  std::printf("%6s %7s %9s %8s %10s %10s %10s %9s %9s %9s\n", "px/m", "tall px", "soldiers", "runs", "frame ms",
              "cpu ms", "draw ms", "runs ms", "ns/run", "x budget");
  for (const Row& r : rows) {
    std::printf("%6.0f %7.0f %9d %8zu %10.3f %10.3f %10.3f %9.3f %9.1f %9.2f\n", r.px_per_m, r.px_per_m * 1.78, r.soldiers,
                r.runs, r.frame_ms, r.cpu_ms, r.draw_ms, r.runs_ms, r.draw_ms * 1e6 / static_cast<double>(r.runs), r.frame_ms / kBudgetMs);
  }
  std::printf("frame ms: wall clock, clear + soldiers; cpu ms: the same frame's thread CPU time (robust to a\n"
              "shared machine); draw ms = frame ms - clear; x budget: frame ms / 16.667 ms (60 Hz), <= 1.00 fits\n");
  std::unique_ptr<game::OutputFile> out = game::OutputFile::open(csv_path, error);
  if (!out) {
    std::fprintf(stderr, "bench_raster: %s\n", error.c_str());
    return 1;
  }
  std::FILE* csv = out->stream();
  std::fprintf(csv, "px_per_m,soldiers,runs,frame_ms,cpu_ms,draw_ms,runs_ms,ns_per_run,x_budget,clear_ms,width,height\n");
  for (const Row& r : rows) {
    std::fprintf(csv, "%.1f,%d,%zu,%.4f,%.4f,%.4f,%.4f,%.2f,%.4f,%.4f,%d,%d\n", r.px_per_m, r.soldiers, r.runs, r.frame_ms,
                 r.cpu_ms, r.draw_ms, r.runs_ms, r.draw_ms * 1e6 / static_cast<double>(r.runs), r.frame_ms / kBudgetMs, clear_ms,
                 cam.width, cam.height);
  }
  if (!out->commit(error)) {
    std::fprintf(stderr, "bench_raster: %s\n", error.c_str());
    return 1;
  }
  std::printf("wrote %s\n", csv_path.c_str());
  return 0;
}
