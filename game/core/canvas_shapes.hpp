#pragma once
// Small flat shapes the instruments draw over the scene (backdrops, timeline cells). The
// figure and terrain use render/'s anti-aliased runs; these are pixel-aligned on purpose.
#include "render/canvas.hpp"

namespace game {

// Source-over of `color` on the pixels [x0, x1) x [y0, y1), clipped to the canvas first.
void fill_rect(render::Canvas& canvas, int x0, int y0, int x1, int y1, render::Rgba color);

}  // namespace game
