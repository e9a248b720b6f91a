#pragma once
// Frames of a scenario at chosen times, drawn with the renderer the window uses
// (ARCHITECTURE.md: one renderer, so a reviewer sees what the player saw): side by side on
// one canvas for `soldier render --at` and the critique packet, or one at a time for a
// sequence (game/core/frame_sequence.hpp). The camera is game/core/headless_view.hpp's.
#include "anim/tuning.hpp"
#include "game/core/headless_view.hpp"
#include "game/core/live_metrics.hpp"
#include "game/core/scenario.hpp"
#include "render/canvas.hpp"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace game {

// Empty when every time lies within [0, duration]; else one line naming the bad time.
std::string check_times(const Scenario& scenario, std::span<const double> times);

// Empty when `count` frames of width x height px side by side fit render::kMaxCanvasPixels
// (the largest single --size); else one line with the combined size and what to do instead.
// Several --at frames multiply the width, so this is checked before anything is simulated or
// allocated (issues 16 and 17: eight 8192x8192 frames allocated 2 GiB and then failed in the
// PNG encoder; forty died of std::bad_alloc).
std::string check_sheet_size(std::size_t count, int width, int height);

// The step whose frames show time `t`: the nearest one, and the first for t = 0.
std::int64_t step_showing(const Scenario& scenario, double t);

// One moment of the scenario: every soldier's frame at `step`, and the live Rule 8
// measurements of the view's subject up to it (what --overlay shows).
struct Shot {
  std::int64_t step = 0;
  double t = 0.0;  // s, the time asked for
  std::vector<anim::CharacterFrame> frames;
  LiveMetrics metrics;
};

// Simulates `scenario` once and calls `on_shot` at each of `steps` (ascending, repeats
// allowed) with the shot of that step, stopping after the last (or when `on_shot` returns
// false). The metrics are those of soldier `subject`; `label` names the work on the
// progress line; `pool` the threads the soldiers are stepped on (null: this thread).
void capture_shots(const Scenario& scenario, std::span<const std::int64_t> steps, std::size_t subject,
                   const anim::Tuning& tuning, const std::function<bool(const Shot&)>& on_shot,
                   const char* label = "render", ThreadPool* pool = nullptr);

// One frame, width x height, of `shot` through `view` at `px_per_m`: the scene, the debug
// overlay when asked for, else the time in the corner.
render::Canvas draw_shot(const Scenario& scenario, const Shot& shot, const FrameView& view, double px_per_m, int width,
                         int height);

// The scale of a set of frames: --zoom, else the largest at which every frame's subject
// fits (one scale for all, so sizes compare across frames) — below the F2 panel when
// --overlay draws it, so the panel never covers the soldier it is about.
double view_scale(const FrameView& view, std::span<const Bounds> bounds, int width, int height);

// The font scale of the instruments in a headless frame `height` px tall (the window's 2 at
// 720 px), and the band at the top the overlay's panel takes (0 without --overlay).
int headless_ui_scale(int height);
int overlay_band(const FrameView& view, int height);

// Simulates `scenario` and draws the frame at each time (the step nearest to it; time 0
// shows the first step) into a width x height panel, panels left to right in `times` order,
// all at one scale so sizes compare across panels.
render::Canvas draw_frames_at(const Scenario& scenario, std::span<const double> times, int width, int height,
                              const anim::Tuning& tuning = {}, const FrameView& view = {});

}  // namespace game
