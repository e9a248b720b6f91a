#include "render/canvas.hpp"

#include <algorithm>
#include <cstring>

namespace render {

Canvas::Canvas(int width, int height)
    : width_(std::max(width, 0)),
      height_(std::max(height, 0)),
      pixels_(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 4, 0) {}

void Canvas::clear(Rgba c) {
  // Fill the first row, then copy it: a row of memcpy runs at memory bandwidth, which is the
  // baseline the raster benchmark compares against (STYLE.md 11).
  if (width_ == 0 || height_ == 0) return;
  std::uint8_t* row0 = pixels_.data();
  for (int x = 0; x < width_; ++x) std::memcpy(row0 + 4 * x, &c, 4);
  const std::size_t stride = static_cast<std::size_t>(width_) * 4;
  for (int y = 1; y < height_; ++y) std::memcpy(row0 + stride * y, row0, stride);
}

Rgba Canvas::pixel(int x, int y) const {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return {0, 0, 0, 0};
  const std::uint8_t* p = pixels_.data() + (static_cast<std::size_t>(y) * width_ + x) * 4;
  return {p[0], p[1], p[2], p[3]};
}

void Canvas::set_pixel(int x, int y, Rgba c) {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
  std::uint8_t* p = pixels_.data() + (static_cast<std::size_t>(y) * width_ + x) * 4;
  p[0] = c.r; p[1] = c.g; p[2] = c.b; p[3] = c.a;
}

void Canvas::blit(const Canvas& src, int x, int y) {
  // Clip the source rectangle to this canvas first (STYLE.md 9), then copy row spans.
  const int x0 = std::max(0, x), y0 = std::max(0, y);
  const int x1 = std::min(width_, x + src.width()), y1 = std::min(height_, y + src.height());
  for (int ty = y0; ty < y1; ++ty) {
    const std::uint8_t* s = src.data() + (static_cast<std::size_t>(ty - y) * src.width() + (x0 - x)) * 4;
    std::uint8_t* d = pixels_.data() + (static_cast<std::size_t>(ty) * width_ + x0) * 4;
    for (int tx = x0; tx < x1; ++tx, s += 4, d += 4) blend_over(d, {s[0], s[1], s[2], 255}, s[3]);
  }
}

}  // namespace render
