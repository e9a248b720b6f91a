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
#if SOLDIER_HAVE_CAIRO
#include "bench/cairo_runs.hpp"

#include <cairo.h>
#endif
#include "game/core/output_file.hpp"
#include "render/canvas.hpp"
#include "render/figure.hpp"
#include "render/figure_tiles.hpp"
#include "render/palette.hpp"
#include "render/png_io.hpp"
#include "tests/test_poses.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

#if SOLDIER_HAVE_CAIRO
constexpr bool kHaveCairo = true;
#else
constexpr bool kHaveCairo = false;
#endif

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

// Mean absolute difference of two images of one size, in 0..255 levels over the colour
// channels of the pixels either one covers (differs from the background `bg`).
double mean_abs_diff(const render::Canvas& a, const render::Canvas& b, render::Rgba bg) {
  double sum = 0.0;
  std::size_t covered = 0;
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x) {
      const render::Rgba p = a.pixel(x, y), q = b.pixel(x, y);
      if (p == bg && q == bg) continue;
      ++covered;
      sum += std::abs(p.r - q.r) + std::abs(p.g - q.g) + std::abs(p.b - q.b);
    }
  return covered == 0 ? 0.0 : sum / (3.0 * static_cast<double>(covered));
}

#if SOLDIER_HAVE_CAIRO
// --vs-cairo: the same runs of the same soldiers drawn by ours and by cairo in the same run
// (bench/cairo_runs.hpp), timed alike (clear + runs; the runs are made once, before), and the
// two images compared.
int vs_cairo(const std::vector<double>& scales, int reps, const std::string& csv_path, const std::string& png_dir,
             const render::FigureLod& lod) {
  const render::Palette palette = render::default_palette();
  render::Camera cam;
  render::Canvas ours(cam.width, cam.height);
  render::FigureTiles scratch;
  bench::CairoCanvas theirs(cam.width, cam.height);
  const render::Rgba bg = palette.sky_horizon;
  struct Row { double px_per_m; int soldiers; double ours_ms, cairo_ms, diff; };
  std::vector<Row> rows;
  for (double scale : scales) {
    cam.px_per_m = scale;
    for (int n : {10, 100, 1000}) {
      std::fprintf(stderr, "bench_raster --vs-cairo: %.0f px/m, %d soldiers\n", scale, n);  // progress
      std::vector<std::vector<render::FigureRun>> runs;
      for (const anim::CharacterFrame& f : soldiers(n, cam)) runs.push_back(render::figure_runs(cam, f, {}, lod));
      const double ours_ms = bench::best_of(reps, [&] {
        ours.clear(bg);
        for (const auto& r : runs) render::paint_figure_runs(ours, r, palette, scratch);
      }).cpu_ms;
      const double cairo_ms = bench::best_of(reps, [&] {
        theirs.clear(bg);
        for (const auto& r : runs) theirs.paint_runs(r, palette, 0);
      }).cpu_ms;
      const render::Canvas cairo_image = theirs.pixels();
      rows.push_back({scale, n, ours_ms, cairo_ms, mean_abs_diff(ours, cairo_image, bg)});
      if (!png_dir.empty() && n == 1000) {
        std::string error;
        const std::string stem = png_dir + "/vs_cairo_" + std::to_string(static_cast<int>(scale)) + "ppm_";
        if (!render::write_png(ours, stem + "ours.png", error) || !render::write_png(cairo_image, stem + "cairo.png", error)) {
          std::fprintf(stderr, "bench_raster: %s\n", error.c_str());
          return 1;
        }
      }
    }
  }
  std::printf("bench_raster --vs-cairo: %dx%d canvas, one core, thread CPU time, best of %d; cairo %s\n", cam.width,
              cam.height, reps, cairo_version_string());
  std::printf("%6s %7s %9s %10s %10s %8s %14s\n", "px/m", "tall px", "soldiers", "ours ms", "cairo ms", "ratio",
              "mean abs diff");
  for (const Row& r : rows)
    std::printf("%6.0f %7.0f %9d %10.3f %10.3f %8.2f %14.3f\n", r.px_per_m, r.px_per_m * 1.78, r.soldiers, r.ours_ms,
                r.cairo_ms, r.cairo_ms / r.ours_ms, r.diff);
  std::printf("ratio: cairo ms / ours ms (the same runs, clear + runs); mean abs diff: 0..255 levels over the colour\n"
              "channels of every pixel either image covers\n");
  return bench::write_csv("bench_raster", csv_path, [&](std::FILE* csv) {
    std::fprintf(csv, "px_per_m,soldiers,ours_ms,cairo_ms,ratio,mean_abs_diff,reps\n");
    for (const Row& r : rows)
      std::fprintf(csv, "%.1f,%d,%.4f,%.4f,%.3f,%.4f,%d\n", r.px_per_m, r.soldiers, r.ours_ms, r.cairo_ms,
                   r.cairo_ms / r.ours_ms, r.diff, reps);
  }) ? 0 : 1;
}
#endif

}  // namespace

int main(int argc, char** argv) {
  std::string csv_path, png_dir;
  int reps = 9;
  double px_per_m = 0.0;
  bool no_lod = false, cairo = false;
  CLI::App app{"Raster benchmark: 10, 100 and 1000 soldiers over a 1280x720 frame, one core, best of N, beside a clear "
               "of the frame measured in the same run",
               "bench_raster"};
  bench::add_csv_and_reps(app, csv_path, "bench_raster.csv, with --vs-cairo bench_raster_cairo.csv,", reps);
  app.add_option("--px-per-m", px_per_m, "Measure this one scale, px per m (5..2000; default 24, 32, 40 and 160)")
      ->check(CLI::Range(5.0, 2000.0));
  app.add_option("--png-dir", png_dir, "Also write each scale's 1000-soldier frame as a PNG into this folder")
      ->check(CLI::ExistingDirectory);
  app.add_flag("--no-lod", no_lod, "Draw every highlight (render::FigureLod::none()), to measure what the level of detail saves");
  app.add_flag("--vs-cairo", cairo, std::string("Draw the same runs with cairo as well, time both and compare the images (") +
                                        (kHaveCairo ? "built in" : "not built: install libcairo2-dev and reconfigure") + ")");
  if (const std::optional<int> stop = bench::parse(app, argc, argv)) return *stop;
  if (csv_path.empty()) csv_path = bench::default_csv(cairo ? "bench_raster_cairo.csv" : "bench_raster.csv");
  std::vector<double> scales = {24.0, 32.0, 40.0, 160.0};  // px/m
  if (px_per_m > 0.0) scales = {px_per_m};
  const render::FigureLod lod = no_lod ? render::FigureLod::none() : render::FigureLod{};
  if (cairo) {
#if SOLDIER_HAVE_CAIRO
    if (!bench::can_write("bench_raster", csv_path)) return 1;
    return vs_cairo(scales, reps, csv_path, png_dir, lod);
#else
    std::fprintf(stderr, "bench_raster: --vs-cairo is not built: install libcairo2-dev (scripts/install-deps.sh) and reconfigure\n");
    return 2;
#endif
  }
  if (!bench::can_write("bench_raster", csv_path)) return 1;
  constexpr double kBudgetMs = 1000.0 / 60.0;  // one 60 Hz frame
  const render::Palette palette = render::default_palette();
  render::Camera cam;  // 1280x720
  render::Canvas canvas(cam.width, cam.height);
  render::FigureTiles scratch;
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
  return bench::write_csv("bench_raster", csv_path, [&](std::FILE* csv) {
    std::fprintf(csv, "px_per_m,soldiers,runs,frame_ms,cpu_ms,draw_ms,runs_ms,ns_per_run,x_budget,clear_ms,width,height\n");
    for (const Row& r : rows)
      std::fprintf(csv, "%.1f,%d,%zu,%.4f,%.4f,%.4f,%.4f,%.2f,%.4f,%.4f,%d,%d\n", r.px_per_m, r.soldiers, r.runs, r.frame_ms,
                   r.cpu_ms, r.draw_ms, r.runs_ms, r.draw_ms * 1e6 / static_cast<double>(r.runs), r.frame_ms / kBudgetMs,
                   clear_ms, cam.width, cam.height);
  }) ? 0 : 1;
}
