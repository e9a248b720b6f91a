#include "game/core/canvas_shapes.hpp"

#include <algorithm>

namespace game {

void fill_rect(render::Canvas& canvas, int x0, int y0, int x1, int y1, render::Rgba color) {
  x0 = std::max(x0, 0);
  y0 = std::max(y0, 0);
  x1 = std::min(x1, canvas.width());
  y1 = std::min(y1, canvas.height());
  for (int y = y0; y < y1; ++y) {
    std::uint8_t* p = canvas.data() + (static_cast<std::size_t>(y) * canvas.width() + x0) * 4;
    for (int x = x0; x < x1; ++x, p += 4) render::blend_over(p, color, color.a);
  }
}

}  // namespace game
