#pragma once
// The one scan converter behind every disc and run (render/raster, coverage_layer): a
// capsule (the union of equal discs along a segment, "Drawing with discs": radius constant,
// never interpolated) is clipped to the target rectangle first and then walked row by row
// over the analytic x-range of that row alone (STYLE.md 9).
//
// Coverage of a pixel whose centre lies at distance d from the segment is
//   clamp(R - d + 0.5, 0, 1)
// i.e. one pixel of linear ramp centred on the true edge. Its integral over the plane is
// pi R^2 + pi/12, so a disc's summed coverage is its area to within 1% for R >= 3 px.
// Pixels with d <= R - 0.5 are fully covered; they are found per row analytically and
// emitted as one span, so the square root per pixel is paid only in the edge band.
//
// Speed (issue 2: 1000 soldiers in a 60 Hz frame on one core). Everything that depends on
// the capsule alone is prepared once (Capsule): the per-row x-ranges of the strip between
// the end discs are then a few multiplies, no division; the end discs cost one square root
// per row for each range they reach. The row ranges are padded by kRangePad px outward
// (outer) and inward (inner): a pixel that rounding would move across a range end is then
// an edge pixel whose exact coverage is computed, so the output is exactly that of the
// formula above, pixel for pixel.
#include <glm/vec2.hpp>

#include <algorithm>
#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace render::detail {

// Outward (outer range) and inward (inner range) padding, px. Far above float rounding of
// canvas coordinates (~1e-4 px at 1280) and far below a pixel.
inline constexpr float kRangePad = 1.0f / 64.0f;

// A capsule prepared once: end points, unit axis and length (axis zero for a disc), and
// the constants of its per-row ranges.
struct Capsule {
  glm::vec2 a{}, b{};
  glm::vec2 axis{};  // unit a->b, or (0,0) when a == b
  float length = 0.0f;
  float radius = 0.0f;

  Capsule(glm::vec2 a_px, glm::vec2 b_px, float r) : a(a_px), b(b_px), radius(r) {
    const glm::vec2 d = b - a;
    length = std::sqrt(d.x * d.x + d.y * d.y);
    if (length > 1e-6f) axis = d / length; else { length = 0.0f; b = a; }
  }

  // Distance from p to the segment.
  float distance(glm::vec2 p) const {
    const glm::vec2 ap = p - a;
    const float t = std::clamp(ap.x * axis.x + ap.y * axis.y, 0.0f, length);
    const glm::vec2 q = ap - t * axis;
    return std::sqrt(q.x * q.x + q.y * q.y);
  }
};

// Coverage 0..255 of the pixels (xs[k], ys[k]), k < n, of the capsule: exactly
// clamp(R - d + 0.5, 0, 1) * 255 rounded, d = Capsule::distance() of the pixel centre. The
// pixels are independent, so they are computed four at a time where SSE2 is available
// (the same correctly rounded operations in the same order: bit-identical results), which
// hides the latency of the square root that a pixel at a time pays in full.
inline void edge_coverage(const Capsule& cap, const int* xs, const int* ys, int n, int* cov8) {
  const float ax = cap.axis.x, ay = cap.axis.y, len = cap.length, r = cap.radius;
  int k = 0;
#if defined(__SSE2__)
  const __m128 vax = _mm_set1_ps(ax), vay = _mm_set1_ps(ay), vlen = _mm_set1_ps(len), vr = _mm_set1_ps(r);
  const __m128 half = _mm_set1_ps(0.5f), zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f), v255 = _mm_set1_ps(255.0f);
  const __m128 vax0 = _mm_set1_ps(cap.a.x), vay0 = _mm_set1_ps(cap.a.y);
  for (; k + 4 <= n; k += 4) {
    const __m128 px = _mm_cvtepi32_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(xs + k)));
    const __m128 py = _mm_cvtepi32_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(ys + k)));
    const __m128 ux = _mm_sub_ps(_mm_add_ps(px, half), vax0);
    const __m128 uy = _mm_sub_ps(_mm_add_ps(py, half), vay0);
    const __m128 t = _mm_min_ps(_mm_max_ps(_mm_add_ps(_mm_mul_ps(ux, vax), _mm_mul_ps(uy, vay)), zero), vlen);
    const __m128 qx = _mm_sub_ps(ux, _mm_mul_ps(t, vax)), qy = _mm_sub_ps(uy, _mm_mul_ps(t, vay));
    const __m128 d = _mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(qx, qx), _mm_mul_ps(qy, qy)));
    const __m128 cov = _mm_min_ps(_mm_max_ps(_mm_add_ps(_mm_sub_ps(vr, d), half), zero), one);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(cov8 + k), _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(cov, v255), half)));
  }
#endif
  for (; k < n; ++k) {
    const float ux = (static_cast<float>(xs[k]) + 0.5f) - cap.a.x, uy = (static_cast<float>(ys[k]) + 0.5f) - cap.a.y;
    const float t = std::min(std::max(ux * ax + uy * ay, 0.0f), len);
    const float qx = ux - t * ax, qy = uy - t * ay;
    const float d = std::sqrt(qx * qx + qy * qy);
    const float cov = std::min(std::max((r - d) + 0.5f, 0.0f), 1.0f);
    cov8[k] = static_cast<int>(cov * 255.0f + 0.5f);
  }
}

// Walks the capsule over the rectangle [0, clip_w) x [0, clip_h). Calls
//   sink.span(y, x0, x1)       fully covered pixels x0 <= x < x1 of row y
//   sink.edge(y, x, cov8)      one partly covered pixel, coverage 1..255 of 255
// Spans come row by row; edge pixels are gathered over several rows and come in batches
// (edge_coverage), each pixel once.
template <class Sink>
void scan_capsule(const Capsule& cap, int clip_w, int clip_h, Sink& sink) {
  const float r = cap.radius;
  if (!(r > 0.0f) || clip_w <= 0 || clip_h <= 0) return;
  const float outer = r + 0.5f + kRangePad, inner = r - 0.5f - kRangePad;
  // Clip first: the bounding box against the target, then the rows that lie on it.
  const float ymin = std::min(cap.a.y, cap.b.y) - outer, ymax = std::max(cap.a.y, cap.b.y) + outer;
  const float xmin = std::min(cap.a.x, cap.b.x) - outer, xmax = std::max(cap.a.x, cap.b.x) + outer;
  if (!(ymax > 0.0f) || !(ymin < static_cast<float>(clip_h))) return;
  if (!(xmax > 0.0f) || !(xmin < static_cast<float>(clip_w))) return;
  const int y0 = std::max(0, static_cast<int>(std::ceil(ymin - 0.5f)));
  const int y1 = std::min(clip_h - 1, static_cast<int>(std::floor(ymax - 0.5f)));

  const glm::vec2 a = cap.a, b = cap.b;
  const float ax = cap.axis.x, ay = cap.axis.y, len = cap.length;
  const float outer2 = outer * outer, inner2 = inner > 0.0f ? inner * inner : -1.0f;  // -1: no disc is full
  // The strip between the end discs, with u = x - a.x and dy = py - a.y:
  //   along  =  u*ax + dy*ay  in [0, len]
  //   across = -u*ay + dy*ax  in [-rho, rho]
  // Each is a range of u when its u coefficient is not ~0, else a test on dy alone.
  const bool strip = len > 0.0f;
  const bool along_u = std::fabs(ax) >= 1e-7f, across_u = std::fabs(ay) >= 1e-7f;
  const float inv_ax = along_u ? 1.0f / ax : 0.0f, inv_ay = across_u ? 1.0f / ay : 0.0f;
  const float lim_w = static_cast<float>(clip_w);

  // Edge pixels gathered for edge_coverage().
  constexpr int kBatch = 256;
  int xs[kBatch], ys[kBatch], cov8[kBatch];
  int n = 0;
  auto flush = [&] {
    edge_coverage(cap, xs, ys, n, cov8);
    for (int k = 0; k < n; ++k)
      if (cov8[k] > 0) sink.edge(ys[k], xs[k], static_cast<unsigned>(cov8[k]));
    n = 0;
  };
  auto edge_pixels = [&](int y, int from, int to) {  // inclusive range
    for (int x = from; x <= to; ++x) {
      if (n == kBatch) flush();
      xs[n] = x;
      ys[n] = y;
      ++n;
    }
  };

  for (int y = y0; y <= y1; ++y) {
    const float py = static_cast<float>(y) + 0.5f;
    const float dy = py - a.y, dyb = py - b.y;
    const float dy2 = dy * dy, dyb2 = dyb * dyb;
    // Outer (any coverage) and inner (full coverage) ranges of x on this row.
    float olo = 1e30f, ohi = -1e30f, ilo = 1e30f, ihi = -1e30f;
    if (dy2 < outer2) {
      const float h = std::sqrt(outer2 - dy2);
      olo = a.x - h; ohi = a.x + h;
      if (dy2 < inner2) { const float hi = std::sqrt(inner2 - dy2); ilo = a.x - hi; ihi = a.x + hi; }
    }
    if (strip) {
      if (dyb2 < outer2) {
        const float h = std::sqrt(outer2 - dyb2);
        olo = std::min(olo, b.x - h); ohi = std::max(ohi, b.x + h);
        if (dyb2 < inner2) {
          const float hi = std::sqrt(inner2 - dyb2);
          ilo = std::min(ilo, b.x - hi); ihi = std::max(ihi, b.x + hi);
        }
      }
      float lo = -1e30f, hi = 1e30f;  // u range of the along constraint
      bool ok = true;
      if (along_u) {
        float u0 = -dy * ay * inv_ax, u1 = (len - dy * ay) * inv_ax;
        if (u0 > u1) std::swap(u0, u1);
        lo = u0; hi = u1;
      } else {
        const float t = dy * ay;
        ok = t >= 0.0f && t <= len;
      }
      if (ok) {
        const float m = dy * ax;
        auto across = [&](float rho, float& out_lo, float& out_hi) {
          float l = lo, h = hi;
          if (across_u) {
            float u0 = (m - rho) * inv_ay, u1 = (m + rho) * inv_ay;
            if (u0 > u1) std::swap(u0, u1);
            l = std::max(l, u0); h = std::min(h, u1);
          } else if (m < -rho || m > rho) {
            return;
          }
          if (l <= h) { out_lo = std::min(out_lo, a.x + l); out_hi = std::max(out_hi, a.x + h); }
        };
        across(outer, olo, ohi);
        if (inner > 0.0f) across(inner, ilo, ihi);
      }
    }
    if (!(olo <= ohi)) continue;
    // Pixel x (centre x + 0.5) is in [lo, hi] for x in [ceil(lo - .5), floor(hi - .5)]. The
    // ends are clamped to [-1.5, w + 1] first, so floor and ceil are truncations of positive
    // numbers (the offsets round by ~1e-4 px at most, which kRangePad absorbs).
    auto clamp_px = [&](float v) { return std::min(std::max(v, -1.5f), lim_w + 1.0f); };
    auto floor_px = [&](float v) { return static_cast<int>(clamp_px(v) + 4.0f) - 4; };
    auto ceil_px = [&](float v) { return clip_w + 4 - static_cast<int>((lim_w + 4.0f) - clamp_px(v)); };
    const int ox0 = std::max(0, ceil_px(olo - 0.5f));
    const int ox1 = std::min(clip_w - 1, floor_px(ohi - 0.5f));
    if (ox0 > ox1) continue;
    int ix0 = ox1 + 1, ix1 = ox1;  // inner span [ix0, ix1], empty by default
    if (ilo <= ihi) {
      ix0 = std::max(ox0, ceil_px(ilo - 0.5f));
      ix1 = std::min(ox1, floor_px(ihi - 0.5f));
      if (ix0 > ix1) { ix0 = ox1 + 1; ix1 = ox1; }
    }
    if (ix0 > ix1) {
      edge_pixels(y, ox0, ox1);
    } else {
      edge_pixels(y, ox0, ix0 - 1);
      sink.span(y, ix0, ix1 + 1);
      edge_pixels(y, ix1 + 1, ox1);
    }
  }
  flush();
}

}  // namespace render::detail
