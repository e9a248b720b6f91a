#pragma once
// Frames of a scenario at chosen times, drawn side by side on one canvas with the renderer
// the window uses (ARCHITECTURE.md: one renderer, so a reviewer sees what the player saw).
#include "anim/tuning.hpp"
#include "game/core/scenario.hpp"
#include "render/canvas.hpp"

#include <cstdint>
#include <span>
#include <string>

namespace game {

// Empty when every time lies within [0, duration]; else one line naming the bad time.
std::string check_times(const Scenario& scenario, std::span<const double> times);

// The most pixels one image of `soldier render` may hold: 8192 x 8192, the largest single
// --size (256 MiB of RGBA). Several --at frames side by side multiply the width, so the
// combined size is checked before anything is simulated or allocated (issue 16: eight
// 8192x8192 frames allocated 2 GiB and then failed in the PNG encoder).
inline constexpr std::int64_t kMaxImagePixels = 8192LL * 8192LL;

// Empty when `count` frames of width x height side by side fit kMaxImagePixels; else one
// line with the combined size and what to do instead.
std::string check_sheet_size(std::size_t count, int width, int height);

// Simulates `scenario` and draws the frame at each time (the step nearest to it; time 0
// shows the first step) into a width x height panel, panels left to right in `times` order,
// all at one scale so sizes compare across panels.
render::Canvas draw_frames_at(const Scenario& scenario, std::span<const double> times, int width, int height,
                              const anim::Tuning& tuning = {});

}  // namespace game
