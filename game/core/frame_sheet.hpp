#pragma once
// Frames of a scenario at chosen times, drawn side by side on one canvas with the renderer
// the window uses (ARCHITECTURE.md: one renderer, so a reviewer sees what the player saw).
#include "anim/tuning.hpp"
#include "game/core/scenario.hpp"
#include "render/canvas.hpp"

#include <span>
#include <string>

namespace game {

// Empty when every time lies within [0, duration]; else one line naming the bad time.
std::string check_times(const Scenario& scenario, std::span<const double> times);

// Empty when `count` frames of width x height px side by side fit render::kMaxCanvasPixels;
// else one line saying how large the sheet would be.
std::string check_sheet_size(int width, int height, std::size_t count);

// Simulates `scenario` and draws the frame at each time (the step nearest to it; time 0
// shows the first step) into a width x height panel, panels left to right in `times` order,
// all at one scale so sizes compare across panels.
render::Canvas draw_frames_at(const Scenario& scenario, std::span<const double> times, int width, int height,
                              const anim::Tuning& tuning = {});

}  // namespace game
