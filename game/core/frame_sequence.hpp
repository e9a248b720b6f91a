#pragma once
// `soldier render --from T0 --to T1 --fps N` (INTERFACES.md): the frames of a stretch of a
// scenario at a fixed rate, drawn one at a time through the headless camera and handed to
// a sink (a folder of numbered PNGs or an encoder, game/core/sequence_output.hpp), so a
// long sequence never sits in memory.
#include "anim/tuning.hpp"
#include "game/core/headless_view.hpp"
#include "game/core/scenario.hpp"
#include "render/canvas.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace game {

struct SequenceRequest {
  double from = 0.0;  // s, first frame's time, 0 <= from < to
  double to = 0.0;    // s, last frame's time at most this, <= the scenario's duration
  int fps = 30;       // frames per second of the sequence, 1 .. the scenario's steps per second
};

// Empty when the request fits the scenario; else one line naming the flag.
std::string check_sequence(const Scenario& scenario, const SequenceRequest& request);

// The frames' times: from, from + 1/fps, ... up to `to`.
std::vector<double> sequence_times(const SequenceRequest& request);

// Simulates and draws every frame of the sequence, width x height, in order, each handed to
// `sink(index, frame)`. All frames share one scale (--zoom, else fitted over the whole
// sequence by a first, drawing-free pass). False when `sink` returned false.
bool draw_sequence(const Scenario& scenario, const SequenceRequest& request, const FrameView& view, int width,
                   int height, const anim::Tuning& tuning,
                   const std::function<bool(std::size_t, const render::Canvas&)>& sink);

}  // namespace game
