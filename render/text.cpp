#include "render/text.hpp"

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#endif
#include <stb/stb_easy_font.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace render {

namespace {

// stb_easy_font's vertex: x, y, z floats and a 4-byte colour; four per quad.
struct FontVertex {
  float x, y, z;
  unsigned char rgba[4];
};

}  // namespace

void draw_text(Canvas& canvas, int x, int y, std::string_view text, Rgba color, int scale) {
  if (text.empty()) return;
  scale = std::max(scale, 1);
  std::string copy(text);  // stb_easy_font takes a mutable, NUL-terminated string
  // stb_easy_font's advice of ~270 bytes per character is an average: a dense glyph ("8",
  // "0") takes up to 16 quads of 4 vertices x 16 bytes, and a short string has no lighter
  // neighbours to make up for it, so size for the densest glyph.
  std::vector<char> buffer(copy.size() * 16 * 64 + 64);
  unsigned char rgba[4] = {color.r, color.g, color.b, color.a};
  const int quads = stb_easy_font_print(0.0f, 0.0f, copy.data(), rgba, buffer.data(), static_cast<int>(buffer.size()));
  const auto* v = reinterpret_cast<const FontVertex*>(buffer.data());
  for (int q = 0; q < quads; ++q) {
    const FontVertex* quad = v + 4 * q;
    float x0 = quad[0].x, x1 = quad[0].x, y0 = quad[0].y, y1 = quad[0].y;
    for (int k = 1; k < 4; ++k) {
      x0 = std::min(x0, quad[k].x); x1 = std::max(x1, quad[k].x);
      y0 = std::min(y0, quad[k].y); y1 = std::max(y1, quad[k].y);
    }
    // Quads lie on the integer font grid: each is a rectangle of whole pixels once scaled.
    // Clip to the canvas first, then fill (STYLE.md 9).
    const int px0 = std::max(0, x + static_cast<int>(std::lround(x0)) * scale);
    const int px1 = std::min(canvas.width(), x + static_cast<int>(std::lround(x1)) * scale);
    const int py0 = std::max(0, y + static_cast<int>(std::lround(y0)) * scale);
    const int py1 = std::min(canvas.height(), y + static_cast<int>(std::lround(y1)) * scale);
    for (int py = py0; py < py1; ++py) {
      std::uint8_t* p = canvas.data() + (static_cast<std::size_t>(py) * canvas.width() + px0) * 4;
      for (int px = px0; px < px1; ++px, p += 4) blend_over(p, color, color.a);
    }
  }
}

int text_width(std::string_view text, int scale) {
  std::string copy(text);
  return stb_easy_font_width(copy.data()) * std::max(scale, 1);
}

int text_height(std::string_view text, int scale) {
  std::string copy(text);
  return stb_easy_font_height(copy.data()) * std::max(scale, 1);
}

}  // namespace render
