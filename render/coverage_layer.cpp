#include "render/coverage_layer.hpp"

#include "render/capsule_scan.hpp"
#include "render/raster.hpp"

#include <algorithm>
#include <cstring>

namespace render {

// Accumulates coverage with max(): the union of shapes, never their sum. With a canvas
// (painting an opaque colour) full coverage of the shape goes straight onto it instead.
// Highlight coverage (add_run_lit) always goes to its own buffer: the highlights of a batch
// are blended after all of its runs.
struct LayerSink {
  CoverageLayer& layer;
  std::uint8_t* cov;
  std::uint8_t* lit_cov;
  std::uint32_t width;
  std::uint8_t* pixels;  // the canvas when painting an opaque colour, else null
  std::uint32_t word;    // the colour as stored in the canvas
  std::uint8_t* mask;    // CoverageLayer::set_mask while painting a run, else null

  // Room for `extra` more touched pixels (the vector stays 4 longer than the count).
  void reserve(std::size_t extra) {
    std::vector<std::uint32_t>& t = layer.touched_;
    if (layer.touched_count_ + extra + 4 > t.size()) t.resize(std::max<std::size_t>(2 * t.size(), layer.touched_count_ + extra + 4096));
  }

  void span(int y, int x0, int x1) {
    const std::uint32_t row = static_cast<std::uint32_t>(y) * width;
    if (mask != nullptr) std::memset(mask + row + x0, 255, static_cast<std::size_t>(x1 - x0));
    if (pixels != nullptr) {
      std::uint8_t* p = pixels + 4 * static_cast<std::size_t>(row + x0);
      for (int x = x0; x < x1; ++x, p += 4) std::memcpy(p, &word, 4);
    } else {
      for (int x = x0; x < x1; ++x) pixel(y, x, 255, 0);
    }
  }
  void pixel(int y, int x, unsigned cov8, unsigned lit8) {
    const std::uint32_t i = static_cast<std::uint32_t>(y) * width + static_cast<std::uint32_t>(x);
    if (mask != nullptr) mask[i] = std::max(mask[i], static_cast<std::uint8_t>(cov8));
    if (cov8 >= 255 && pixels != nullptr) {
      std::memcpy(pixels + 4 * static_cast<std::size_t>(i), &word, 4);
      cov8 = 0;
    }
    if ((cov8 | lit8) == 0) return;
    reserve(1);
    const bool fresh = (cov[i] | lit_cov[i]) == 0;
    cov[i] = std::max(cov[i], static_cast<std::uint8_t>(cov8));
    lit_cov[i] = std::max(lit_cov[i], static_cast<std::uint8_t>(lit8));
    if (fresh) layer.touched_[layer.touched_count_++] = i;
  }

#if defined(__SSE2__)
  // Four pixels of a row: empty quads cost one test, full quads of an opaque paint one
  // 16-byte store; the buffers are updated four bytes at a time and the new pixels appended
  // to the touched list without a branch per pixel.
  void quad(int y, int x, __m128i cov4, __m128i lit4) {
    const std::uint32_t i = static_cast<std::uint32_t>(y) * width + static_cast<std::uint32_t>(x);
    if (mask != nullptr) {
      const __m128i packed = _mm_packus_epi16(_mm_packs_epi32(cov4, _mm_setzero_si128()), _mm_setzero_si128());
      std::uint32_t old, now;
      std::memcpy(&old, mask + i, 4);
      now = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_max_epu8(_mm_cvtsi32_si128(static_cast<int>(old)), packed)));
      std::memcpy(mask + i, &now, 4);
    }
    if (pixels != nullptr) {
      const __m128i full = _mm_cmpeq_epi32(cov4, _mm_set1_epi32(255));
      if (_mm_movemask_epi8(full) != 0) {
        std::uint8_t* p = pixels + 4 * static_cast<std::size_t>(i);
        const __m128i old = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const __m128i c = _mm_set1_epi32(static_cast<int>(word));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_or_si128(_mm_and_si128(full, c), _mm_andnot_si128(full, old)));
        cov4 = _mm_andnot_si128(full, cov4);
      }
    }
    // Lanes are 0..255: two saturating packs leave one byte per pixel.
    const __m128i both = _mm_packus_epi16(_mm_packs_epi32(cov4, lit4), _mm_setzero_si128());
    std::uint64_t b;
    _mm_storel_epi64(reinterpret_cast<__m128i*>(&b), both);
    if (b == 0) return;
    reserve(4);
    std::uint32_t oc, ol;
    std::memcpy(&oc, cov + i, 4);
    std::memcpy(&ol, lit_cov + i, 4);
    const __m128i nc = _mm_max_epu8(_mm_cvtsi32_si128(static_cast<int>(oc)), _mm_cvtsi32_si128(static_cast<int>(b)));
    const __m128i nl = _mm_max_epu8(_mm_cvtsi32_si128(static_cast<int>(ol)), _mm_cvtsi32_si128(static_cast<int>(b >> 32)));
    const std::uint32_t wc = static_cast<std::uint32_t>(_mm_cvtsi128_si32(nc)), wl = static_cast<std::uint32_t>(_mm_cvtsi128_si32(nl));
    std::memcpy(cov + i, &wc, 4);
    std::memcpy(lit_cov + i, &wl, 4);
    const std::uint32_t was = oc | ol, now = wc | wl;
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
      cov_(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), 0),
      lit_cov_(cov_.size(), 0) {
  touched_.resize(4096);
}

void CoverageLayer::scan(glm::vec2 a_px, glm::vec2 b_px, float radius_px, const Segment* lit, float lit_radius_px,
                         Canvas* canvas, Rgba color, bool masked) {
  LayerSink sink{*this, cov_.data(), lit_cov_.data(), static_cast<std::uint32_t>(width_), nullptr, 0, masked ? mask_ : nullptr};
  if (canvas != nullptr && color.a == 255 && canvas->width() == width_ && canvas->height() == height_) {
    sink.pixels = canvas->data();
    std::memcpy(&sink.word, &color, 4);
  }
  const detail::Capsule cap(a_px, b_px, radius_px);
  if (lit != nullptr && lit_radius_px > 0.0f) {
    const detail::Capsule lit_cap(lit->a, lit->b, lit_radius_px);
    detail::scan_capsule(cap, &lit_cap, width_, height_, sink);
  } else {
    detail::scan_capsule(cap, nullptr, width_, height_, sink);
  }
}

void CoverageLayer::add_run(glm::vec2 a_px, glm::vec2 b_px, float radius_px) {
  scan(a_px, b_px, radius_px, nullptr, 0.0f, nullptr, {}, false);
}

void CoverageLayer::add_run(glm::vec2 a_px, glm::vec2 b_px, float radius_px, Canvas& canvas, Rgba color) {
  scan(a_px, b_px, radius_px, nullptr, 0.0f, &canvas, color, true);
}

void CoverageLayer::add_disc(glm::vec2 center_px, float radius_px) { add_run(center_px, center_px, radius_px); }

void CoverageLayer::add_run_highlight(glm::vec2 a_px, glm::vec2 b_px, float radius_px, float highlight_radius_px,
                                      glm::vec2 light_dir_px) {
  const float hi_r = std::clamp(highlight_radius_px, 0.0f, radius_px);
  const Segment s = highlight_segment(a_px, b_px, radius_px, hi_r, light_dir_px);
  scan(s.a, s.b, hi_r, nullptr, 0.0f, nullptr, {}, false);
}

void CoverageLayer::add_run_highlight(glm::vec2 a_px, glm::vec2 b_px, float radius_px, float highlight_radius_px,
                                      glm::vec2 light_dir_px, Canvas& canvas, Rgba color) {
  const float hi_r = std::clamp(highlight_radius_px, 0.0f, radius_px);
  const Segment s = highlight_segment(a_px, b_px, radius_px, hi_r, light_dir_px);
  scan(s.a, s.b, hi_r, nullptr, 0.0f, &canvas, color, false);
}

void CoverageLayer::add_run_lit(glm::vec2 a_px, glm::vec2 b_px, float radius_px, float highlight_radius_px,
                                glm::vec2 light_dir_px, Canvas& canvas, Rgba color) {
  const float hi_r = std::clamp(highlight_radius_px, 0.0f, radius_px);
  if (!(hi_r > 0.0f)) {
    scan(a_px, b_px, radius_px, nullptr, 0.0f, &canvas, color, true);
    return;
  }
  const Segment s = highlight_segment(a_px, b_px, radius_px, hi_r, light_dir_px);
  scan(a_px, b_px, radius_px, &s, hi_r, &canvas, color, true);
}

float CoverageLayer::coverage(int x, int y) const {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return 0.0f;
  return static_cast<float>(cov_[static_cast<std::size_t>(y) * width_ + x]) / 255.0f;
}

void CoverageLayer::composite(Canvas& canvas, Rgba color) { composite(canvas, color, color); }

void CoverageLayer::composite(Canvas& canvas, Rgba color, Rgba lit) {
  const std::uint32_t* t = touched_.data();
  const std::size_t n = touched_count_;
  if (canvas.width() == width_ && canvas.height() == height_) {
    std::uint8_t* pixels = canvas.data();
    for (std::size_t j = 0; j < n; ++j) {
      const std::uint32_t i = t[j];
      const unsigned k = cov_[i], l = lit_cov_[i];
      cov_[i] = 0;
      lit_cov_[i] = 0;
      std::uint8_t* p = pixels + 4 * static_cast<std::size_t>(i);
      if (k != 0) blend_over(p, color, k == 255 ? color.a : (k * color.a + 127) / 255);
      if (l != 0) blend_over(p, lit, l == 255 ? lit.a : (l * lit.a + 127) / 255);
    }
  } else {
    reset();
  }
  touched_count_ = 0;
}

void CoverageLayer::reset() {
  for (std::size_t j = 0; j < touched_count_; ++j) {
    cov_[touched_[j]] = 0;
    lit_cov_[touched_[j]] = 0;
  }
  touched_count_ = 0;
}

}  // namespace render
