// What a new user tripped over on the contact sheet (issue 16): a state and a speed that
// disagree, a one-still sheet overprinting its title into the legend, a negative seed that
// wrapped, and a README table that did not say what the sheet says.
#include "contact_sheets/sheet_plan.hpp"
#include "render/png_io.hpp"
#include "render/sheet.hpp"
#include "render/sheet_cycle.hpp"

#include "program_runner.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <string>

namespace {

using program_runner::Run;
using program_runner::Scratch;
using program_runner::count_lines;
using program_runner::only_streams_left;

Run contact_sheet(const Scratch& scratch, const std::string& args) {
  return program_runner::run(scratch, "contact-sheet", args);
}

bool same(render::Rgba a, render::Rgba b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

}  // namespace

TEST_CASE("a state and a speed that disagree, and bad seeds: one line, non-zero, nothing written") {
  const Scratch s("soldier_sheet_flags");
  const std::string out = " --out '" + (s / "x.png").string() + "'";
  struct Case { const char* args; const char* says; };
  for (const Case& c : {Case{"--state walk --speed 5", "runs"}, Case{"--state run --speed 1.4", "walks"},
                        Case{"--state walk --speed 0", "standing"}, Case{"--state run --speeds 0,3.5", "standing"},
                        Case{"--state walk --speeds 1.4,3.5", "runs"}, Case{"--seed -1", "seed"},
                        Case{"--seed 1.5", "seed"}, Case{"--seed 18446744073709551616", "seed"},
                        Case{"--seed ''", "seed"}, Case{"--terrain --seed -3", "seed"}}) {
    CAPTURE(c.args);
    const Run r = contact_sheet(s, c.args + out);
    CHECK(r.status != 0);
    CHECK(count_lines(r.err) == 1);
    CHECK(r.err.find(c.says) != std::string::npos);
    CHECK(only_streams_left(s));
  }
  // The largest seed is a seed, not an overflow.
  CHECK(contact_sheet(s, "--state walk --frames 2 --seed 18446744073709551615" + out).status == 0);
}

TEST_CASE("the title says what the rows draw") {
  const auto title = [](sheet::Flags f) {
    std::string error;
    const auto plan = sheet::make_plan(f, error);
    REQUIRE_MESSAGE(plan.has_value(), error);
    return plan->layout.title;
  };
  sheet::Flags walk;
  walk.state = "walk";
  CHECK(title(walk).rfind("walk cycle, 12 stills per cycle", 0) == 0);
  sheet::Flags run;
  run.state = "run";
  run.frames = 1;
  CHECK(title(run).rfind("run cycle, 1 still per cycle", 0) == 0);
  sheet::Flags mixed;
  mixed.speeds = {0.0, 1.4};
  CHECK(title(mixed).find("0 m/s: standing idle") != std::string::npos);
  sheet::Flags idle;
  idle.speed = 0.0;
  CHECK(title(idle).rfind("standing at the ready", 0) == 0);
  CHECK(title(idle).find("gait cycle") == std::string::npos);
}

TEST_CASE("--state walk and run: the measured gait must be the one named") {
  const anim::GaitTuning tuning;
  const double change = sheet::walk_run_speed(tuning, anim::kReferenceLeg);
  CHECK(change == doctest::Approx(2.1).epsilon(0.03));  // Rule 6, Hreljac 1993
  render::CycleRequest r;
  r.stills = 2;
  r.speed = 1.4;
  const render::CycleSample walking = render::sample_cycle(r);
  r.speed = 3.5;
  const render::CycleSample running = render::sample_cycle(r);
  CHECK(sheet::check_rows_match_state("walk", std::span(&walking, 1), tuning).empty());
  CHECK(sheet::check_rows_match_state("run", std::span(&running, 1), tuning).empty());
  CHECK(sheet::check_rows_match_state("", std::span(&running, 1), tuning).empty());
  const std::string wrong = sheet::check_rows_match_state("walk", std::span(&running, 1), tuning);
  CHECK(wrong.find("at 3.50 m/s the soldier runs") != std::string::npos);
  CHECK(sheet::check_rows_match_state("run", std::span(&walking, 1), tuning).find("walks") != std::string::npos);
}

TEST_CASE("a one-still sheet is as wide as its title, legend and labels: nothing overprints") {
  for (const bool trails : {false, true}) {
    CAPTURE(trails);
    render::CycleRequest r;
    r.stills = 1;
    const render::CycleSample row = render::sample_cycle(r);
    render::SheetOptions options;
    options.trails = trails;
    options.title = "gait cycle, 1 still per cycle at phase k/1, 6 speeds, seed 18446744073709551615";
    const render::Palette palette = render::default_palette();
    const render::Canvas sheet = render::draw_contact_sheet(std::span(&row, 1), options, palette);
    CHECK(sheet.width() > render::sheet_size(1, 1, options).width - 1);
    // The legend's first swatch (the near foot's colour) and the title's last ink: the
    // title ends left of the swatch, with background between them.
    int swatch = -1, title_end = -1;
    const render::Rgba background = sheet.pixel(0, 0);
    const int y0 = 16, y1 = 16 + 14;
    for (int x = 0; x < sheet.width() && swatch < 0; ++x)
      for (int y = y0; y < y1; ++y) {
        const render::Rgba p = sheet.pixel(x, y);
        if (p.r > 200 && p.g < 120 && p.b < 100) {  // the saturated red of the near-foot swatch
          swatch = x;
          break;
        }
      }
    REQUIRE(swatch > 0);
    for (int x = 0; x < swatch - 6; ++x)
      for (int y = y0; y < y1; ++y)
        if (!same(sheet.pixel(x, y), background)) title_end = x;
    CHECK(title_end > 0);
    // Nothing but background in the gap before the swatch.
    for (int x = title_end + 1; x < swatch - 6; ++x)
      for (int y = y0; y < y1; ++y) CHECK(same(sheet.pixel(x, y), background));
    CHECK(swatch - title_end > 12);
    // The row label fits on the sheet: no ink in the last column.
    for (int y = 0; y < sheet.height(); ++y) CHECK(same(sheet.pixel(sheet.width() - 1, y), background));
  }
}

TEST_CASE("the README's gait table says what the contact sheet measures") {
  std::ifstream in(std::string(SOLDIER_SOURCE_DIR) + "/README.md");
  REQUIRE(in);
  // | 1.4 m/s | 113 steps/min | 1.49 m | 0.61 | walk |
  const std::regex row(R"(^\| ([0-9.]+) m/s \| ([0-9]+) steps/min \| ([0-9.]+) m \| ([0-9.]+) \| (walk|run) \|\s*$)");
  int rows = 0;
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (!std::regex_match(line, m, row)) continue;
    ++rows;
    CAPTURE(line);
    render::CycleRequest r;
    r.speed = std::stod(m[1]);
    const render::RowStats st = render::row_stats(render::sample_cycle(r));
    char cadence[16], stride[16], stance[16];
    std::snprintf(cadence, sizeof cadence, "%.0f", st.cadence_spm);
    std::snprintf(stride, sizeof stride, "%.2f", st.stride);
    std::snprintf(stance, sizeof stance, "%.2f", st.stance_fraction);
    CHECK(m[2].str() == cadence);
    CHECK(m[3].str() == stride);
    CHECK(m[4].str() == stance);
    CHECK(m[5].str() == std::string(st.gait));
  }
  CHECK(rows >= 4);
}

TEST_CASE("the sheet's cadence is measured inside the step where the phase wraps") {
  // A cycle is 127.4 steps long at 1.4 m/s; counting whole steps read 112 for 113.
  render::CycleRequest r;
  r.speed = 1.4;
  const render::CycleSample s = render::sample_cycle(r);
  const render::RowStats st = render::row_stats(s);
  const double cycle_s = 2.0 * 60.0 / st.cadence_spm;
  CHECK(st.stride == doctest::Approx(st.speed * cycle_s).epsilon(0.002));
  CHECK(st.cadence_spm == doctest::Approx(s.frames[s.cycle_begin].cadence * 60.0).epsilon(0.003));
}
