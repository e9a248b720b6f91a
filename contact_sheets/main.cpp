// `contact-sheet`: one gait cycle per row, as stills (INTERFACES.md "Programs"; reference
// "Also useful: contact sheets"). Parse the flags, plan the rows, sample each cycle, lay the
// sheet out and write it atomically. Every error is one line on stderr and a non-zero exit,
// with nothing written.
#include "contact_sheets/sheet_plan.hpp"
#include "game/core/cli_checks.hpp"
#include "game/core/tuning_file.hpp"
#include "render/palette.hpp"
#include "render/png_io.hpp"
#include "render/sheet.hpp"
#include "render/sheet_course.hpp"
#include "render/sheet_cycle.hpp"
#include "render/sheet_death.hpp"
#include "render/sheet_death_run.hpp"
#include "render/sheet_obstacle.hpp"
#include "render/sheet_terrain.hpp"
#include "render/sheet_terrain_run.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {

int fail(const std::string& message, int status = 1) {
  std::fprintf(stderr, "contact-sheet: %s\n", message.c_str());
  return status;
}

void add_flags(CLI::App& app, sheet::Flags& f, std::string& tuning) {
  app.add_option("--state", f.state,
                 "stand, walk, run, crouch (a crouch walk, 0..2 m/s), kneel (a breath) or prone (a crawl, 0..0.6 m/s; 0: "
                 "lying still) (default: the six-speed gait sheet)");
  app.add_option("--speed", f.speed, "One row at this speed, m/s (0..8; walk default 1.4, run 3.5)");
  app.add_option("--speeds", f.speeds, "One row per speed, m/s, comma separated (default 0.8,1.4,2.2,3.5,5,7)")
      ->delimiter(',');
  app.add_option("--frames", f.frames, "Stills per row, 1..64 (default 12; stand 4)");
  app.add_option("--out", f.out, "PNG to write (default contact_sheets/out/<gait|stand|walk|run|terrain|vault|climb|ladder|drop>.png)");
  app.add_flag("--trails", f.trails, "Draw the toe and pelvis world paths over a cycle in each still");
  app.add_option("--seed", f.seed, "Per-step variation seed, 0..2^64-1 (default 0)")->check(game::seed_number());
  app.add_option("--aim", f.aim, "Aim at a point held at this elevation: up, down, level or degrees (-60..60)");
  app.add_flag("--terrain", f.terrain,
               "Walk the terrain course (slopes, 0.3 m steps): stills every ~1.5 m, one row per speed (default 1.4,3.5; 14 stills)");
  app.add_flag("--transitions", f.transitions,
               "Each change of posture (stand, crouch, kneel, prone, both ways, at rest and moving) as a strip of stills");
  app.add_flag("--death", f.death,
               "The fall and the get-up as stills evenly in time: standing, walking and running soldiers killed (issue 13)");
  app.add_option("--impulse", f.impulse, "With --death: the blow at the chest, X,Y in m/s (default: one per row)")
      ->delimiter(',')
      ->expected(2);
  app.add_option("--obstacle", f.obstacle,
                 "One obstacle move as stills evenly in time: vault, climb, ladder or drop (of a box, a wall, a ladder to a platform, an edge)");
  app.add_option("--height", f.height, "With --obstacle: the box, wall, platform or edge height, m (default the sandbox level's)");
  app.add_option("--tuning", tuning, "Tuning file (assets/tuning/*.toml, as saved by the F3 panel); default: built-in");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Contact sheets of the soldier's gait: a full cycle as stills, one row per speed", "contact-sheet"};
  sheet::Flags flags;
  std::string tuning_path;
  add_flags(app, flags, tuning_path);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(e.what(), 2);
  }

  std::string error;
  const std::optional<sheet::Plan> plan = sheet::make_plan(flags, error);
  if (!plan) return fail(error, 2);
  error = sheet::check_output_path(plan->out, plan->default_out);
  if (!error.empty()) return fail(error, 2);

  // A tuned gait can be exported as a sheet (issue 4): the same file the window saves.
  anim::Tuning tuning;
  if (!tuning_path.empty()) {
    const game::TuningResult loaded = game::load_tuning_file(tuning_path);
    if (const auto* e = std::get_if<game::TuningError>(&loaded)) return fail(e->message, 2);
    tuning = std::get<anim::Tuning>(loaded);
  }

  if (plan->death) {
    std::vector<render::DeathRun> runs;
    for (const render::DeathRunRequest& r : plan->death_rows) runs.push_back(render::sample_death_run(r, tuning));
    const render::Canvas canvas = render::draw_death_sheet(runs, plan->death_layout, render::sheet_palette());
    if (!render::write_png(canvas, plan->out, error)) return fail(error);
    std::printf("%s\n", plan->out.c_str());
    return 0;
  }
  if (plan->obstacle) {
    const render::ObstacleRun run = render::sample_obstacle_run(plan->obstacle_request, tuning);
    if (!run.found) return fail(render::obstacle_row_label(run, plan->obstacle_request));
    const render::Canvas canvas = render::draw_obstacle_sheet(run, plan->obstacle_request, plan->obstacle_layout,
                                                              render::sheet_palette());
    if (!render::write_png(canvas, plan->out, error)) return fail(error);
    std::printf("%s\n", plan->out.c_str());
    return 0;
  }

  if (plan->terrain) {
    const anim::Terrain course = render::sheet_course();
    std::vector<render::TerrainRun> runs;
    for (const render::TerrainRunRequest& r : plan->terrain_rows) {
      runs.push_back(render::sample_terrain_run(r, course, tuning));
      if (runs.back().frames.empty()) {
        return fail("at " + std::to_string(r.speed) + " m/s the soldier never crossed the terrain course");
      }
    }
    const render::Canvas canvas = render::draw_terrain_sheet(runs, course, plan->terrain_layout, render::sheet_palette());
    if (!render::write_png(canvas, plan->out, error)) return fail(error);
    std::printf("%s\n", plan->out.c_str());
    return 0;
  }

  std::vector<render::CycleSample> rows;
  for (const render::CycleRequest& r : plan->rows) {
    rows.push_back(render::sample_cycle(r, tuning));
    if (rows.back().frames.empty()) {
      if (r.transition) return fail("a change of posture never settled within 12 s");
      return fail("no steady gait cycle at " + std::to_string(r.speed) + " m/s: the phase never wrapped");
    }
  }
  error = sheet::check_rows_match_state(flags.state, rows, tuning.gait);
  if (!error.empty()) return fail(error, 2);
  const render::Canvas canvas = render::draw_contact_sheet(rows, plan->layout, render::sheet_palette());
  if (!render::write_png(canvas, plan->out, error)) return fail(error);
  std::printf("%s\n", plan->out.c_str());
  return 0;
}
