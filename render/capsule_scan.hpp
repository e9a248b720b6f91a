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
#include <glm/vec2.hpp>

#include <algorithm>
#include <cmath>

namespace render::detail {

struct Interval {
  float lo = 1.0f, hi = 0.0f;  // empty when lo > hi
  bool empty() const { return lo > hi; }
  void add(float l, float h) { if (empty()) { lo = l; hi = h; } else { lo = std::min(lo, l); hi = std::max(hi, h); } }
};

// A capsule prepared once: end points, unit axis and length (axis zero for a disc).
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

  // The x-interval of the horizontal line y = py lying within `rho` of the segment. The
  // capsule is convex, so the union of the intervals of its three pieces (two end discs and
  // the strip between them) is that one interval.
  Interval row(float py, float rho) const {
    Interval out;
    const float rho2 = rho * rho;
    for (const glm::vec2 c : {a, b}) {
      const float dy = py - c.y;
      if (dy * dy <= rho2) {
        const float h = std::sqrt(rho2 - dy * dy);
        out.add(c.x - h, c.x + h);
      }
    }
    if (length > 0.0f) {
      // With u = x - a.x: along = u*axis.x + (py-a.y)*axis.y in [0, length],
      //                   across = -u*axis.y + (py-a.y)*axis.x in [-rho, rho].
      const float dy = py - a.y;
      float lo = -1e30f, hi = 1e30f;
      auto constrain = [&](float k, float m, float l, float h) {
        if (std::fabs(k) < 1e-7f) {
          if (m < l || m > h) { lo = 1.0f; hi = 0.0f; }
          return;
        }
        float u0 = (l - m) / k, u1 = (h - m) / k;
        if (u0 > u1) std::swap(u0, u1);
        lo = std::max(lo, u0);
        hi = std::min(hi, u1);
      };
      constrain(axis.x, dy * axis.y, 0.0f, length);
      constrain(-axis.y, dy * axis.x, -rho, rho);
      if (lo <= hi) out.add(a.x + lo, a.x + hi);
    }
    return out;
  }
};

// Walks the capsule over the rectangle [0, clip_w) x [0, clip_h). Calls
//   sink.span(y, x0, x1)       fully covered pixels x0 <= x < x1 of row y
//   sink.edge(y, x, cov8)      one partly covered pixel, coverage 1..255 of 255
//   sink.row_done(y, x0, x1)   after each row: every pixel emitted lay in [x0, x1)
template <class Sink>
void scan_capsule(const Capsule& cap, int clip_w, int clip_h, Sink& sink) {
  const float r = cap.radius;
  if (!(r > 0.0f) || clip_w <= 0 || clip_h <= 0) return;
  const float outer = r + 0.5f, inner = r - 0.5f;
  // Clip first: rows of the bounding box that lie on the target.
  const float ymin = std::min(cap.a.y, cap.b.y) - outer, ymax = std::max(cap.a.y, cap.b.y) + outer;
  if (!(ymax > 0.0f) || !(ymin < static_cast<float>(clip_h))) return;
  const int y0 = std::max(0, static_cast<int>(std::ceil(ymin - 0.5f)));
  const int y1 = std::min(clip_h - 1, static_cast<int>(std::floor(ymax - 0.5f)));
  for (int y = y0; y <= y1; ++y) {
    const float py = static_cast<float>(y) + 0.5f;
    const Interval o = cap.row(py, outer);
    if (o.empty()) continue;
    // Pixel x (centre x + 0.5) is in [lo, hi] for x in [ceil(lo - .5), floor(hi - .5)].
    const int ox0 = std::max(0, static_cast<int>(std::ceil(o.lo - 0.5f)));
    const int ox1 = std::min(clip_w - 1, static_cast<int>(std::floor(o.hi - 0.5f)));
    if (ox0 > ox1) continue;
    int ix0 = ox1 + 1, ix1 = ox1;  // inner span [ix0, ix1], empty by default
    if (inner > 0.0f) {
      const Interval i = cap.row(py, inner);
      if (!i.empty()) {
        ix0 = std::max(ox0, static_cast<int>(std::ceil(i.lo - 0.5f)));
        ix1 = std::min(ox1, static_cast<int>(std::floor(i.hi - 0.5f)));
        if (ix0 > ix1) { ix0 = ox1 + 1; ix1 = ox1; }
      }
    }
    auto edge_pixels = [&](int from, int to) {  // inclusive range, exact coverage
      for (int x = from; x <= to; ++x) {
        const float d = cap.distance({static_cast<float>(x) + 0.5f, py});
        const float cov = std::clamp(r - d + 0.5f, 0.0f, 1.0f);
        const auto cov8 = static_cast<unsigned>(cov * 255.0f + 0.5f);
        if (cov8 > 0) sink.edge(y, x, cov8);
      }
    };
    if (ix0 > ix1) {
      edge_pixels(ox0, ox1);
    } else {
      edge_pixels(ox0, ix0 - 1);
      sink.span(y, ix0, ix1 + 1);
      edge_pixels(ix1 + 1, ox1);
    }
    sink.row_done(y, ox0, ox1 + 1);
  }
}

}  // namespace render::detail
