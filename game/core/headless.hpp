#pragma once
// The headless commands of `soldier` (INTERFACES.md "Programs"): they run the same World
// as the window and write a trace or frames. Each returns the process exit status and, on
// an error, has printed one line to stderr and written nothing.
#include "game/core/headless_view.hpp"
#include "game/core/scenario.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace game {

struct TraceOptions {
  std::string scenario;   // scenario file
  std::string out;        // CSV path, "-" for stdout
  bool summary = false;   // per-soldier measurements on stdout
  std::string tuning;     // tuning file (game/core/tuning_file.hpp); empty: the defaults
  std::int64_t every = 1;              // write the rows of every Nth step (N, 2N, ...), N >= 1
  std::optional<std::uint64_t> seed;   // replaces the scenario's seed
  std::vector<std::string> compare;    // two traces to compare instead (--compare A B)
  int threads = 0;                     // threads the soldiers are stepped on, 1..kMaxThreads;
                                       // 0: the core count (the trace is the same bytes on any)
};
int run_trace(const TraceOptions& options);

struct RenderOptions {
  std::string scenario;       // scenario file
  std::vector<double> at;     // times to capture, s, each within [0, duration]
  std::string out;            // PNG path (--at); DIR/, FILE.mp4 or FILE.gif (--from/--to)
  int width = 640;            // size of each frame, px; several frames sit side by side
  int height = 480;
  std::string tuning;         // tuning file (game/core/tuning_file.hpp); empty: the defaults
  FrameView view;             // --follow, --zoom, --center, --overlay
  std::optional<double> from, to;  // a sequence from..to, s, instead of --at
  std::optional<int> fps;          // its frames per second
  std::optional<std::uint64_t> seed;  // replaces the scenario's seed
  int threads = 0;            // threads the frames are simulated and drawn on, 1..kMaxThreads;
                              // 0: the core count (the PNG is the same bytes on any)
};
int run_render(const RenderOptions& options);

struct CritiqueOptions {
  std::string scenario;      // scenario file; empty when `preset` names the scene
  std::string preset;        // a built-in scene (critique_presets.hpp); empty with `scenario`
  std::optional<double> at;  // time of the frame, s, within [0, duration]; default: the preset's
  std::string out;           // folder for the packet (created if missing); never a file name
  std::string reference;     // reference PNG; empty: no side-by-side
  int width = 960;           // frame size, px
  int height = 720;
  std::string tuning;        // tuning file (game/core/tuning_file.hpp); empty: the scene's
                             // [tuning], else the defaults
};
// Writes into DIR the frame (frame.png), a contact sheet of a walk and a run
// (contact_sheet.png), with a reference the two side by side (side_by_side.png), and the two
// reviewers' prompts (art_director.txt, animator.txt; reference Rule 9); prints each file it
// wrote, one per line, and a note for every state the scene asks for that its frame does
// not show.
int run_critique(const CritiqueOptions& options);

// Empty when `out` can name the packet's folder: not an existing file, and not a name that
// reads as a file (x.png, notes.txt); else one line saying so.
std::string check_packet_folder(const std::string& out);

struct ExportOptions {
  std::string scenario;               // scenario file
  std::string id;                     // the soldier; empty: the only one
  std::string out;                    // .bvh file
  std::string tuning;                 // tuning file; empty: the scenario's [tuning], else the defaults
  std::optional<std::uint64_t> seed;  // replaces the scenario's seed
};
// Writes one soldier's motion over the whole scenario as BVH (game/core/bvh_writer.hpp),
// one frame per simulation step.
int run_export(const ExportOptions& options);

// "WxH" -> width and height (16..8192 each); false on anything else.
bool parse_size(const std::string& text, int& width, int& height);

// Prints "soldier: <message>" as one line on stderr.
void report_error(const std::string& message);

// Loads a scenario for a headless command; on an error prints the parser's one line. With a
// seed, the scenario is reseeded with it.
std::optional<Scenario> load_scenario(const std::string& path, std::optional<std::uint64_t> seed = {});

// The tuning a headless command runs `scenario` with: `--tuning FILE` when given, else the
// scenario's own [tuning] table, else the defaults; on an error prints its one line.
std::optional<anim::Tuning> load_tuning(const std::string& path, const Scenario& scenario);

}  // namespace game
