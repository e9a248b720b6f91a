// `soldier`: the flags of INTERFACES.md "Programs", parsed here and handed to the window
// (play.hpp) or to the headless commands (core/headless.hpp). Every error is one line.
#include "game/core/cli_checks.hpp"
#include "game/core/critique_presets.hpp"
#include "game/core/headless.hpp"
#include "game/core/play_level.hpp"
#include "game/core/thread_pool.hpp"
#include "game/play.hpp"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace {

// --threads N (issue 14): the soldiers stepped, and the canvas drawn, on N threads; the output
// is the same bytes for any N.
void add_threads(CLI::App* command, int& threads) {
  command->add_option("--threads", threads,
                      "Threads to simulate and draw on, 1.." + std::to_string(game::kMaxThreads) +
                          " (default: the core count, " + std::to_string(game::default_thread_count()) +
                          "); the output is the same bytes for any count")
      ->check(CLI::Range(1, game::kMaxThreads));
}

// Registers `soldier play` (also what a bare `soldier` runs).
CLI::App* add_play(CLI::App& app, game::PlayOptions& o) {
  CLI::App* play = app.add_subcommand("play", "Open the window (the default command)");
  play->add_option("--level", o.level, "Level file (assets/levels/*.toml)");
  play->add_option("--quit-after", o.quit_after, "Close the window after this many seconds of wall time")
      ->check(game::positive_seconds());
  play->add_option("--screenshot", o.screenshot, "Write the last frame shown to this PNG");
  play->add_option("--soldiers", o.soldiers, "Squad size when the level names no soldiers")
      ->check(CLI::Range(1, game::kMaxSquad));
  play->add_option("--tuning", o.tuning, "Tuning file to load (assets/tuning/*.toml)");
  play->add_flag("--overlay", o.overlay, "Start with the F2 debug overlay on");
  play->add_option("--record", o.record,
                   "Record the session from its start into this scenario file (.toml), written when F5 stops it or "
                   "the window closes; soldier trace and render replay it exactly");
  add_threads(play, o.threads);
  return play;
}

CLI::App* add_render(CLI::App& app, game::RenderOptions& o, std::string& size, std::string& center) {
  CLI::App* render = app.add_subcommand(
      "render",
      "Simulate a scenario and write the frame at each --at time (several: side by side), or a sequence "
      "--from T0 --to T1 --fps N as numbered PNGs in DIR/ or encoded by ffmpeg into FILE.mp4 or FILE.gif");
  render->add_option("--scenario", o.scenario, "Scenario file (TOML)")->required();
  render->add_option("--at", o.at, "Time to capture, s (repeatable)");
  render->add_option("--from", o.from, "A sequence: time of its first frame, s");
  render->add_option("--to", o.to, "A sequence: time of its last frame at most, s");
  render->add_option("--fps", o.fps, "A sequence: frames per second (1 .. the scenario's steps per second)");
  render->add_option("--out", o.out, "PNG to write (--at); DIR/, FILE.mp4 or FILE.gif (a sequence)")->required();
  render->add_option("--size", size, "Size of each frame, WxH px (default 640x480)")->check(game::frame_size());
  render->add_option("--tuning", o.tuning, "Tuning file (assets/tuning/*.toml); default: the scenario's [tuning], else built-in");
  render->add_option("--follow", o.view.follow, "Keep this soldier (his id) at the centre; the scale fits him alone");
  render->add_option("--zoom", o.view.zoom, "Scale, px per m (5..2000); default: the largest that fits");
  render->add_option("--center", center, "Hold the view on this world point, X,Y in m")->check(game::world_point());
  render->add_option("--seed", o.seed, "Per-step variation seed replacing the scenario's, 0..2^64-1")
      ->check(game::seed_number());
  render->add_flag("--overlay", o.view.overlay,
                   "Draw the F2 debug overlay (skeletons, foot targets, contacts, Rule 8 panel) about the followed "
                   "or first soldier");
  add_threads(render, o.threads);
  return render;
}

CLI::App* add_critique(CLI::App& app, game::CritiqueOptions& o, std::string& size, double& at, CLI::Option*& at_flag) {
  CLI::App* critique = app.add_subcommand(
      "critique", "Write a review packet: the frame, a contact sheet, a side-by-side with --reference, two reviewers' prompts");
  critique->add_option("--scenario", o.scenario, "Scenario file (TOML); or --preset");
  critique->add_option("--preset", o.preset, "A built-in scene: " + game::critique_preset_names());
  at_flag = critique->add_option("--at", at, "Time of the frame, s (required with --scenario; a preset has its own)");
  critique->add_option("--out", o.out, "Folder to write the packet into (not a file name)")->required();
  critique->add_option("--reference", o.reference, "Reference PNG to put beside the frame");
  critique->add_option("--size", size, "Frame size, WxH px (default 960x720)")->check(game::frame_size());
  critique->add_option("--tuning", o.tuning, "Tuning file (assets/tuning/*.toml); default: the scene's [tuning], else built-in tuning");
  return critique;
}

CLI::App* add_trace(CLI::App& app, game::TraceOptions& o) {
  CLI::App* trace = app.add_subcommand(
      "trace", "Simulate a scenario and write the trace CSV; or compare two traces column by column (--compare: exit "
               "status 0 identical, 1 they differ, 2 they cannot be compared)");
  trace->add_option("--scenario", o.scenario, "Scenario file (TOML)");
  trace->add_option("--out", o.out, "CSV to write, - for stdout");
  trace->add_flag("--summary", o.summary, "Print per-soldier measurements to stdout (over every step, whatever --every)");
  trace->add_option("--tuning", o.tuning, "Tuning file (assets/tuning/*.toml); default: the scenario's [tuning], else built-in");
  trace->add_option("--every", o.every, "Write the rows of every Nth step only (N, 2N, ...), N >= 1")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1000000}));
  trace->add_option("--seed", o.seed, "Per-step variation seed replacing the scenario's, 0..2^64-1")
      ->check(game::seed_number());
  trace->add_option("--compare", o.compare, "Compare two trace CSVs A and B and print what differs, per column")
      ->expected(2);
  add_threads(trace, o.threads);
  return trace;
}

CLI::App* add_export(CLI::App& app, game::ExportOptions& o) {
  CLI::App* exp = app.add_subcommand(
      "export", "Write one soldier's motion over the whole scenario as BVH (Blender: File > Import > Motion Capture)");
  exp->add_option("--scenario", o.scenario, "Scenario file (TOML)")->required();
  exp->add_option("--id", o.id, "The soldier's id (may be left out when the scenario has one soldier)");
  exp->add_option("--out", o.out, "BVH file to write (.bvh)")->required();
  exp->add_option("--tuning", o.tuning, "Tuning file (assets/tuning/*.toml); default: the scenario's [tuning], else built-in");
  exp->add_option("--seed", o.seed, "Per-step variation seed replacing the scenario's, 0..2^64-1")
      ->check(game::seed_number());
  return exp;
}

// INTERFACES.md: a bare `soldier` is `soldier play`, flags included. When the first argument
// is a flag (and not the top-level --help), "play" is put in front of it.
std::vector<char*> with_default_command(int argc, char** argv) {
  static char play[] = "play";
  std::vector<char*> args(argv, argv + argc);
  const std::string first = argc > 1 ? argv[1] : "";
  const bool top_help = argc == 2 && (first == "--help" || first == "-h");
  if (argc == 1 || (first.rfind("-", 0) == 0 && !top_help)) args.insert(args.begin() + 1, play);
  return args;
}

}  // namespace

int main(int argc_in, char** argv_in) {
  CLI::App app{"A 2D side-view soldier sandbox animated by arithmetic. With no command (or only flags) it runs "
               "`soldier play`: `soldier --quit-after 5` is `soldier play --quit-after 5`.",
               "soldier"};
  app.require_subcommand(0, 1);
  std::vector<char*> args = with_default_command(argc_in, argv_in);
  const int argc = static_cast<int>(args.size());
  char** argv = args.data();

  game::PlayOptions play_options;
  game::RenderOptions render_options;
  game::TraceOptions trace_options;
  game::CritiqueOptions critique_options;
  game::ExportOptions export_options;
  std::string size, center;
  double critique_at = 0.0;
  CLI::Option* critique_at_flag = nullptr;
  CLI::App* play = add_play(app, play_options);
  CLI::App* render = add_render(app, render_options, size, center);
  CLI::App* trace = add_trace(app, trace_options);
  CLI::App* critique = add_critique(app, critique_options, size, critique_at, critique_at_flag);
  CLI::App* exporter = add_export(app, export_options);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    game::report_error(e.what());
    return 2;
  }

  if (*render) {
    if (!size.empty()) game::parse_size(size, render_options.width, render_options.height);
    double cx = 0.0, cy = 0.0;
    if (!center.empty() && game::parse_point(center, cx, cy)) render_options.view.center = anim::vec2{cx, cy};
    return game::run_render(render_options);
  }
  if (*critique) {
    if (!size.empty()) game::parse_size(size, critique_options.width, critique_options.height);
    if (critique_at_flag->count() > 0) critique_options.at = critique_at;
    return game::run_critique(critique_options);
  }
  if (*trace) return game::run_trace(trace_options);
  if (*exporter) return game::run_export(export_options);
  (void)play;  // with_default_command made a bare `soldier` into `soldier play`
  return game::run_play(play_options);
}
