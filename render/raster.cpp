#include "render/raster.hpp"

#include "render/capsule_scan.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace render {

namespace {

// Writes a shape straight into the canvas: fully covered pixels as 32-bit stores when the
// colour is opaque (the common case), the rest by source-over with the pixel's coverage.
struct CanvasSink {
  Canvas& canvas;
  Rgba color;
  void span(int y, int x0, int x1) {
    for (int x = x0; x < x1; ++x) pixel(y, x, 255, 0);
  }
  void pixel(int y, int x, unsigned cov8, unsigned /*lit*/) {
    if (cov8 == 0) return;
    std::uint8_t* p = canvas.data() + (static_cast<std::size_t>(y) * canvas.width() + x) * 4;
    if (cov8 >= 255 && color.a == 255) std::memcpy(p, &color, 4);
    else blend_over(p, color, (cov8 * color.a + 127) / 255);
  }
#if defined(__SSE2__)
  void quad(int y, int x, __m128i cov, __m128i lit) {
    alignas(16) int c[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(c), cov);
    for (int k = 0; k < 4; ++k) pixel(y, x + k, static_cast<unsigned>(c[k]), 0);
    (void)lit;
  }
#endif
};

}  // namespace

void fill_run(Canvas& canvas, glm::vec2 a_px, glm::vec2 b_px, float radius_px, Rgba color) {
  // A single capsule is one convex distance field, so it never overlaps itself: straight
  // compositing is seam-free. Batches of shapes go through CoverageLayer instead.
  CanvasSink sink{canvas, color};
  detail::scan_capsule(detail::Capsule(a_px, b_px, radius_px), canvas.width(), canvas.height(), sink);
}

void fill_disc(Canvas& canvas, glm::vec2 center_px, float radius_px, Rgba color) {
  fill_run(canvas, center_px, center_px, radius_px, color);
}

Segment highlight_segment(glm::vec2 a_px, glm::vec2 b_px, float radius_px, float highlight_radius_px,
                          glm::vec2 light_dir_px) {
  const float hi_r = std::clamp(highlight_radius_px, 0.0f, radius_px);
  const glm::vec2 d = b_px - a_px;
  const float len = std::sqrt(d.x * d.x + d.y * d.y);
  glm::vec2 toward{0.0f, 0.0f};
  if (len > 1e-6f) {
    // Only the component across the run moves the highlight: along the run it would slide
    // past the end caps, not toward the lit edge.
    glm::vec2 n{-d.y / len, d.x / len};
    if (n.x * light_dir_px.x + n.y * light_dir_px.y < 0.0f) n = -n;
    toward = n;
  } else {
    const float l = std::sqrt(light_dir_px.x * light_dir_px.x + light_dir_px.y * light_dir_px.y);
    if (l > 1e-12f) toward = light_dir_px / l;
  }
  const glm::vec2 offset = (radius_px - hi_r) * toward;
  return {a_px + offset, b_px + offset};
}

void fill_run_highlight(Canvas& canvas, glm::vec2 a_px, glm::vec2 b_px, float radius_px,
                        float highlight_radius_px, glm::vec2 light_dir_px, Rgba highlight) {
  const float hi_r = std::clamp(highlight_radius_px, 0.0f, radius_px);
  const Segment s = highlight_segment(a_px, b_px, radius_px, hi_r, light_dir_px);
  fill_run(canvas, s.a, s.b, hi_r, highlight);
}

}  // namespace render
