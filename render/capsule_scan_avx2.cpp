#include "render/capsule_scan_avx2.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>

namespace render::detail {

namespace {
std::atomic<bool> avx2_allowed{true};
}  // namespace

void set_avx2_allowed(bool allowed) { avx2_allowed.store(allowed); }

#if defined(SOLDIER_AVX2)

bool have_avx2() { return avx2_allowed.load(std::memory_order_relaxed) && __builtin_cpu_supports("avx2"); }

namespace {

// CapsuleLanes (capsule_scan.hpp) on eight lanes: the same operations in the same order.
struct Lanes8 {
  __m256 ax0, ay0, axx, axy, len, r;
};

SOLDIER_AVX2_INLINE Lanes8 lanes8(const Capsule& c) {
  return {_mm256_set1_ps(c.a.x), _mm256_set1_ps(c.a.y), _mm256_set1_ps(c.axis.x),
          _mm256_set1_ps(c.axis.y), _mm256_set1_ps(c.length), _mm256_set1_ps(c.radius)};
}

SOLDIER_AVX2_INLINE __m256 distance8(const Lanes8& l, __m256 px_centre, __m256 uy) {
  const __m256 ux = _mm256_sub_ps(px_centre, l.ax0);
  const __m256 t = _mm256_min_ps(_mm256_max_ps(_mm256_add_ps(_mm256_mul_ps(ux, l.axx), _mm256_mul_ps(uy, l.axy)), _mm256_setzero_ps()), l.len);
  const __m256 qx = _mm256_sub_ps(ux, _mm256_mul_ps(t, l.axx)), qy = _mm256_sub_ps(uy, _mm256_mul_ps(t, l.axy));
  return _mm256_sqrt_ps(_mm256_add_ps(_mm256_mul_ps(qx, qx), _mm256_mul_ps(qy, qy)));
}

SOLDIER_AVX2_INLINE __m256i coverage8_of(__m256 radius, __m256 d) {
  const __m256 half = _mm256_set1_ps(0.5f);
  const __m256 cov = _mm256_min_ps(_mm256_max_ps(_mm256_add_ps(_mm256_sub_ps(radius, d), half), _mm256_setzero_ps()), _mm256_set1_ps(1.0f));
  return _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(cov, _mm256_set1_ps(255.0f)), half));
}

// max() of eight coverages (0..255 lanes, so the saturating packs keep each whole) into the
// eight bytes at p.
SOLDIER_AVX2_INLINE void max8(std::uint8_t* p, __m256i cov) {
  const __m128i words = _mm_packs_epi32(_mm256_castsi256_si128(cov), _mm256_extracti128_si256(cov, 1));
  const __m128i bytes = _mm_packus_epi16(words, words);
  _mm_storel_epi64(reinterpret_cast<__m128i*>(p), _mm_max_epu8(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)), bytes));
}

// The same on four lanes (the low halves of the eight), for a row's last four pixels or
// fewer: an oct there would reach seven pixels past the row, and every tile would have to
// be four pixels wider for it.
SOLDIER_AVX2_INLINE __m128 distance4(const Lanes8& l, __m128 px_centre, __m128 uy) {
  const __m128 ux = _mm_sub_ps(px_centre, _mm256_castps256_ps128(l.ax0));
  const __m128 axx = _mm256_castps256_ps128(l.axx), axy = _mm256_castps256_ps128(l.axy);
  const __m128 t = _mm_min_ps(_mm_max_ps(_mm_add_ps(_mm_mul_ps(ux, axx), _mm_mul_ps(uy, axy)), _mm_setzero_ps()), _mm256_castps256_ps128(l.len));
  const __m128 qx = _mm_sub_ps(ux, _mm_mul_ps(t, axx)), qy = _mm_sub_ps(uy, _mm_mul_ps(t, axy));
  return _mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(qx, qx), _mm_mul_ps(qy, qy)));
}

SOLDIER_AVX2_INLINE __m128i coverage4_of(__m128 radius, __m128 d) {
  const __m128 half = _mm_set1_ps(0.5f);
  const __m128 cov = _mm_min_ps(_mm_max_ps(_mm_add_ps(_mm_sub_ps(radius, d), half), _mm_setzero_ps()), _mm_set1_ps(1.0f));
  return _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(cov, _mm_set1_ps(255.0f)), half));
}

SOLDIER_AVX2_INLINE void max4(std::uint8_t* p, __m128i cov) {
  const __m128i words = _mm_packs_epi32(cov, cov);
  const __m128i bytes = _mm_packus_epi16(words, words);
  std::uint32_t old, now;
  std::memcpy(&old, p, 4);
  now = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_max_epu8(_mm_cvtsi32_si128(static_cast<int>(old)), bytes)));
  std::memcpy(p, &now, 4);
}

}  // namespace

SOLDIER_AVX2 void scan_thin_avx2(const Capsule& cap, const Capsule* lit, float grown_radius, int clip_w, int clip_h,
                                 const OctTiles& tiles) {
  // The set-up and the row ranges are scan_capsule's for a shape without interior spans
  // (any range that holds every covered pixel gives the same bytes).
  const bool grown = tiles.grown != nullptr && grown_radius > cap.radius;
  const float r = cap.radius;
  if (!(r > 0.0f) || clip_w < 8 || clip_h <= 0) return;
  CapsuleRows k;
  if (!capsule_rows(cap, (grown ? grown_radius : r) + 0.5f + kRangePad, clip_w, clip_h, k)) return;
  const LitRows lit_reach = tiles.lit != nullptr ? lit_rows(lit) : LitRows{};
  const bool has_lit = lit_reach.has;

  const Lanes8 lanes = lanes8(cap), lit_lanes = lanes8(has_lit ? *lit : cap);
  const __m256 grown_r = _mm256_set1_ps(grown_radius), half = _mm256_set1_ps(0.5f);
  const __m256i lane_idx = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  for (int y = k.y0; y <= k.y1; ++y) {
    const float py = static_cast<float>(y) + 0.5f;
    const float dy = py - k.a_y;
    float lo, hi;
    if (!slab_row_range(k, dy, lo, hi)) continue;
    const int x0 = std::max(0, k.floor_px(lo - 0.5f));
    const int x1 = std::min(clip_w - 1, k.floor_px(hi - 0.5f));
    if (x0 > x1) continue;
    // The octs and the last quad write from min(x0, clip_w - 8) to at most x1 + 3.
    if (tiles.reach != nullptr) tiles.reach[y - tiles.y0].widen(std::min(x0, clip_w - 8) - tiles.x0, x1 + 4 - tiles.x0);
    const __m256 uy = _mm256_set1_ps(dy);
    const bool lit_row = lit_reach.reaches(py);
    const __m256 lit_uy = _mm256_set1_ps(lit_row ? py - lit->a.y : 0.0f);
    const std::ptrdiff_t row = static_cast<std::ptrdiff_t>(y - tiles.y0) * tiles.w;
    std::uint8_t* cov_row = tiles.cov + row;
    std::uint8_t* lit_row_bytes = has_lit ? tiles.lit + row : nullptr;
    std::uint8_t* grown_row = grown ? tiles.grown + static_cast<std::ptrdiff_t>(y - tiles.gy0) * tiles.gw : nullptr;
    int x = x0;
    for (; x1 - x >= 4; x += 8) {  // five pixels or more left: an oct
      // Moved left to stay on the canvas: the tiles keep the max, so lanes given twice, or
      // past the row's range (coverage 0 by the formula), change nothing.
      const int xs = std::min(x, clip_w - 8);
      const __m256 pxc = _mm256_add_ps(_mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_set1_epi32(xs), lane_idx)), half);
      const __m256 d = distance8(lanes, pxc, uy);
      max8(cov_row + (xs - tiles.x0), coverage8_of(lanes.r, d));
      if (lit_row) max8(lit_row_bytes + (xs - tiles.x0), coverage8_of(lit_lanes.r, distance8(lit_lanes, pxc, lit_uy)));
      if (grown) max8(grown_row + (xs - tiles.gx0), coverage8_of(grown_r, d));
    }
    if (x <= x1) {  // one to four pixels left: a quad, moved left as scan_capsule's are
      const int xs = std::min(x, clip_w - 4);
      const __m128 pxc = _mm_add_ps(_mm_cvtepi32_ps(_mm_add_epi32(_mm_set1_epi32(xs), _mm256_castsi256_si128(lane_idx))), _mm_set1_ps(0.5f));
      const __m128 d = distance4(lanes, pxc, _mm256_castps256_ps128(uy));
      max4(cov_row + (xs - tiles.x0), coverage4_of(_mm256_castps256_ps128(lanes.r), d));
      if (lit_row)
        max4(lit_row_bytes + (xs - tiles.x0), coverage4_of(_mm256_castps256_ps128(lit_lanes.r),
                                                           distance4(lit_lanes, pxc, _mm256_castps256_ps128(lit_uy))));
      if (grown) max4(grown_row + (xs - tiles.gx0), coverage4_of(_mm256_castps256_ps128(grown_r), d));
    }
  }
}

#else

bool have_avx2() { return false; }

void scan_thin_avx2(const Capsule&, const Capsule*, float, int, int, const OctTiles&) {}

#endif

}  // namespace render::detail
