#include "render/coverage_layer.hpp"

#include "render/capsule_scan.hpp"
#include "render/raster.hpp"

#include <algorithm>
#include <cstring>

namespace render {

// Accumulates coverage with max(): the union of shapes, never their sum. With a canvas
// (painting an opaque colour) full coverage goes straight onto it instead.
struct LayerSink {
  std::uint8_t* cov;
  std::vector<std::uint32_t>& touched;
  std::uint32_t width;
  std::uint8_t* pixels;  // the canvas when painting an opaque colour, else null
  std::uint32_t word;    // the colour as stored in the canvas

  void mark(std::uint32_t i, std::uint8_t v) {
    std::uint8_t& c = cov[i];
    if (c == 0) touched.push_back(i);
    if (v > c) c = v;
  }
  void span(int y, int x0, int x1) {
    const std::uint32_t row = static_cast<std::uint32_t>(y) * width;
    if (pixels != nullptr) {
      std::uint8_t* p = pixels + 4 * static_cast<std::size_t>(row + x0);
      for (int x = x0; x < x1; ++x, p += 4) std::memcpy(p, &word, 4);
    } else {
      for (int x = x0; x < x1; ++x) mark(row + x, 255);
    }
  }
  void edge(int y, int x, unsigned cov8) {
    const std::uint32_t i = static_cast<std::uint32_t>(y) * width + static_cast<std::uint32_t>(x);
    if (cov8 >= 255 && pixels != nullptr) std::memcpy(pixels + 4 * static_cast<std::size_t>(i), &word, 4);
    else mark(i, static_cast<std::uint8_t>(cov8));
  }
};

CoverageLayer::CoverageLayer(int width, int height)
    : width_(std::max(width, 0)),
      height_(std::max(height, 0)),
      cov_(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), 0) {
  touched_.reserve(4096);
}

void CoverageLayer::scan(glm::vec2 a_px, glm::vec2 b_px, float radius_px, Canvas* canvas, Rgba color) {
  LayerSink sink{cov_.data(), touched_, static_cast<std::uint32_t>(width_), nullptr, 0};
  if (canvas != nullptr && color.a == 255 && canvas->width() == width_ && canvas->height() == height_) {
    sink.pixels = canvas->data();
    std::memcpy(&sink.word, &color, 4);
  }
  detail::scan_capsule(detail::Capsule(a_px, b_px, radius_px), width_, height_, sink);
}

void CoverageLayer::add_run(glm::vec2 a_px, glm::vec2 b_px, float radius_px) {
  scan(a_px, b_px, radius_px, nullptr, {});
}

void CoverageLayer::add_run(glm::vec2 a_px, glm::vec2 b_px, float radius_px, Canvas& canvas, Rgba color) {
  scan(a_px, b_px, radius_px, &canvas, color);
}

void CoverageLayer::add_disc(glm::vec2 center_px, float radius_px) { add_run(center_px, center_px, radius_px); }

void CoverageLayer::add_run_highlight(glm::vec2 a_px, glm::vec2 b_px, float radius_px, float highlight_radius_px,
                                      glm::vec2 light_dir_px) {
  const float hi_r = std::clamp(highlight_radius_px, 0.0f, radius_px);
  const Segment s = highlight_segment(a_px, b_px, radius_px, hi_r, light_dir_px);
  scan(s.a, s.b, hi_r, nullptr, {});
}

void CoverageLayer::add_run_highlight(glm::vec2 a_px, glm::vec2 b_px, float radius_px, float highlight_radius_px,
                                      glm::vec2 light_dir_px, Canvas& canvas, Rgba color) {
  const float hi_r = std::clamp(highlight_radius_px, 0.0f, radius_px);
  const Segment s = highlight_segment(a_px, b_px, radius_px, hi_r, light_dir_px);
  scan(s.a, s.b, hi_r, &canvas, color);
}

float CoverageLayer::coverage(int x, int y) const {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return 0.0f;
  return static_cast<float>(cov_[static_cast<std::size_t>(y) * width_ + x]) / 255.0f;
}

void CoverageLayer::composite(Canvas& canvas, Rgba color) {
  if (canvas.width() == width_ && canvas.height() == height_) {
    std::uint8_t* pixels = canvas.data();
    for (const std::uint32_t i : touched_) {
      const unsigned k = cov_[i];
      cov_[i] = 0;
      blend_over(pixels + 4 * static_cast<std::size_t>(i), color, k == 255 ? color.a : (k * color.a + 127) / 255);
    }
  } else {
    for (const std::uint32_t i : touched_) cov_[i] = 0;
  }
  touched_.clear();
}

void CoverageLayer::reset() {
  for (const std::uint32_t i : touched_) cov_[i] = 0;
  touched_.clear();
}

}  // namespace render
