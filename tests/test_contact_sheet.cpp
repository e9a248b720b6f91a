// The contact sheet: its cycle sampler (one whole cycle, stills at evenly spaced phases),
// its row measurements and their two label lines (the second: issue 10's kinematics), and the built `contact-sheet` program run as a subprocess
// (STYLE.md 8): help, the sheet's size, one-line errors that leave nothing behind, and
// byte-identical output for identical arguments.
#include "anim/gait_kinematics.hpp"
#include "render/png_io.hpp"
#include "render/sheet.hpp"
#include "render/sheet_course.hpp"
#include "render/sheet_death.hpp"
#include "render/sheet_death_run.hpp"
#include "render/sheet_cycle.hpp"
#include "render/sheet_parts.hpp"
#include "render/sheet_terrain.hpp"
#include "render/sheet_terrain_run.hpp"
#include "render/text.hpp"

#include "program_runner.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

using program_runner::Run;
using program_runner::Scratch;
using program_runner::count_lines;
using program_runner::only_streams_left;
using program_runner::read_file;

Run contact_sheet(const Scratch& scratch, const std::string& args) {
  return program_runner::run(scratch, "contact-sheet", args);
}

std::string fixed(double v, int decimals) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, v);
  return text;
}

std::size_t distinct_colours(const render::Canvas& c) {
  std::set<std::uint32_t> seen;
  for (int y = 0; y < c.height(); ++y) {
    for (int x = 0; x < c.width(); ++x) {
      const render::Rgba p = c.pixel(x, y);
      seen.insert(static_cast<std::uint32_t>(p.r) << 24 | p.g << 16 | p.b << 8 | p.a);
    }
  }
  return seen.size();
}

}  // namespace

TEST_CASE("the sampler records one whole cycle and picks stills at k/N") {
  for (double speed : {0.8, 1.4, 3.5, 7.0}) {
    CAPTURE(speed);
    render::CycleRequest r;
    r.speed = speed;
    r.stills = 12;
    const render::CycleSample s = render::sample_cycle(r);
    REQUIRE_FALSE(s.frames.empty());
    CHECK(s.periodic);
    REQUIRE(s.u.size() == s.frames.size());
    // A cycle of context on each side of the recorded one.
    CHECK(s.cycle_begin > 0);
    CHECK(s.cycle_end < s.frames.size());
    // The recorded cycle starts just after a wrap and ends just before the next: its
    // phases rise through [0, 1) with no wrap inside.
    CHECK(s.u[s.cycle_begin] < s.u[s.cycle_begin - 1]);
    CHECK(s.u[s.cycle_end] < s.u[s.cycle_end - 1]);
    for (std::size_t i = s.cycle_begin + 1; i < s.cycle_end; ++i) CHECK(s.u[i] > s.u[i - 1]);
    const double step = s.u[s.cycle_begin + 1] - s.u[s.cycle_begin];
    CHECK(s.u[s.cycle_begin] < step + 1e-9);
    CHECK(s.u[s.cycle_end - 1] > 1.0 - step - 1e-9);
    // Stills: the first at the start of the cycle (the first frame after the wrap, up to one
    // frame's phase past 0), the others within half a frame's phase of k/N.
    REQUIRE(s.stills.size() == 12);
    for (std::size_t k = 0; k < s.stills.size(); ++k) {
      CHECK(s.stills[k] >= s.cycle_begin);
      CHECK(s.stills[k] < s.cycle_end);
      CHECK(std::abs(s.u[s.stills[k]] - static_cast<double>(k) / 12.0) <= (k == 0 ? 1.0 : 0.5) * step + 1e-9);
    }
    CHECK(s.speed == doctest::Approx(speed).epsilon(0.01));
  }
}

TEST_CASE("the sampler: one still, and a standing row that samples an idle window") {
  render::CycleRequest one;
  one.stills = 1;
  const render::CycleSample s1 = render::sample_cycle(one);
  REQUIRE(s1.stills.size() == 1);
  CHECK(s1.u[s1.stills[0]] < 0.05);

  render::CycleRequest idle;
  idle.speed = 0.0;
  idle.stills = 4;
  const render::CycleSample s = render::sample_cycle(idle);
  CHECK_FALSE(s.periodic);
  REQUIRE(s.stills.size() == 4);
  const double dt = s.frames[1].t - s.frames[0].t;
  for (std::size_t k = 1; k < 4; ++k) {
    CHECK(s.frames[s.stills[k]].t - s.frames[s.stills[k - 1]].t == doctest::Approx(idle.idle_window / 4).epsilon(dt));
  }
  const render::RowStats st = render::row_stats(s);
  CHECK(st.gait == "stand");
  CHECK(st.stance_fraction == doctest::Approx(1.0));
  // No gait cycle: the label's knee, heel and swing figures are n/a, its pelvis and lean measured.
  const std::string label = render::row_kinematics_label(st);
  CAPTURE(label);
  CHECK(label.rfind("no gait cycle: knee, heel rise, clearance n/a", 0) == 0);
  CHECK(label.find("pelvis vy 0.") != std::string::npos);
  CHECK(label.find("lean ") != std::string::npos);
  CHECK(label.find("nan") == std::string::npos);
}

TEST_CASE("row measurements: walk above half stance, run below, cadence and stride agree") {
  for (double speed : {1.4, 3.5}) {
    CAPTURE(speed);
    render::CycleRequest r;
    r.speed = speed;
    const render::CycleSample s = render::sample_cycle(r);
    const render::RowStats st = render::row_stats(s);
    CHECK(st.gait == (speed < 2.0 ? "walk" : "run"));
    CHECK((st.stance_fraction > 0.5) == (speed < 2.0));
    // Rule 3: stride = 2 speed / cadence, here from independent measurements.
    CHECK(st.stride == doctest::Approx(2.0 * st.speed / (st.cadence_spm / 60.0)).epsilon(0.02));
    CHECK(st.max_slide < 0.002);
    CHECK(render::row_label(st).find("m/s") != std::string::npos);
    // The second label line: anim::KinematicsMeter over the row's three cycles (issue 10).
    const anim::Terrain flat;  // the meter keeps a reference
    anim::KinematicsMeter meter(flat);
    for (const anim::CharacterFrame& f : s.frames) meter.add(f);
    const anim::GaitKinematics k = meter.result();
    REQUIRE(k.cycles >= 3);  // three sampled cycles: at least one per foot, whole
    CHECK(st.kinematics.cycles == k.cycles);
    const std::string label = render::row_kinematics_label(st);
    CAPTURE(label);
    for (const std::string& part :
         {"knee: loading " + fixed(k.knee_loading, 0) + "  mid-stance " + fixed(k.knee_midstance, 0) + "  toe-off " +
              fixed(k.knee_toeoff, 0) + "  swing " + fixed(k.knee_swing_peak, 0) + " deg",
          "heel rise " + fixed(k.heel_rise_gc, 0) + "% GC", "clearance " + fixed(100.0 * k.swing_clearance, 1) + " cm",
          "pelvis vy " + fixed(k.pelvis_speed, 2) + " m/s", "ay " + fixed(k.pelvis_accel, 1) + " m/s^2",
          "lean " + fixed(k.trunk_lean, 1) + " deg"}) {
      CHECK_MESSAGE(label.find(part) != std::string::npos, part);
    }
    CHECK(label.find("n/a") == std::string::npos);
  }
}

TEST_CASE("a sheet row's two label lines stand apart above its cells and fit the sheet, at 1 and 12 stills") {
  const render::Palette palette = render::sheet_palette();
  const render::SheetStyle style = render::sheet_style(palette);
  for (const int stills : {1, 12}) {
    CAPTURE(stills);
    std::vector<render::CycleSample> rows;
    std::vector<std::string> second;  // each row's second label line
    for (const double speed : {1.4, 7.0}) {
      render::CycleRequest request;
      request.speed = speed;
      request.stills = stills;
      rows.push_back(render::sample_cycle(request));
      second.push_back(render::row_kinematics_label(render::row_stats(rows.back())));
    }
    const render::Canvas sheet = render::draw_contact_sheet(rows, render::SheetOptions{}, palette);
    const int left = 64;  // the gait sheet's gutter: the cells' left edge
    // The cells' tops: where the first cell's left edge (a run of its frame colour) begins.
    std::vector<int> tops;
    for (int y = 1; y < sheet.height(); ++y) {
      const bool edge = sheet.pixel(left, y) == style.cell_edge, above = sheet.pixel(left, y - 1) == style.cell_edge;
      if (edge && !above && y + 50 < sheet.height() && sheet.pixel(left, y + 50) == style.cell_edge) tops.push_back(y);
    }
    REQUIRE(tops.size() == rows.size());
    const int label_height = tops[0] - render::kSheetMargin - render::kSheetTitle;
    CHECK(label_height == render::kSheetRowLabel + render::kSheetLabelLine);
    for (std::size_t r = 0; r < rows.size(); ++r) {
      CAPTURE(r);
      // Bands of pixel rows holding label ink between the row's top and its cells.
      std::vector<std::pair<int, int>> bands;  // [first, last] y
      int right = -1;                          // the last ink's x in the second band
      for (int y = tops[r] - label_height; y < tops[r]; ++y) {
        bool ink = false;
        for (int x = 0; x < sheet.width(); ++x) {
          if (sheet.pixel(x, y) != style.text) continue;
          ink = true;
          if (bands.size() == 2 || (bands.size() == 1 && bands[0].second < y - 1)) right = std::max(right, x);
        }
        if (!ink) continue;
        if (!bands.empty() && bands.back().second == y - 1) bands.back().second = y;
        else bands.push_back({y, y});
      }
      REQUIRE(bands.size() == 2);
      CHECK(bands[0].second - bands[0].first < 20);  // one line each: 14 px capitals, descenders
      CHECK(bands[1].second - bands[1].first < 20);
      CHECK(bands[1].first - bands[0].second > 2);   // apart, by the same gap as the first line
      CHECK(tops[r] - bands[1].second > 2);          // leaves above the cells
      // The second line is the kinematics label, whole: it ends where its text ends.
      CHECK(right == doctest::Approx(left + render::text_width(second[r], render::kSheetTextScale)).epsilon(0.01));
    }
    // Nothing runs off the right edge.
    for (int y = 0; y < sheet.height(); ++y) CHECK(sheet.pixel(sheet.width() - 1, y) == style.background);
  }
}

TEST_CASE("contact-sheet --help exits 0") {
  Scratch s("soldier_test_sheet");
  const Run r = contact_sheet(s, "--help");
  CHECK(r.status == 0);
  for (const char* flag : {"--state", "--speed", "--speeds", "--frames", "--out", "--trails", "--seed", "--terrain"}) {
    CHECK(r.out.find(flag) != std::string::npos);
  }
}

TEST_CASE("the six-speed sheet: one row per speed at the layout's size, many colours") {
  Scratch s("soldier_test_sheet");
  const fs::path png = s / "gait.png";
  const Run r = contact_sheet(s, "--speeds 0.8,1.4,2.2,3.5,5,7 --frames 12 --out '" + png.string() + "'");
  REQUIRE(r.status == 0);
  std::string error;
  const auto canvas = render::read_png(png.string(), error);
  REQUIRE(canvas);
  const render::SheetSize want = render::sheet_size(6, 12, render::SheetOptions{});
  CHECK(canvas->width() == want.width);
  CHECK(canvas->height() == want.height);
  CHECK(distinct_colours(*canvas) > 500);

  const fs::path two = s / "two.png";
  REQUIRE(contact_sheet(s, "--speeds 1.4,3.5 --frames 5 --out '" + two.string() + "'").status == 0);
  const auto small = render::read_png(two.string(), error);
  REQUIRE(small);
  CHECK(small->height() == render::sheet_size(2, 5, render::SheetOptions{}).height);
  CHECK(small->height() < canvas->height());
}

TEST_CASE("contact-sheet --state stand, walk and run each write a sheet") {
  Scratch s("soldier_test_sheet");
  for (const char* state : {"stand", "walk", "run"}) {
    CAPTURE(state);
    const fs::path png = s / (std::string(state) + ".png");
    const Run r = contact_sheet(s, std::string("--state ") + state + " --trails --out '" + png.string() + "'");
    CHECK(r.status == 0);
    CHECK(fs::exists(png));
  }
}

TEST_CASE("bad flags and values: one line, non-zero, nothing written") {
  Scratch s("soldier_test_sheet");
  const std::string out = " --out '" + (s / "x.png").string() + "'";
  for (const std::string& args : std::initializer_list<std::string>{"--bogus", "--speed 9", "--speed -1", "--speeds 1,9", "--speed abc", "--frames 0",
                                 "--frames 65", "--state fly", "--state stand --speed 1", "--speed 1 --speeds 1,2",
                                 "--terrain --state walk", "--terrain --speed 0.2", "--terrain --speeds 1.4,9",
                                 "--terrain --frames 0", "--terrain --trails", "--terrain --aim up"}) {
    CAPTURE(args);
    const Run r = contact_sheet(s, args + out);
    CHECK(r.status != 0);
    CHECK(count_lines(r.err) == 1);
    CHECK(only_streams_left(s));
  }
  for (const std::string& path : {std::string("/nonexistent_soldier_dir/x.png"), s.dir.string()}) {
    CAPTURE(path);
    const Run r = contact_sheet(s, "--frames 2 --speeds 1.4 --out '" + path + "'");
    CHECK(r.status != 0);
    CHECK(count_lines(r.err) == 1);
    CHECK(only_streams_left(s));
  }
}

TEST_CASE("the same arguments twice give byte-identical PNGs") {
  Scratch s("soldier_test_sheet");
  const fs::path a = s / "a.png", b = s / "b.png";
  const std::string args = "--speeds 1.4,5 --frames 6 --trails --seed 3 --out ";
  REQUIRE(contact_sheet(s, args + "'" + a.string() + "'").status == 0);
  REQUIRE(contact_sheet(s, args + "'" + b.string() + "'").status == 0);
  const std::string ba = read_file(a), bb = read_file(b);
  CHECK(ba.size() > 1000);
  CHECK(ba == bb);
}

TEST_CASE("the terrain course: a 20 degree slope up, 0.3 m steps down and up, a slope down, flat at both ends") {
  const anim::Terrain t = render::sheet_course();
  REQUIRE(t.ground.size() > 4);
  for (std::size_t i = 1; i < t.ground.size(); ++i) CHECK(t.ground[i].x > t.ground[i - 1].x);
  const render::CourseShape shape;
  const double top = shape.slope_run * std::tan(20.0 * anim::kPi / 180.0);
  CHECK(t.height_at(shape.slope_start - 0.5) == doctest::Approx(0.0));
  CHECK(t.height_at(shape.slope_start + 0.5 * shape.slope_run) == doctest::Approx(0.5 * top));
  CHECK(t.height_at(shape.slope_start + shape.slope_run + 1.0) == doctest::Approx(top));
  // The bottom flat is three steps below the plateau; the stills' span ends on flat y = 0.
  const render::CourseSpan span = render::course_span();
  double lowest_between = 1e9;
  const double plateau = shape.slope_start + shape.slope_run;
  const double bottom_end = plateau + shape.plateau + shape.steps * (shape.riser_width + shape.tread) + shape.bottom_flat;
  for (double x = plateau; x < bottom_end + 0.5; x += 0.05) lowest_between = std::min(lowest_between, t.height_at(x));
  CHECK(lowest_between == doctest::Approx(top - 3 * 0.3));
  CHECK(t.height_at(span.last_x) == doctest::Approx(0.0));
  CHECK(span.last_x - span.first_x > 15.0);
}

TEST_CASE("the terrain run: stills evenly spaced in distance, every planted toe on the ground within 5 mm") {
  const anim::Terrain course = render::sheet_course();
  const render::CourseSpan span = render::course_span();
  for (double speed : {0.8, 1.4, 3.5, 7.0}) {
    CAPTURE(speed);
    render::TerrainRunRequest r;
    r.speed = speed;
    r.stills = 14;
    r.first_x = span.first_x;
    r.last_x = span.last_x;
    const render::TerrainRun run = render::sample_terrain_run(r, course);
    REQUIRE_FALSE(run.frames.empty());
    CHECK(run.frames.front().x < span.first_x);
    CHECK(run.frames.back().x > span.last_x);
    REQUIRE(run.stills.size() == 14);
    REQUIRE(run.still_x.size() == 14);
    const double spacing = (span.last_x - span.first_x) / 13.0;
    for (std::size_t k = 0; k < 14; ++k) {
      CHECK(run.still_x[k] == doctest::Approx(span.first_x + k * spacing));
      // The first frame at or past the asked x: within one step's travel of it.
      const double x = run.frames[run.stills[k]].x;
      CHECK(x >= run.still_x[k]);
      CHECK(x - run.still_x[k] < 8.5 * r.dt);
    }
    // Plants on every kind of ground the course has (slope, plateau, treads), and on each
    // the toe on the surface (issue 6: within 5 mm) and still (< 1 mm).
    int on_slope = 0, on_tread = 0;
    for (const anim::CharacterFrame& f : run.frames) {
      for (anim::Side side : anim::kSides) {
        if (!f.contact[anim::index(side)]) continue;
        // The point the foot bears on (heel, ball or tip, Rule 4) is on the surface.
        const anim::vec2 contact = f.plant_world[anim::index(side)];
        const double slope = std::abs(course.normal_at(contact.x).x);
        on_slope += slope > 0.3;
        on_tread += slope < 1e-9 && course.height_at(contact.x) > 0.1;
        CHECK(std::abs(contact.y - course.height_at(contact.x)) < 0.005);
      }
    }
    CHECK(on_slope > 0);
    CHECK(on_tread > 0);
    CHECK(run.max_contact_ground == doctest::Approx(render::max_planted_contact_error(run.frames, course)));
    CHECK(run.max_contact_ground < 0.005);
    CHECK(run.max_contact_drift < 0.001);
    CHECK(render::terrain_row_label(run).find("m/s") != std::string::npos);
  }
}

TEST_CASE("contact-sheet --terrain: one row per speed at the layout's size") {
  Scratch s("soldier_test_sheet");
  const fs::path png = s / "terrain.png";
  const Run r = contact_sheet(s, "--terrain --out '" + png.string() + "'");
  REQUIRE(r.status == 0);
  std::string error;
  const auto canvas = render::read_png(png.string(), error);
  REQUIRE(canvas);
  const render::SheetSize want = render::terrain_sheet_size(2, 14, render::TerrainSheetOptions{});
  CHECK(canvas->width() == want.width);
  CHECK(canvas->height() == want.height);
  CHECK(distinct_colours(*canvas) > 500);

  const fs::path one = s / "one.png";
  REQUIRE(contact_sheet(s, "--terrain --speed 2.2 --frames 5 --seed 4 --out '" + one.string() + "'").status == 0);
  const auto small = render::read_png(one.string(), error);
  REQUIRE(small);
  const render::SheetSize want_one = render::terrain_sheet_size(1, 5, render::TerrainSheetOptions{});
  // Five stills are narrower than the course's title: the sheet widens to its text (issue 16).
  CHECK(small->width() > want_one.width);
  CHECK(small->height() == want_one.height);
}

TEST_CASE("the death run: killed, still, up, standing; stills evenly in time; no pop in the get-up") {
  for (anim::vec2 impulse : {anim::vec2{-3.0, 0.5}, anim::vec2{3.0, 0.5}}) {
    CAPTURE(impulse.x);
    render::DeathRunRequest q;
    q.speed = 1.4;
    q.impulse = impulse;
    q.stills = 9;
    const render::DeathRun run = render::sample_death_run(q);
    REQUIRE(run.stills.size() == 9);
    CHECK(run.frames.front().state == anim::State::ragdoll);
    CHECK(run.frames.back().state == anim::State::stand);
    CHECK(run.rest_at > 0.0);
    CHECK(run.rest_at < run.get_up_at);
    CHECK(run.get_up_at < run.stood_at);
    CHECK(run.worst_step < 0.04);
    CHECK(run.stills.front() == 0);
    CHECK(run.stills.back() == run.frames.size() - 1);
    for (std::size_t k = 1; k + 1 < run.stills.size(); ++k)  // evenly in time, to the step
      CHECK(std::abs(static_cast<double>(run.stills[k + 1] - run.stills[k]) - static_cast<double>(run.stills[k] - run.stills[k - 1])) <= 1.0);
  }
}

TEST_CASE("contact-sheet --death: three situations by default, one with --speed; bad values are one line") {
  Scratch s("test_contact_sheet_death");
  const fs::path png = s / "death.png";
  const Run r = contact_sheet(s, "--death --frames 6 --out '" + png.string() + "'");
  REQUIRE(r.status == 0);
  std::string error;
  const auto canvas = render::read_png(png.string(), error);
  REQUIRE(canvas);
  CHECK(canvas->height() == render::death_sheet_size(3, 6, render::DeathSheetOptions{}).height);
  CHECK(distinct_colours(*canvas) > 500);
  const fs::path one = s / "one.png";
  REQUIRE(contact_sheet(s, "--death --speed 3 --impulse -2,1 --frames 4 --out '" + one.string() + "'").status == 0);
  const auto small = render::read_png(one.string(), error);
  REQUIRE(small);
  CHECK(small->height() == render::death_sheet_size(1, 4, render::DeathSheetOptions{}).height);
  for (const std::string args : {"--death --impulse 1", "--death --impulse 1,nan", "--death --impulse 30,0", "--death --terrain",
                                 "--death --state walk", "--death --speeds 1,2", "--impulse 1,1", "--death --speed 9"}) {
    CAPTURE(args);
    const fs::path bad = s / "bad.png";
    const Run b = contact_sheet(s, args + " --out '" + bad.string() + "'");
    CHECK(b.status != 0);
    CHECK(count_lines(b.err) == 1);
    CHECK_FALSE(fs::exists(bad));
  }
}
