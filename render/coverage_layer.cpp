#include "render/coverage_layer.hpp"

#include "render/capsule_scan.hpp"
#include "render/raster.hpp"

#include <algorithm>
#include <cstring>

namespace render {

// Accumulates coverage with max(): the union of shapes, never their sum.
struct LayerSink {
  static constexpr bool kTakesMax = true;  // capsule_scan.hpp: max() into a canvas-sized buffer
  CoverageLayer& layer;
  std::uint8_t* cov;
  std::uint32_t width;

  // Room for `extra` more touched pixels (the vector stays 4 longer than the count).
  void reserve(std::size_t extra) {
    std::vector<std::uint32_t>& t = layer.touched_;
    if (layer.touched_count_ + extra + 4 > t.size()) t.resize(std::max<std::size_t>(2 * t.size(), layer.touched_count_ + extra + 4096));
  }

  void span(int y, int x0, int x1) {
    for (int x = x0; x < x1; ++x) pixel(y, x, 255, 0);
  }
  void pixel(int y, int x, unsigned cov8, unsigned /*lit: never asked for*/) {
    if (cov8 == 0) return;
    const std::uint32_t i = static_cast<std::uint32_t>(y) * width + static_cast<std::uint32_t>(x);
    reserve(1);
    if (cov[i] == 0) layer.touched_[layer.touched_count_++] = i;
    cov[i] = std::max(cov[i], static_cast<std::uint8_t>(cov8));
  }

#if defined(__SSE2__)
  // Four pixels of a row: an empty quad costs one test; the buffer is updated four bytes at
  // a time and the new pixels appended to the touched list without a branch per pixel.
  void quad(int y, int x, __m128i cov4, __m128i /*lit: never asked for*/) {
    const std::uint32_t i = static_cast<std::uint32_t>(y) * width + static_cast<std::uint32_t>(x);
    // Lanes are 0..255: two saturating packs leave one byte per pixel.
    const std::uint32_t b =
        static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_packus_epi16(_mm_packs_epi32(cov4, _mm_setzero_si128()), _mm_setzero_si128())));
    if (b == 0) return;
    reserve(4);
    std::uint32_t was;
    std::memcpy(&was, cov + i, 4);
    const std::uint32_t now = static_cast<std::uint32_t>(
        _mm_cvtsi128_si32(_mm_max_epu8(_mm_cvtsi32_si128(static_cast<int>(was)), _mm_cvtsi32_si128(static_cast<int>(b)))));
    std::memcpy(cov + i, &now, 4);
    std::uint32_t* t = layer.touched_.data();
    std::size_t n = layer.touched_count_;
    for (int k = 0; k < 4; ++k) {
      const unsigned shift = 8u * static_cast<unsigned>(k);
      t[n] = i + static_cast<std::uint32_t>(k);
      n += (((was >> shift) & 0xffu) == 0) & (((now >> shift) & 0xffu) != 0);
    }
    layer.touched_count_ = n;
  }
#endif
};

CoverageLayer::CoverageLayer(int width, int height)
    : width_(std::max(width, 0)),
      height_(std::max(height, 0)),
      cov_(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), 0) {
  touched_.resize(4096);
}

void CoverageLayer::scan(glm::vec2 a_px, glm::vec2 b_px, float radius_px) {
  LayerSink sink{*this, cov_.data(), static_cast<std::uint32_t>(width_)};
  detail::scan_capsule(detail::Capsule(a_px, b_px, radius_px), width_, height_, sink);
}

void CoverageLayer::add_run(glm::vec2 a_px, glm::vec2 b_px, float radius_px) { scan(a_px, b_px, radius_px); }

void CoverageLayer::add_disc(glm::vec2 center_px, float radius_px) { add_run(center_px, center_px, radius_px); }

void CoverageLayer::add_run_highlight(glm::vec2 a_px, glm::vec2 b_px, float radius_px, float highlight_radius_px,
                                      glm::vec2 light_dir_px) {
  const float hi_r = std::clamp(highlight_radius_px, 0.0f, radius_px);
  const Segment s = highlight_segment(a_px, b_px, radius_px, hi_r, light_dir_px);
  scan(s.a, s.b, hi_r);
}

float CoverageLayer::coverage(int x, int y) const {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return 0.0f;
  return static_cast<float>(cov_[static_cast<std::size_t>(y) * width_ + x]) / 255.0f;
}

void CoverageLayer::composite(Canvas& canvas, Rgba color) {
  if (canvas.width() != width_ || canvas.height() != height_) {
    reset();
    return;
  }
  std::uint8_t* pixels = canvas.data();
  for (std::size_t j = 0; j < touched_count_; ++j) {
    const std::uint32_t i = touched_[j];
    const unsigned k = cov_[i];
    cov_[i] = 0;
    blend_over(pixels + 4 * static_cast<std::size_t>(i), color, k == 255 ? color.a : (k * color.a + 127) / 255);
  }
  touched_count_ = 0;
}

void CoverageLayer::reset() {
  for (std::size_t j = 0; j < touched_count_; ++j) cov_[touched_[j]] = 0;
  touched_count_ = 0;
}

}  // namespace render
