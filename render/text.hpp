#pragma once
// Labels for contact sheets and the HUD (ARCHITECTURE.md render/text), from stb_easy_font's
// built-in 5x7-ish bitmap font: it emits axis-aligned quads, which are filled here.
#include "render/canvas.hpp"

#include <string_view>

namespace render {

// Draws `text` with its top-left at (x, y), canvas px; every font unit becomes `scale` px
// (scale < 1 is taken as 1). '\n' starts a new line.
void draw_text(Canvas& canvas, int x, int y, std::string_view text, Rgba color, int scale = 1);

// Width in px of the widest line of `text` as draw_text draws it.
int text_width(std::string_view text, int scale = 1);

// Height in px of `text` (all its lines) as draw_text draws it.
int text_height(std::string_view text, int scale = 1);

}  // namespace render
