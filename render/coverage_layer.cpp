#include "render/coverage_layer.hpp"

#include "render/capsule_scan.hpp"
#include "render/raster.hpp"

#include <algorithm>
#include <climits>
#include <cstring>

namespace render {

// Accumulates coverage with max(): the union of shapes, never their sum.
struct LayerSink {
  CoverageLayer& layer;
  void touch(int y, int x0, int x1) {
    layer.row_lo_[y] = std::min(layer.row_lo_[y], x0);
    layer.row_hi_[y] = std::max(layer.row_hi_[y], x1);
    layer.y_lo_ = std::min(layer.y_lo_, y);
    layer.y_hi_ = std::max(layer.y_hi_, y);
  }
  std::uint8_t* row(int y) { return layer.cov_.data() + static_cast<std::size_t>(y) * layer.width_; }
  void span(int y, int x0, int x1) {
    std::memset(row(y) + x0, 255, static_cast<std::size_t>(x1 - x0));
  }
  void edge(int y, int x, unsigned cov8) {
    std::uint8_t& c = row(y)[x];
    c = std::max<std::uint8_t>(c, static_cast<std::uint8_t>(cov8));
  }
  void row_done(int y, int x0, int x1) { touch(y, x0, x1); }
};

CoverageLayer::CoverageLayer(int width, int height)
    : width_(std::max(width, 0)),
      height_(std::max(height, 0)),
      cov_(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), 0),
      row_lo_(static_cast<std::size_t>(height_), INT_MAX),
      row_hi_(static_cast<std::size_t>(height_), INT_MIN),
      y_lo_(INT_MAX),
      y_hi_(INT_MIN) {}

void CoverageLayer::add_run(glm::vec2 a_px, glm::vec2 b_px, float radius_px) {
  LayerSink sink{*this};
  detail::scan_capsule(detail::Capsule(a_px, b_px, radius_px), width_, height_, sink);
}

void CoverageLayer::add_disc(glm::vec2 center_px, float radius_px) { add_run(center_px, center_px, radius_px); }

void CoverageLayer::add_run_highlight(glm::vec2 a_px, glm::vec2 b_px, float radius_px, float highlight_radius_px,
                                      glm::vec2 light_dir_px) {
  const float hi_r = std::clamp(highlight_radius_px, 0.0f, radius_px);
  const Segment s = highlight_segment(a_px, b_px, radius_px, hi_r, light_dir_px);
  add_run(s.a, s.b, hi_r);
}

float CoverageLayer::coverage(int x, int y) const {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return 0.0f;
  return static_cast<float>(cov_[static_cast<std::size_t>(y) * width_ + x]) / 255.0f;
}

void CoverageLayer::composite(Canvas& canvas, Rgba color) {
  if (empty()) return;
  const bool fits = canvas.width() == width_ && canvas.height() == height_;
  for (int y = y_lo_; y <= y_hi_; ++y) {
    const int x0 = row_lo_[y], x1 = row_hi_[y];
    if (x0 >= x1) continue;
    std::uint8_t* c = cov_.data() + static_cast<std::size_t>(y) * width_;
    if (fits) {
      std::uint8_t* row = canvas.data() + static_cast<std::size_t>(y) * width_ * 4;
      std::uint32_t word;
      std::memcpy(&word, &color, 4);
      int x = x0;
      while (x < x1) {
        // Eight coverage bytes at a time: interiors (all 255) are plain stores when the
        // colour is opaque, gaps (all 0) are skipped; only edges blend per pixel.
        if (x + 8 <= x1) {
          std::uint64_t block;
          std::memcpy(&block, c + x, 8);
          if (block == 0) { x += 8; continue; }
          if (block == ~std::uint64_t{0} && color.a == 255) {
            for (int k = 0; k < 8; ++k) std::memcpy(row + 4 * (x + k), &word, 4);
            x += 8;
            continue;
          }
        }
        const unsigned k = c[x];
        if (k != 0) blend_over(row + 4 * x, color, k == 255 ? color.a : (k * color.a + 127) / 255);
        ++x;
      }
    }
    std::memset(c + x0, 0, static_cast<std::size_t>(x1 - x0));
    row_lo_[y] = INT_MAX;
    row_hi_[y] = INT_MIN;
  }
  y_lo_ = INT_MAX;
  y_hi_ = INT_MIN;
}

void CoverageLayer::reset() {
  Canvas none(0, 0);
  composite(none, {0, 0, 0, 0});
}

}  // namespace render
