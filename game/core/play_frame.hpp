#pragma once
// Draw (STYLE.md 10): the canvas of one frame of `soldier play`, from a const session.
// Two layers so the screenshot can be taken between them: the world layer (sky, parallax,
// terrain, soldiers by the one renderer, and the F2 overlay when on) is what F12 and
// --screenshot write; the HUD layer (notes, clock, F1 help) goes on top for the window only.
#include "game/core/play_session.hpp"
#include "render/canvas.hpp"
#include "render/palette.hpp"

namespace game {

struct FrameStats {
  double frame_ms = 0.0;  // wall time of the previous frame's update + draw, ms
};

void draw_world_layer(render::Canvas& canvas, const PlaySession& session, const ViewSize& view,
                      const render::Palette& palette, const FrameStats& stats);
// `stats.frame_ms` < 0 (the default): the HUD shows no frame time.
void draw_hud_layer(render::Canvas& canvas, const PlaySession& session, const ViewSize& view,
                    const FrameStats& stats = FrameStats{-1.0});

// Font scale for instruments at this view: 2 font units per logical px, more on high DPI.
int ui_scale(const ViewSize& view);

}  // namespace game
