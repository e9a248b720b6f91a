#pragma once
// An RGBA8 image, row-major, y down (ARCHITECTURE.md render/canvas). Plain value type: the
// caller owns it; nothing in render/ keeps one (STYLE.md: no globals).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace render {

// The largest image the programs make, px (issue 17: a request for a 10.7 GB sheet died of
// std::bad_alloc): one frame at the largest --size, 8192 x 8192, 256 MiB of RGBA. Commands
// check what they are asked for against it before they simulate or allocate anything.
inline constexpr long long kMaxCanvasPixels = 8192LL * 8192LL;

// Straight (not premultiplied) 8-bit sRGB colour with alpha.
struct Rgba {
  std::uint8_t r, g, b, a;
  friend bool operator==(const Rgba&, const Rgba&) = default;
};

class Canvas {
 public:
  // A width x height image, cleared to transparent black. Negative sizes are taken as 0.
  Canvas(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }

  void clear(Rgba c);
  // Out-of-range reads give transparent black; out-of-range writes are ignored.
  Rgba pixel(int x, int y) const;
  void set_pixel(int x, int y, Rgba c);
  // Source-over of `c` whose alpha is scaled by `coverage` (0..1, clamped): blend_over with
  // alpha lround(coverage * c.a). Inline, as shadows and fills call it for every pixel.
  void blend_pixel(int x, int y, Rgba c, float coverage);

  // width * height * 4 bytes, row after row, no padding.
  const std::uint8_t* data() const { return pixels_.data(); }
  std::uint8_t* data() { return pixels_.data(); }

  // Source-over of `src` with its top-left at (x, y), clipped to this canvas. For an opaque
  // source this is a copy (contact sheets paste cells with it).
  void blit(const Canvas& src, int x, int y);

 private:
  int width_ = 0;
  int height_ = 0;
  std::vector<std::uint8_t> pixels_;
};

// Source-over of one pixel in 8-bit integer arithmetic; `alpha` (0..255) is the colour's
// alpha already multiplied by its coverage. Same colour over same colour returns the colour
// exactly, so re-covering a pixel with its own colour never darkens it (no seams).
inline void blend_over(std::uint8_t* dst, Rgba c, unsigned alpha) {
  if (alpha == 0) return;
  if (alpha >= 255) {
    dst[0] = c.r; dst[1] = c.g; dst[2] = c.b; dst[3] = 255;
    return;
  }
  const unsigned inv = 255 - alpha;
  // (s * a + d * (255 - a) + 127) / 255, exact rounding for 8-bit operands.
  auto mix = [&](unsigned s, unsigned d) {
    const unsigned v = s * alpha + d * inv + 128;
    return static_cast<std::uint8_t>((v + (v >> 8)) >> 8);
  };
  dst[0] = mix(c.r, dst[0]);
  dst[1] = mix(c.g, dst[1]);
  dst[2] = mix(c.b, dst[2]);
  dst[3] = mix(255, dst[3]);
}

inline void Canvas::blend_pixel(int x, int y, Rgba c, float coverage) {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
  if (!(coverage > 0.0f)) return;  // also rejects NaN
  const float v = std::min(coverage, 1.0f) * static_cast<float>(c.a);
  // lround(v) for 0 <= v <= 255: v - trunc(v) is exact there, so this is round half away from zero.
  unsigned alpha = static_cast<unsigned>(v);
  alpha += v - static_cast<float>(alpha) >= 0.5f;
  blend_over(pixels_.data() + (static_cast<std::size_t>(y) * width_ + x) * 4, c, alpha);
}

}  // namespace render
