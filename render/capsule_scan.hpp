#pragma once
// The one scan converter behind every disc and run (render/raster, coverage_layer): a
// capsule (the union of equal discs along a segment, "Drawing with discs": radius constant,
// never interpolated) is clipped to the target rectangle first and then walked row by row
// over a conservative x-range of that row alone (STYLE.md 9).
//
// Coverage of a pixel whose centre lies at distance d from the segment is
//   clamp(R - d + 0.5, 0, 1)
// i.e. one pixel of linear ramp centred on the true edge. Its integral over the plane is
// pi R^2 + pi/12, so a disc's summed coverage is its area to within 1% for R >= 3 px.
//
// Speed (issue 2: 1000 soldiers in a 60 Hz frame on one core). At the scales where 1000
// soldiers share a frame a capsule is ~6 rows of ~4 px, nearly all of it anti-aliased edge,
// so what costs is per capsule and per row, not per pixel. Hence:
//   - the row range is the bounding box cut by the two slabs that hold the capsule (across
//     its axis |across| <= R + 0.5, along it -R-0.5 <= along <= len+R+0.5), or by the chord
//     for a disc: a few multiplies per row, no case analysis of the end discs;
//   - every pixel of the range gets the exact coverage above, four at a time (SSE2), and the
//     sink takes four pixels at once (a fully covered or an empty quad costs one test);
//   - a run's tangent highlight lies inside the run (it is the run's radius shrunk and moved
//     toward the light, never crossing the outline), so it can be evaluated on the same
//     pixels in the same pass (scan_capsule with a second capsule): one walk instead of two.
// A pixel outside the range has coverage 0 by the formula (d >= |across| and d >= the
// distance past an end), and the range is padded by kRangePad, so the output is exactly
// that of the formula, pixel for pixel, whatever the range.
#include <glm/vec2.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// A hot loop compiled twice, for AVX2 and for the baseline x86-64 (SSE2), the CPU's choosing
// at load time (GNU ifunc): the same intrinsics in VEX form need fewer register copies.
// The operations are the same IEEE and integer ones (no FMA: -ffp-contract=off, and "avx2"
// does not enable it), so the bytes are the same on every machine (STYLE.md 7). Elsewhere
// (another CPU, no ifunc) the one baseline build.
#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__)
#define SOLDIER_CLONES_AVX2 __attribute__((target_clones("avx2", "default")))
#else
#define SOLDIER_CLONES_AVX2
#endif
// A lambda of a hot loop inlined into its caller (GNU: after the parameter list).
#if defined(__GNUC__)
#define SOLDIER_INLINE __attribute__((always_inline))
#else
#define SOLDIER_INLINE
#endif

namespace render::detail {

// Outward padding of the row ranges, px. Far above float rounding of canvas coordinates
// (~1e-4 px at 1280) and far below a pixel.
inline constexpr float kRangePad = 1.0f / 64.0f;
// Interior spans are looked for only in shapes whose fully covered core is at least this
// radius, px: below it a row's core is a few pixels, cheaper as quads than as a span.
inline constexpr float kSpanMinInner = 3.0f;

// A capsule prepared once: end points, unit axis and length (axis zero for a disc).
struct Capsule {
  glm::vec2 a{}, b{};
  glm::vec2 axis{};  // unit a->b, or (0,0) when a == b
  float length = 0.0f;
  float radius = 0.0f;

  Capsule() = default;
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

  // Coverage 0..255 of pixel (x, y): clamp(R - d + 0.5, 0, 1) * 255 rounded, d the distance
  // of the pixel centre. The SIMD form below does the same correctly rounded operations in
  // the same order, so both give bit-identical results.
  int coverage8(int x, int y) const {
    const float ux = (static_cast<float>(x) + 0.5f) - a.x, uy = (static_cast<float>(y) + 0.5f) - a.y;
    const float t = std::min(std::max(ux * axis.x + uy * axis.y, 0.0f), length);
    const float qx = ux - t * axis.x, qy = uy - t * axis.y;
    return coverage8_of(radius, std::sqrt(qx * qx + qy * qy));
  }
  // The same of a pixel centre at distance d from the segment, for a radius r of one's own
  // (a grown silhouette of the same segment).
  static int coverage8_of(float r, float d) {
    const float cov = std::min(std::max((r - d) + 0.5f, 0.0f), 1.0f);
    return static_cast<int>(cov * 255.0f + 0.5f);
  }
};

#if defined(__SSE2__)
// A capsule's constants broadcast to four lanes, and the coverage of four pixels of a row.
struct CapsuleLanes {
  __m128 ax0, ay0, axx, axy, len, r;
  explicit CapsuleLanes(const Capsule& c)
      : ax0(_mm_set1_ps(c.a.x)), ay0(_mm_set1_ps(c.a.y)), axx(_mm_set1_ps(c.axis.x)), axy(_mm_set1_ps(c.axis.y)),
        len(_mm_set1_ps(c.length)), r(_mm_set1_ps(c.radius)) {}

  // Coverage 0..255 (epi32 lanes) of the pixels whose centres are (px + 0.5, py + 0.5),
  // px given as float lanes (x + 0.5 already added), uy = (y + 0.5) - a.y for the row.
  __m128i coverage8(__m128 px_centre, __m128 uy) const { return coverage8_of(r, distance(px_centre, uy)); }
  // The distance of those pixel centres from the segment.
  __m128 distance(__m128 px_centre, __m128 uy) const {
    const __m128 zero = _mm_setzero_ps();
    const __m128 ux = _mm_sub_ps(px_centre, ax0);
    const __m128 t = _mm_min_ps(_mm_max_ps(_mm_add_ps(_mm_mul_ps(ux, axx), _mm_mul_ps(uy, axy)), zero), len);
    const __m128 qx = _mm_sub_ps(ux, _mm_mul_ps(t, axx)), qy = _mm_sub_ps(uy, _mm_mul_ps(t, axy));
    return _mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(qx, qx), _mm_mul_ps(qy, qy)));
  }
  // Capsule::coverage8_of, four lanes.
  static __m128i coverage8_of(__m128 radius, __m128 d) {
    const __m128 half = _mm_set1_ps(0.5f), zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f), v255 = _mm_set1_ps(255.0f);
    const __m128 cov = _mm_min_ps(_mm_max_ps(_mm_add_ps(_mm_sub_ps(radius, d), half), zero), one);
    return _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(cov, v255), half));
  }
};
#endif

// Coverage 0..255 of the pixels (xs[k], ys[k]), k < n, of the capsule, as
// Capsule::coverage8() (four at a time where SSE2 is available: bit-identical). Large
// shapes gather their edge pixels over several rows and pay for them here, packed.
inline void edge_coverage(const Capsule& cap, const int* xs, const int* ys, int n, int* cov8) {
  int k = 0;
#if defined(__SSE2__)
  const CapsuleLanes lanes(cap);
  const __m128 half = _mm_set1_ps(0.5f);
  for (; k + 4 <= n; k += 4) {
    const __m128 px = _mm_add_ps(_mm_cvtepi32_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(xs + k))), half);
    const __m128 py = _mm_add_ps(_mm_cvtepi32_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(ys + k))), half);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(cov8 + k), lanes.coverage8(px, _mm_sub_ps(py, lanes.ay0)));
  }
#endif
  for (; k < n; ++k) cov8[k] = cap.coverage8(xs[k], ys[k]);
}

// The rows a capsule reaches on a clip_w x clip_h target, `outer` px round its segment, and the
// slabs that bound each row's range: scan_capsule's set-up, which scan_thin_avx2 shares (the
// same rows and ranges, so the same bytes). With u = x - a.x and dy = py - a.y:
//   across = -u*ay + dy*ax  in [-outer, outer]
//   along  =  u*ax + dy*ay  in [-outer, len + outer]
// Each bounds u when its u coefficient is not ~0 (otherwise the bounding box does).
struct CapsuleRows {
  float outer = 0.0f, outer2 = 0.0f;
  float xmin = 0.0f, xmax = 0.0f;  // the bounding box's columns
  int y0 = 0, y1 = -1;             // the rows, clipped
  float ax = 0.0f, ay = 0.0f, len = 0.0f, a_x = 0.0f, a_y = 0.0f;
  bool disc = false, across_u = false, along_u = false;
  float inv_ay = 0.0f, inv_ax = 0.0f, across_hw = 0.0f;
  float lim_w = 0.0f;
  // Pixel x (centre x + 0.5) lies in [lo, hi] only if floor(lo - .5) <= x <= floor(hi - .5).
  // The ends are clamped to [-2, w + 1] first, so floor is a truncation of a positive number.
  [[gnu::always_inline]] int floor_px(float v) const {
    return static_cast<int>(std::min(std::max(v, -2.0f), lim_w + 1.0f) + 4.0f) - 4;
  }
};

// False where the capsule's box misses the target (clip first: the box, then its rows).
[[gnu::always_inline]] inline bool capsule_rows(const Capsule& cap, float outer, int clip_w, int clip_h, CapsuleRows& k) {
  k.outer = outer;
  k.outer2 = outer * outer;
  const float ymin = std::min(cap.a.y, cap.b.y) - outer, ymax = std::max(cap.a.y, cap.b.y) + outer;
  k.xmin = std::min(cap.a.x, cap.b.x) - outer;
  k.xmax = std::max(cap.a.x, cap.b.x) + outer;
  if (!(ymax > 0.0f) || !(ymin < static_cast<float>(clip_h))) return false;
  if (!(k.xmax > 0.0f) || !(k.xmin < static_cast<float>(clip_w))) return false;
  // Clamped to the rows while still floats, so a capsule far off the canvas cannot overflow the int.
  k.y0 = std::max(0, static_cast<int>(std::ceil(std::max(ymin, -1.0f) - 0.5f)));
  k.y1 = std::min(clip_h - 1, static_cast<int>(std::floor(std::min(ymax, static_cast<float>(clip_h) + 1.0f) - 0.5f)));
  k.ax = cap.axis.x;
  k.ay = cap.axis.y;
  k.len = cap.length;
  k.a_x = cap.a.x;
  k.a_y = cap.a.y;
  k.disc = !(k.len > 0.0f);
  k.across_u = !k.disc && std::fabs(k.ay) >= 1e-3f;
  k.along_u = !k.disc && std::fabs(k.ax) >= 1e-3f;
  k.inv_ay = k.across_u ? 1.0f / k.ay : 0.0f;
  k.inv_ax = k.along_u ? 1.0f / k.ax : 0.0f;
  k.across_hw = std::fabs(outer * k.inv_ay);
  k.lim_w = static_cast<float>(clip_w);
  return true;
}

// A row's range [lo, hi] of x from the slabs (or a disc's chord): a bound, not the exact cut
// (a thin shape's, whose edge pixels are all evaluated). False where the row misses a disc.
[[gnu::always_inline]] inline bool slab_row_range(const CapsuleRows& k, float dy, float& lo, float& hi) {
  lo = k.xmin;
  hi = k.xmax;
  if (k.disc) {
    const float dy2 = dy * dy;
    if (!(dy2 < k.outer2)) return false;
    const float h = std::sqrt(k.outer2 - dy2);
    lo = k.a_x - h; hi = k.a_x + h;
    return true;
  }
  if (k.across_u) {
    const float c = k.a_x + dy * k.ax * k.inv_ay;
    lo = std::max(lo, c - k.across_hw); hi = std::min(hi, c + k.across_hw);
  }
  if (k.along_u) {
    float u0 = (-k.outer - dy * k.ay) * k.inv_ax, u1 = (k.len + k.outer - dy * k.ay) * k.inv_ax;
    if (u0 > u1) std::swap(u0, u1);
    lo = std::max(lo, k.a_x + u0); hi = std::min(hi, k.a_x + u1);
  }
  return true;
}

// The rows' centres a highlight can reach (outside them its coverage is 0 by the formula, so
// its evaluation is skipped there).
struct LitRows {
  bool has = false;
  float ymin = 0.0f, ymax = 0.0f;
  [[gnu::always_inline]] bool reaches(float py) const { return has && py > ymin && py < ymax; }
};
[[gnu::always_inline]] inline LitRows lit_rows(const Capsule* lit) {
  if (lit == nullptr || !(lit->radius > 0.0f)) return {};
  const float outer = lit->radius + 0.5f + kRangePad;
  return {true, std::min(lit->a.y, lit->b.y) - outer, std::max(lit->a.y, lit->b.y) + outer};
}

// Walks the capsule `cap` over the rectangle [0, clip_w) x [0, clip_h) and, when `lit` is
// not null, the capsule *lit on the same pixels (it must lie inside cap: a highlight). Calls
//   sink.quad(y, x, cov, lit_cov)   pixels x..x+3 of row y, coverage 0..255 as epi32 lanes
//                                   (SSE2 and clip_w >= 4); lanes outside the row's range,
//                                   or already given, are 0
//   sink.pixel(y, x, cov, lit_cov)  one pixel (the portable path), coverage 0..255
//   sink.span(y, x0, x1)            fully covered pixels x0 <= x < x1 of row y (only
//                                   without `lit`)
// Every pixel with coverage comes exactly once; pixels with none may come with 0.
//
// A sink that declares kTakesMax keeps max(coverage) of what it is given, and has room for
// a quad's four pixels wherever the quad starts: it may then be given a pixel again, or one
// of 0 coverage past the row's range, in a quad's lanes that are not masked off.
//
// A sink that has row_reach(y, from, to) is told, before a row's pixels, that what the row
// is given lies in columns [from, to).
//
// A sink that has grown_quad(y, x, cov) and grown_pixel(y, x, cov) (render/figure_tiles.cpp)
// may also be given `grown_radius` > cap.radius: the coverage of cap's segment at that radius
// (the ranks' haze gap round a silhouette), from the same distance on the same walk, over
// the grown shape's rows (no interior spans then).
// Always inlined, so a SOLDIER_CLONES_AVX2 caller compiles its own copy for each target.
template <class Sink>
[[gnu::always_inline]] inline void scan_capsule(const Capsule& cap, const Capsule* lit, float grown_radius, int clip_w, int clip_h, Sink& sink) {
  constexpr bool takes_grown = requires(Sink& s) { s.grown_pixel(0, 0, 0u); };
  constexpr bool takes_max = requires { Sink::kTakesMax; };
  constexpr bool takes_reach = requires(Sink& s) { s.row_reach(0, 0, 0); };
  const bool grown = takes_grown && grown_radius > cap.radius;
  const float r = cap.radius;
  if (!(r > 0.0f) || clip_w <= 0 || clip_h <= 0) return;
  CapsuleRows k;
  if (!capsule_rows(cap, (grown ? grown_radius : r) + 0.5f + kRangePad, clip_w, clip_h, k)) return;
  const LitRows lit_reach = lit_rows(lit);
  const bool has_lit = lit_reach.has;
  const float outer = k.outer, outer2 = k.outer2, xmin = k.xmin, xmax = k.xmax;
  const float ax = k.ax, ay = k.ay, len = k.len, a_x = k.a_x, a_y = k.a_y, inv_ay = k.inv_ay, inv_ax = k.inv_ax;
  const bool disc = k.disc, across_u = k.across_u, along_u = k.along_u;
  // Interior spans (shapes of large radius, without a highlight on the same pass): on each
  // row an interval of pixel centres whose coverage is surely full -- the strip between the
  // end discs with |across| <= inner, or an end disc's chord of radius inner -- is handed
  // over as one span (inner is padded by kRangePad, so float rounding can never put a partly
  // covered pixel in it); the edge pixels around it, a band only ~2 px wide on each side, go
  // as quads (SSE2), or are gathered over rows and evaluated packed (edge_coverage).
  const float inner = r - 0.5f - kRangePad, inner2 = inner * inner;
  const bool spans = !has_lit && !grown && inner >= kSpanMinInner;

#if defined(__SSE2__)
  const bool quads = clip_w >= 4;
  const CapsuleLanes lanes(cap);
  const CapsuleLanes lit_lanes(has_lit ? *lit : cap);
  const __m128 grown_r = _mm_set1_ps(grown_radius);
  const __m128i lane_idx = _mm_set_epi32(3, 2, 1, 0);
  const __m128 half = _mm_set1_ps(0.5f);
#endif

  // Edge pixels of shapes with interior spans, gathered for edge_coverage().
  constexpr int kBatch = 128;
  int xs[kBatch], ys[kBatch], cov8[kBatch];
  int n = 0;
  // The lambdas are inlined into the walk, so they are compiled with the caller's target
  // (SOLDIER_CLONES_AVX2) and keep the capsule's lanes in registers rather than reading them
  // through the closure on every quad.
  auto flush = [&]() SOLDIER_INLINE {
    edge_coverage(cap, xs, ys, n, cov8);
    for (int k = 0; k < n; ++k)
      if (cov8[k] > 0) sink.pixel(ys[k], xs[k], static_cast<unsigned>(cov8[k]), 0u);
    n = 0;
  };
  auto gather = [&](int y, int from, int to) SOLDIER_INLINE {  // inclusive range
    for (int x = from; x <= to; ++x) {
      if (n == kBatch) flush();
      xs[n] = x;
      ys[n] = y;
      ++n;
    }
  };

  for (int y = k.y0; y <= k.y1; ++y) {
    const float py = static_cast<float>(y) + 0.5f;
    const float dy = py - a_y;
    float lo = xmin, hi = xmax;
    if (!spans || disc) {
      if (!slab_row_range(k, dy, lo, hi)) continue;
    } else {
      // Large shapes: the exact row range, the union of the strip's and the end discs'
      // (one interval: the row's cut through a convex shape), so that no more pixels than
      // the edge band go through the coverage formula.
      lo = 1e30f; hi = -1e30f;
      const float m = dy * ax, t = dy * ay;
      float u0 = -1e30f, u1 = 1e30f;
      bool ok = true;
      if (across_u) {
        float w0 = (m - outer) * inv_ay, w1 = (m + outer) * inv_ay;
        if (w0 > w1) std::swap(w0, w1);
        u0 = w0; u1 = w1;
      } else {
        ok = std::fabs(m) <= outer + 1.0f;  // |across| <= |m| + |u ay|, |u ay| <= ~1 px here
      }
      if (along_u) {
        float v0 = -t * inv_ax, v1 = (len - t) * inv_ax;
        if (v0 > v1) std::swap(v0, v1);
        u0 = std::max(u0, v0); u1 = std::min(u1, v1);
      } else {
        ok = ok && t >= -1.0f && t <= len + 1.0f;  // along within ~1 px of [0, len] here
      }
      if (ok && u0 <= u1) { lo = std::max(xmin, a_x + u0); hi = std::min(xmax, a_x + u1); }
      auto outer_chord = [&](float cx, float cdy) {
        const float d2 = cdy * cdy;
        if (!(d2 < outer2)) return;
        const float h = std::sqrt(outer2 - d2);
        lo = std::min(lo, cx - h); hi = std::max(hi, cx + h);
      };
      outer_chord(a_x, dy);
      outer_chord(cap.b.x, py - cap.b.y);
      if (!(lo <= hi)) continue;
    }
    const int x0 = std::max(0, k.floor_px(lo - 0.5f));
    const int x1 = std::min(clip_w - 1, k.floor_px(hi - 0.5f));
    if (x0 > x1) continue;
    // What the row is given lies in [x0, x1], but for a quad moved left to stay on the
    // canvas (from clip_w - 4) and a last quad's lanes past x1 (to x1 + 3).
    if constexpr (takes_reach) sink.row_reach(y, std::min(x0, clip_w - 4), x1 + 4);
    int s0 = x1 + 1, s1 = x1;  // interior span [s0, s1], empty by default
    if (spans) {
      float ilo = 1.0f, ihi = -1.0f;  // an interval of x of full coverage (empty: ilo > ihi)
      if (!disc) {
        // The strip: 0 <= along <= len and |across| <= inner. A constraint whose u
        // coefficient is ~0 is checked over the whole u-interval of the other.
        const float m = dy * ax, t = dy * ay;
        if (across_u && along_u) {
          float u0 = (m - inner) * inv_ay, u1 = (m + inner) * inv_ay;
          if (u0 > u1) std::swap(u0, u1);
          float v0 = -t * inv_ax, v1 = (len - t) * inv_ax;
          if (v0 > v1) std::swap(v0, v1);
          ilo = a_x + std::max(u0, v0); ihi = a_x + std::min(u1, v1);
        } else if (along_u) {  // ~horizontal: across = m - u*ay with |ay| < 1e-3
          float v0 = -t * inv_ax, v1 = (len - t) * inv_ax;
          if (v0 > v1) std::swap(v0, v1);
          if (std::fabs(m) + std::fabs(ay) * std::max(std::fabs(v0), std::fabs(v1)) <= inner) { ilo = a_x + v0; ihi = a_x + v1; }
        } else if (across_u) {  // ~vertical: along = t + u*ax with |ax| < 1e-3
          float u0 = (m - inner) * inv_ay, u1 = (m + inner) * inv_ay;
          if (u0 > u1) std::swap(u0, u1);
          const float slack = std::fabs(ax) * std::max(std::fabs(u0), std::fabs(u1));
          if (t - slack >= 0.0f && t + slack <= len) { ilo = a_x + u0; ihi = a_x + u1; }
        }
      }
      // The end discs' chords: merged when they meet the interval, else the longer kept.
      auto chord = [&](float cx, float cdy) {
        const float d2 = cdy * cdy;
        if (!(d2 < inner2)) return;
        const float h = std::sqrt(inner2 - d2);
        const float clo = cx - h, chi = cx + h;
        if (!(ilo <= ihi)) { ilo = clo; ihi = chi; }
        else if (clo <= ihi && chi >= ilo) { ilo = std::min(ilo, clo); ihi = std::max(ihi, chi); }
        else if (chi - clo > ihi - ilo) { ilo = clo; ihi = chi; }
      };
      chord(a_x, dy);
      if (!disc) chord(cap.b.x, py - cap.b.y);
      if (ilo <= ihi) {
        s0 = std::max(x0, k.floor_px(ilo - 0.5f) + 1);
        s1 = std::min(x1, k.floor_px(ihi - 0.5f));
        if (s0 > s1) { s0 = x1 + 1; s1 = x1; }
      }
    }
#if defined(__SSE2__)
    // The edge pixels round a span go as quads too: the sink takes four at once, where
    // gathered pixels would each be stored alone.
    if (quads) {
      const __m128 uy = _mm_set1_ps(dy);  // (y + 0.5) - a.y, as the scalar form computes it
      const bool lit_row = lit_reach.reaches(py);
      const __m128 lit_uy = _mm_set1_ps(lit_row ? py - lit->a.y : 0.0f);
      auto quads_over = [&](int from, int to) SOLDIER_INLINE {  // pixels from..to inclusive
        const __m128i last = _mm_set1_epi32(to);
        for (int x = from; x <= to; x += 4) {
          // A quad that would cross the canvas edge is moved left to stay inside it; its
          // lanes before x were given by the previous quad and are masked off.
          const int xs = std::min(x, clip_w - 4);
          const __m128i xi = _mm_add_epi32(_mm_set1_epi32(xs), lane_idx);
          // A sink that keeps the max needs no mask: a lane given twice changes nothing, and
          // one past the row's range has coverage 0 by the formula (or lies in its span).
          const __m128i keep = takes_max ? _mm_set1_epi32(-1)
                                         : _mm_andnot_si128(_mm_or_si128(_mm_cmplt_epi32(xi, _mm_set1_epi32(x)), _mm_cmpgt_epi32(xi, last)),
                                                            _mm_set1_epi32(-1));
          const __m128 pxc = _mm_add_ps(_mm_cvtepi32_ps(xi), half);
          const __m128 d = lanes.distance(pxc, uy);
          const __m128i cov = _mm_and_si128(CapsuleLanes::coverage8_of(lanes.r, d), keep);
          const __m128i lit_cov = lit_row ? _mm_and_si128(lit_lanes.coverage8(pxc, lit_uy), keep) : _mm_setzero_si128();
          sink.quad(y, xs, cov, lit_cov);
          if constexpr (takes_grown)
            if (grown) sink.grown_quad(y, xs, _mm_and_si128(CapsuleLanes::coverage8_of(grown_r, d), keep));
        }
      };
      if (s0 > s1) {
        quads_over(x0, x1);
      } else {
        quads_over(x0, s0 - 1);
        sink.span(y, s0, s1 + 1);
        quads_over(s1 + 1, x1);
      }
      continue;
    }
#endif
    if (spans) {
      if (s0 > s1) {
        gather(y, x0, x1);
      } else {
        gather(y, x0, s0 - 1);
        sink.span(y, s0, s1 + 1);
        gather(y, s1 + 1, x1);
      }
      continue;
    }
    for (int x = x0; x <= x1; ++x) {
      if (x >= s0 && x <= s1) {
        sink.span(y, s0, s1 + 1);
        x = s1;
        continue;
      }
      const int c = cap.coverage8(x, y);
      const int lc = has_lit ? lit->coverage8(x, y) : 0;
      if ((c | lc) != 0) sink.pixel(y, x, static_cast<unsigned>(c), static_cast<unsigned>(lc));
      if constexpr (takes_grown)
        if (grown) sink.grown_pixel(y, x, static_cast<unsigned>(Capsule::coverage8_of(grown_radius, cap.distance({x + 0.5f, y + 0.5f}))));
    }
  }
  if (n > 0) flush();
}

// Without a grown silhouette.
template <class Sink>
void scan_capsule(const Capsule& cap, const Capsule* lit, int clip_w, int clip_h, Sink& sink) {
  scan_capsule(cap, lit, 0.0f, clip_w, clip_h, sink);
}

// The capsule alone.
template <class Sink>
void scan_capsule(const Capsule& cap, int clip_w, int clip_h, Sink& sink) {
  scan_capsule(cap, nullptr, 0.0f, clip_w, clip_h, sink);
}

}  // namespace render::detail
