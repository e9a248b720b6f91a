#include "render/figure_tiles.hpp"

#include "render/capsule_scan.hpp"
#include "render/capsule_scan_avx2.hpp"
#include "render/raster.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace render {

namespace {

// Runs thinner than this, px, are scanned with their highlight in one pass (scan_capsule with
// a second capsule); thicker ones in two, where the interior spans of the run and of its
// highlight are each filled at once (the one pass evaluates every pixel of the run). Either
// way the coverage is the same (capsule_scan.hpp), so this is a matter of speed alone.
constexpr float kOnePassMaxRadiusPx = 3.5f;
// The same where the one pass goes eight pixels at a time (scan_thin_avx2): a row of a run
// up to this radius is at most four octs, no dearer than a span's exact ends and its edge
// quads, and the run, its highlight and its grown silhouette take one walk instead of three.
// Measured (bench_raster, 1000 soldiers, CPU ms): 160 px/m 126 at 6 px, 114 at 10, 111 at
// 14, 111 at 20; 40 px/m 18.5 at 6, 17.9 at 14.
constexpr float kOnePassMaxRadiusOctsPx = 14.0f;

// Sets n bytes at p to 255: a span's run is a few to a few dozen bytes, where a call of
// memset costs more than the stores (overlapping 8- and 16-byte stores, never past p + n).
inline void fill255(std::uint8_t* p, int n) {
#if defined(__SSE2__)
  if (n >= 16) {
    const __m128i ones = _mm_set1_epi32(-1);
    for (int i = 0; i + 16 < n; i += 16) _mm_storeu_si128(reinterpret_cast<__m128i*>(p + i), ones);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p + n - 16), ones);
    return;
  }
#endif
  if (n >= 8) {
    const std::uint64_t ones = ~std::uint64_t{0};
    std::memcpy(p, &ones, 8);
    std::memcpy(p + n - 8, &ones, 8);
    return;
  }
  for (int i = 0; i < n; ++i) p[i] = 255;
}

// Writes max(coverage) into a tile (and, for a run with its highlight, a second one) whose
// top-left pixel is (x0, y0) of the canvas. The tile holds every pixel the scan can give, a
// quad's four included (rasterize_figure makes it so).
struct TileSink {
  static constexpr bool kTakesMax = true;  // capsule_scan.hpp: max() into tiles that hold a quad's reach
  std::uint8_t* cov;
  std::uint8_t* lit;  // null: no highlight on this pass
  int x0, y0, w;
  std::uint8_t* grown = nullptr;  // the grown silhouette's tile (scan_capsule's grown_radius), at
  int gx0 = 0, gy0 = 0, gw = 0;   // its own top-left pixel, gw bytes a row
  RowReach* reach = nullptr;      // cov's (and lit's) rows, from y0 (null: none)

  void row_reach(int y, int from, int to) {
    if (reach != nullptr) reach[y - y0].widen(from - x0, to - x0);
  }

  std::uint8_t* grown_at(int y, int x) const {
    return grown + static_cast<std::size_t>(y - gy0) * static_cast<std::size_t>(gw) + static_cast<std::size_t>(x - gx0);
  }
  void grown_pixel(int y, int x, unsigned cov8) {
    std::uint8_t* g = grown_at(y, x);
    *g = std::max(*g, static_cast<std::uint8_t>(cov8));
  }

  std::uint8_t* at(std::uint8_t* tile, int y, int x) const {
    return tile + static_cast<std::size_t>(y - y0) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x - x0);
  }
  void span(int y, int from, int to) { fill255(at(cov, y, from), to - from); }
  void pixel(int y, int x, unsigned cov8, unsigned lit8) {
    std::uint8_t* c = at(cov, y, x);
    *c = std::max(*c, static_cast<std::uint8_t>(cov8));
    if (lit != nullptr) {
      std::uint8_t* l = at(lit, y, x);
      *l = std::max(*l, static_cast<std::uint8_t>(lit8));
    }
  }
#if defined(__SSE2__)
  static void max4(std::uint8_t* p, __m128i packed) {
    std::uint32_t old;
    std::memcpy(&old, p, 4);
    const std::uint32_t now =
        static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_max_epu8(_mm_cvtsi32_si128(static_cast<int>(old)), packed)));
    std::memcpy(p, &now, 4);
  }
  void quad(int y, int x, __m128i cov4, __m128i lit4) {
    // Lanes are 0..255: two saturating packs leave one byte per pixel, cov in the low four.
    const __m128i both = _mm_packus_epi16(_mm_packs_epi32(cov4, lit4), _mm_setzero_si128());
    max4(at(cov, y, x), both);
    if (lit != nullptr) max4(at(lit, y, x), _mm_srli_si128(both, 4));
  }
  void grown_quad(int y, int x, __m128i cov4) {
    max4(grown_at(y, x), _mm_packus_epi16(_mm_packs_epi32(cov4, _mm_setzero_si128()), _mm_setzero_si128()));
  }
#endif
};

// The pixels a run of radius `r` (grown by `grow`) from a to b can give coverage to (its
// box grown by r + grow + 1 >= scan_capsule's reach r + grow + 0.5 + kRangePad), with the
// pixels a quad or an oct may reach past a row's range, clipped to the canvas.
struct PxBounds {
  float x0 = 1e30f, y0 = 1e30f, x1 = -1e30f, y1 = -1e30f;
  void add(const FigureRun& r, float grow) {
    const float g = r.radius + grow + 1.0f;
    x0 = std::min({x0, r.a.x - g, r.b.x - g});
    x1 = std::max({x1, r.a.x + g, r.b.x + g});
    y0 = std::min({y0, r.a.y - g, r.b.y - g});
    y1 = std::max({y1, r.a.y + g, r.b.y + g});
  }
  PixelRect rect(int width, int height) const {
    if (!(x0 <= x1) || !(y0 <= y1)) return {};
    // Clamped while still floats, so a run far off the canvas cannot overflow the int.
    auto clamp_to = [](float v, int hi) { return static_cast<int>(std::floor(std::clamp(v, -8.0f, static_cast<float>(hi) + 8.0f))); };
    // A row's range starts at most a pixel left of x0 and ends by x1; its last quad reaches
    // three pixels past it (scan_thin_avx2 ends a row on a quad too), and one moved left to
    // stay on the canvas starts at width - 4 (an oct at width - 8).
    const int px0 = std::max(0, std::min(clamp_to(x0, width) - 1, width - 8));
    const int px1 = std::min(width - 1, clamp_to(x1, width) + 3);
    const int py0 = std::max(0, clamp_to(y0, height)), py1 = std::min(height - 1, clamp_to(y1, height));
    if (px0 > px1 || py0 > py1) return {};
    // A whole number of quads wide where the canvas allows (composite_figure then needs no
    // pixel-by-pixel tail): the added columns stay empty.
    const int w4 = (px1 - px0 + 4) & ~3;
    const int x0 = std::max(0, std::min(px0, width - w4));
    return {x0, py0, std::min(w4, width - x0), py1 - py0 + 1};
  }
};

// Tiles narrower than this, px, have each row composited whole: at a crowd's scale a batch
// is a few octs wide, and keeping its rows' reach costs the scans more than it saves.
constexpr int kReachMinWidthPx = 32;
bool tracks_reach(const PixelRect& r) { return r.w >= kReachMinWidthPx; }

std::size_t area(const PixelRect& r) { return r.empty() ? 0 : static_cast<std::size_t>(r.w) * static_cast<std::size_t>(r.h); }

// The run's coverage (and its highlight's) into its tiles, and with `grown_radius` > its
// radius the silhouette grown to it into `grown` (over grown_rect) on the same walk.
// `reach` (null: none) is widened to what each row of cov and lit is given.
SOLDIER_CLONES_AVX2 void scan_into(std::uint8_t* cov, std::uint8_t* lit, const PixelRect& rect, RowReach* reach,
                                   const detail::Capsule& cap, const detail::Capsule* lit_cap, float grown_radius,
                                   std::uint8_t* grown, const PixelRect& grown_rect, int width, int height) {
  TileSink sink{cov, lit, rect.x0, rect.y0, rect.w, grown, grown_rect.x0, grown_rect.y0, grown_rect.w, reach};
  detail::scan_capsule(cap, lit_cap, grown_radius, width, height, sink);
}

void scan_into(std::uint8_t* cov, std::uint8_t* lit, const PixelRect& rect, RowReach* reach, const detail::Capsule& cap,
               const detail::Capsule* lit_cap, int width, int height) {
  scan_into(cov, lit, rect, reach, cap, lit_cap, 0.0f, nullptr, {}, width, height);
}

}  // namespace

void rasterize_figure(FigureTiles& tiles, std::span<const FigureRun> runs, const Palette& palette, int team, int width,
                      int height, float grow) {
  tiles.batches.clear();
  tiles.grown = FigureTiles::kNone;
  tiles.grown_rect = {};
  // Thin runs eight pixels at a time where the CPU can (the same bytes as scan_into's quads).
  const bool octs = width >= 8 && detail::have_avx2();
  const float one_pass_max = octs ? kOnePassMaxRadiusOctsPx : kOnePassMaxRadiusPx;
  // The batches and their tiles' places first, so the bytes are allocated once.
  std::size_t bytes = 0, reach_rows = 0;
  PxBounds all;
  std::size_t i = 0;
  while (i < runs.size()) {
    std::size_t end = i + 1;
    while (end < runs.size() && runs[end].material == runs[i].material && runs[end].step == runs[i].step) ++end;
    PxBounds b;
    bool any_highlight = false;
    for (std::size_t k = i; k < end; ++k) {
      // A small run's walk also gives the grown silhouette (below), over the grown rows and
      // columns: its batch's tiles must hold them too.
      b.add(runs[k], runs[k].radius < one_pass_max ? std::max(grow, 0.0f) : 0.0f);
      all.add(runs[k], grow);
      any_highlight = any_highlight || runs[k].highlight > 0.0f;
    }
    const Ladder& ladder = ladder_of(palette, runs[i].material, team);
    FigureTiles::Batch batch;
    batch.base = ladder.at(runs[i].step);
    // One step lighter, tangent to the lit edge ("offset a highlight to TANGENCY").
    batch.lit = ladder.at(runs[i].step + kHighlightStep);
    batch.rect = b.rect(width, height);
    if (!batch.rect.empty()) {
      batch.cov = bytes;
      bytes += area(batch.rect);
      if (tracks_reach(batch.rect)) {
        batch.reach = reach_rows;
        reach_rows += static_cast<std::size_t>(batch.rect.h);
      }
      if (any_highlight) {
        batch.lit_cov = bytes;
        bytes += area(batch.rect);
      }
    }
    tiles.batches.push_back(batch);
    i = end;
  }
  if (grow > 0.0f) {
    tiles.grown_rect = all.rect(width, height);
    if (!tiles.grown_rect.empty()) {
      tiles.grown = bytes;
      bytes += area(tiles.grown_rect);
    }
  }
  tiles.bytes.assign(bytes, 0);
  tiles.row_reach.assign(reach_rows, RowReach{});

  const glm::vec2 light = palette.light.toward_px;
  std::uint8_t* base = tiles.bytes.data();
  std::uint8_t* grown = tiles.grown != FigureTiles::kNone ? base + tiles.grown : nullptr;
  i = 0;
  for (const FigureTiles::Batch& batch : tiles.batches) {
    std::size_t end = i + 1;
    while (end < runs.size() && runs[end].material == runs[i].material && runs[end].step == runs[i].step) ++end;
    std::uint8_t* cov = batch.cov != FigureTiles::kNone ? base + batch.cov : nullptr;
    std::uint8_t* lit = batch.lit_cov != FigureTiles::kNone ? base + batch.lit_cov : nullptr;
    RowReach* reach = batch.reach != FigureTiles::kNone ? tiles.row_reach.data() + batch.reach : nullptr;
    for (std::size_t k = i; k < end; ++k) {
      const FigureRun& r = runs[k];
      const detail::Capsule cap(r.a, r.b, r.radius);
      const bool one_pass = r.radius < one_pass_max;
      // The grown silhouette: a small run's on its own walk, a large one's (whose walk
      // fills interior spans instead) on a walk of its own.
      const bool grown_here = grown != nullptr && one_pass && cov != nullptr && r.radius > 0.0f;
      if (grown != nullptr && !grown_here)
        scan_into(grown, nullptr, tiles.grown_rect, nullptr, detail::Capsule(r.a, r.b, r.radius + grow), nullptr, width, height);
      if (cov == nullptr) continue;
      // The highlight: a run of highlight * radius (clamped to (0, radius]) on
      // highlight_segment, inside the run (raster.hpp).
      const float hi_r = std::clamp(r.highlight * r.radius, 0.0f, r.radius);
      const bool lit_here = hi_r > 0.0f && lit != nullptr;
      detail::Capsule lit_cap;
      if (lit_here) {
        const Segment s = highlight_segment(r.a, r.b, r.radius, hi_r, light);
        lit_cap = detail::Capsule(s.a, s.b, hi_r);
      }
      if (one_pass && octs) {
        detail::OctTiles t{cov, lit_here ? lit : nullptr, batch.rect.x0, batch.rect.y0, batch.rect.w,
                           grown_here ? grown : nullptr, tiles.grown_rect.x0, tiles.grown_rect.y0, tiles.grown_rect.w, reach};
        detail::scan_thin_avx2(cap, lit_here ? &lit_cap : nullptr, grown_here ? r.radius + grow : 0.0f, width, height, t);
      } else if (one_pass) {
        scan_into(cov, lit_here ? lit : nullptr, batch.rect, reach, cap, lit_here ? &lit_cap : nullptr,
                  grown_here ? r.radius + grow : 0.0f, grown, tiles.grown_rect, width, height);
      } else {
        scan_into(cov, nullptr, batch.rect, reach, cap, nullptr, width, height);
        // The highlight of a large run (half its radius) is thin by the same measure as a run
        // and goes eight pixels at a time too: at 160 px/m that is every one (bench_raster's
        // 1000 soldiers at 160 px/m, CPU ms, both ways alternating in one process: 79.1 -> 77.5
        // against octs only below kOnePassMaxRadiusPx; no faster with every highlight so).
        if (lit_here && octs && hi_r < kOnePassMaxRadiusOctsPx)
          detail::scan_thin_avx2(lit_cap, nullptr, 0.0f, width, height,
                                 {lit, nullptr, batch.rect.x0, batch.rect.y0, batch.rect.w, nullptr, 0, 0, 0, reach});
        else if (lit_here)
          scan_into(lit, nullptr, batch.rect, reach, lit_cap, nullptr, width, height);
      }
    }
    i = end;
  }
}

namespace {

// Rows of `rect` that lie on the band [row0, row0 + rows), as [from, to).
struct RowSpan {
  int from, to;
};
RowSpan band_rows(const PixelRect& rect, int row0, int rows) {
  return {std::max(rect.y0, row0), std::min(rect.y0 + rect.h, row0 + rows)};
}

std::uint32_t load4(const std::uint8_t* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// Source-over of `c` on the pixel at p with coverage k (0..255): blend_over with alpha
// (k * c.a + 127) / 255, which is c.a itself at k == 255.
void blend_coverage(std::uint8_t* p, Rgba c, unsigned k) {
  if (k != 0) blend_over(p, c, (k * c.a + 127) / 255);
}

#if defined(__SSE2__)
// blend_coverage on four pixels at once, in 16-bit lanes: the same integer operations, so
// the same bytes. blend_over's mix, v = s a + d (255 - a) + 128 and (v + (v >> 8)) >> 8, is
// d at a == 0 and s at a == 255, so no pixel needs a branch; v <= 65153 and the sum <= 65407
// fit 16 bits. The alpha (k A + 127) / 255 is (v + 1 + (v >> 8)) >> 8, exact for v < 65535.
struct Blend4 {
  __m128i colour;  // r g b 255, twice, as 16-bit lanes
  __m128i alpha;   // c.a in every 16-bit lane

  explicit Blend4(Rgba c)
      : colour(_mm_setr_epi16(c.r, c.g, c.b, 255, c.r, c.g, c.b, 255)), alpha(_mm_set1_epi16(static_cast<short>(c.a))) {}

  // Pixels lo (0, 1) and hi (2, 3), unpacked to 16-bit lanes, with coverages k4 (four
  // bytes, little-endian). A batch's colour and then its highlight blend onto the same
  // unpacked pixels, loaded and stored once.
  void over(__m128i& lo, __m128i& hi, std::uint32_t k4) const {
    const __m128i k = _mm_unpacklo_epi8(_mm_cvtsi32_si128(static_cast<int>(k4)), _mm_setzero_si128());
    const __m128i v = _mm_add_epi16(_mm_mullo_epi16(k, alpha), _mm_set1_epi16(127));
    const __m128i a16 = _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(v, _mm_set1_epi16(1)), _mm_srli_epi16(v, 8)), 8);
    mix_alpha(lo, hi, a16);
  }
  // blend_over of the colour on pixels p[0..3] with alphas a0..a3 (0..255) of their own.
  void over_alpha(std::uint8_t* p, unsigned a0, unsigned a1, unsigned a2, unsigned a3) const {
    const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i lo = _mm_unpacklo_epi8(d, _mm_setzero_si128()), hi = _mm_unpackhi_epi8(d, _mm_setzero_si128());
    mix_alpha(lo, hi, _mm_setr_epi16(static_cast<short>(a0), static_cast<short>(a1), static_cast<short>(a2),
                                     static_cast<short>(a3), 0, 0, 0, 0));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_packus_epi16(lo, hi));
  }
  // The colour mixed onto lo and hi with the alphas in a16's four low 16-bit lanes.
  void mix_alpha(__m128i& lo, __m128i& hi, __m128i a16) const {
    const __m128i a2 = _mm_unpacklo_epi16(a16, a16);  // a0 a0 a1 a1 a2 a2 a3 a3
    lo = mix(lo, _mm_unpacklo_epi32(a2, a2));         // a0 x4, a1 x4
    hi = mix(hi, _mm_unpackhi_epi32(a2, a2));         // a2 x4, a3 x4
  }
  __m128i mix(__m128i d, __m128i a) const {
    const __m128i inv = _mm_sub_epi16(_mm_set1_epi16(255), a);
    const __m128i v = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(colour, a), _mm_mullo_epi16(d, inv)), _mm_set1_epi16(128));
    return _mm_srli_epi16(_mm_add_epi16(v, _mm_srli_epi16(v, 8)), 8);
  }
};

void max4(std::uint8_t* p, std::uint32_t k4) {
  const std::uint32_t now = static_cast<std::uint32_t>(
      _mm_cvtsi128_si32(_mm_max_epu8(_mm_cvtsi32_si128(static_cast<int>(load4(p))), _mm_cvtsi32_si128(static_cast<int>(k4)))));
  std::memcpy(p, &now, 4);
}

int word_of(Rgba c) {
  std::uint32_t w;
  std::memcpy(&w, &c, 4);
  return static_cast<int>(w);
}

// A batch's colours as its quads blend them.
struct BatchBlend4 {
  Blend4 base, lit;
  bool opaque, lit_opaque;
  __m128i base_word, lit_word;  // the colour's four bytes in every 32-bit lane

  explicit BatchBlend4(const FigureTiles::Batch& b)
      : base(b.base), lit(b.lit), opaque(b.base.a == 255), lit_opaque(b.lit.a == 255),
        base_word(_mm_set1_epi32(word_of(b.base))), lit_word(_mm_set1_epi32(word_of(b.lit))) {}
};

// Four pixels at p: the colour with coverages k4 and the highlight with l4 (a byte a
// pixel), the cover mask at `mask` (null: none) raised to k4.
[[gnu::always_inline]] inline void quad(const BatchBlend4& c, std::uint8_t* p, std::uint8_t* mask, std::uint32_t k4,
                                        std::uint32_t l4) {
  if ((k4 | l4) == 0) return;
  if (l4 == 0xffffffffu && c.lit_opaque) {
    // Under a highlight of full coverage and opacity: blend_over at alpha 255 is the
    // highlight's colour, whatever the batch's colour left below it.
    if (mask != nullptr) max4(mask, k4);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), c.lit_word);
    return;
  }
  __m128i lo, hi;
  if (k4 == 0xffffffffu && c.opaque) {
    // Covered and opaque: blend_over at alpha 255 is the colour itself.
    if (mask != nullptr) std::memcpy(mask, &k4, 4);
    if (l4 == 0) {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(p), c.base_word);
      return;
    }
    lo = hi = c.base.colour;
  } else {
    const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    lo = _mm_unpacklo_epi8(d, _mm_setzero_si128());
    hi = _mm_unpackhi_epi8(d, _mm_setzero_si128());
    if (k4 != 0) {
      c.base.over(lo, hi, k4);
      if (mask != nullptr) max4(mask, k4);
    }
  }
  if (l4 != 0) c.lit.over(lo, hi, l4);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_packus_epi16(lo, hi));
}

// Sixteen pixels where all are empty, or all under one opaque colour at full coverage (a
// large run's inside without highlight, or a highlight's inside): one test and four stores
// instead of four quads. False where the pixels need blending.
[[gnu::always_inline]] inline bool sixteen(const BatchBlend4& c, std::uint8_t* p, std::uint8_t* mask, const std::uint8_t* cov,
                                           const std::uint8_t* lit) {
  const __m128i k16 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cov));
  const __m128i l16 = lit != nullptr ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(lit)) : _mm_setzero_si128();
  const __m128i zero = _mm_setzero_si128(), full = _mm_set1_epi8(-1);
  const bool no_lit = _mm_movemask_epi8(_mm_cmpeq_epi8(l16, zero)) == 0xffff;
  if (no_lit && _mm_movemask_epi8(_mm_cmpeq_epi8(k16, zero)) == 0xffff) return true;
  __m128i word;
  if (no_lit && c.opaque && _mm_movemask_epi8(_mm_cmpeq_epi8(k16, full)) == 0xffff)
    word = c.base_word;
  else if (c.lit_opaque && _mm_movemask_epi8(_mm_cmpeq_epi8(l16, full)) == 0xffff)
    word = c.lit_word;
  else
    return false;
  for (int q = 0; q < 4; ++q) _mm_storeu_si128(reinterpret_cast<__m128i*>(p) + q, word);
  if (mask != nullptr) _mm_storeu_si128(reinterpret_cast<__m128i*>(mask), _mm_max_epu8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(mask)), k16));
  return true;
}
#endif

// Pixels [x, to) of a row one by one (past the last whole quad at the canvas's right edge).
void pixels(const FigureTiles::Batch& b, std::uint8_t* px, std::uint8_t* mask, const std::uint8_t* cov, const std::uint8_t* lit,
            int x, int to) {
  for (; x < to; ++x) {
    const unsigned k = cov[x], l = lit != nullptr ? lit[x] : 0u;
    std::uint8_t* p = px + 4 * static_cast<std::size_t>(x);
    blend_coverage(p, b.base, k);
    if (mask != nullptr) mask[x] = std::max(mask[x], static_cast<std::uint8_t>(k));
    blend_coverage(p, b.lit, l);
  }
}

// How many rows ahead composite_figure prefetches the canvas.
constexpr int kPrefetchRows = 4;
// The bytes of a cache line, prefetch's step.
constexpr int kCacheLineBytes = 64;

// A batch's rows on the band, walked top to bottom: at each row its tiles' bytes, the
// canvas pixels and the cover bytes (null: none) from the tile's column 0 on.
struct BatchWalk {
  int y, to;  // the row, and the end of the batch's rows on the band
  int w;      // the tile's width
  const std::uint8_t* cov;
  std::ptrdiff_t lit_from_cov;  // the highlight tile's bytes, from cov's (kNone: none)
  std::uint8_t* px;
  std::uint8_t* mask;
  const RowReach* reach;  // this row's (null: the batch's rows are whole)
  std::size_t stride;     // canvas pixels a row

  BatchWalk(const FigureTiles& tiles, const FigureTiles::Batch& b, Canvas& band, int row0, std::uint8_t* cover) {
    const RowSpan rows = band_rows(b.rect, row0, band.height());
    y = rows.from;
    to = rows.to;
    w = b.rect.w;
    stride = static_cast<std::size_t>(band.width());
    const std::size_t first = static_cast<std::size_t>(std::max(y - b.rect.y0, 0));
    cov = tiles.bytes.data() + b.cov + first * static_cast<std::size_t>(w);
    lit_from_cov = b.lit_cov != FigureTiles::kNone ? static_cast<std::ptrdiff_t>(b.lit_cov - b.cov) : 0;
    const std::size_t at = static_cast<std::size_t>(std::max(y - row0, 0)) * stride + static_cast<std::size_t>(b.rect.x0);
    px = band.data() + 4 * at;
    mask = cover != nullptr ? cover + at : nullptr;
    reach = b.reach != FigureTiles::kNone ? tiles.row_reach.data() + b.reach + first : nullptr;
    has_lit = b.lit_cov != FigureTiles::kNone;
  }
  bool has_lit;

  const std::uint8_t* lit() const { return has_lit ? cov + lit_from_cov : nullptr; }
  // The row's columns with coverage, inside the tile.
  RowReach columns(int ahead = 0) const {
    return reach != nullptr ? RowReach{std::max(reach[ahead].lo, 0), std::min(reach[ahead].hi, w)} : RowReach{0, w};
  }
  // The canvas row a few rows down asked for ahead (its columns with coverage): rows lie a
  // canvas width apart, past what the hardware prefetcher follows, and a large figure's
  // first batch would otherwise wait on memory at every row it reaches.
  void prefetch_ahead() const {
#if defined(__SSE2__)
    if (y + kPrefetchRows >= to) return;
    const RowReach r = columns(kPrefetchRows);
    if (r.lo >= r.hi) return;
    const char* p = reinterpret_cast<const char*>(px + 4 * kPrefetchRows * stride);
    for (int at = 4 * r.lo; at < 4 * r.hi; at += kCacheLineBytes) _mm_prefetch(p + at, _MM_HINT_T0);
    _mm_prefetch(p + 4 * r.hi - 1, _MM_HINT_T0);  // the last line, where the steps skip it
#endif
  }
  void next() {
    ++y;
    cov += w;
    px += 4 * stride;
    if (mask != nullptr) mask += stride;
    if (reach != nullptr) ++reach;
  }
};

#if defined(SOLDIER_AVX2)
// Blend4 on eight pixels (AVX2): a 256-bit register holds four pixels in 16-bit lanes where
// SSE2 holds two, and the same integer operations on each lane give the same bytes. The
// pixels are unpacked within each 128-bit half, lo = pixels 0 1 | 4 5 and hi = 2 3 | 6 7,
// which _mm256_packus_epi16(lo, hi) packs back in order without a permute.
struct Blend8 {
  __m256i colour;  // r g b 255, four times, as 16-bit lanes
  __m128i alpha;   // c.a in every 16-bit lane
};

SOLDIER_AVX2_INLINE Blend8 blend8(Rgba c) {
  return {_mm256_setr_epi16(c.r, c.g, c.b, 255, c.r, c.g, c.b, 255, c.r, c.g, c.b, 255, c.r, c.g, c.b, 255),
          _mm_set1_epi16(static_cast<short>(c.a))};
}

SOLDIER_AVX2_INLINE __m256i mix8(const Blend8& b, __m256i d, __m256i a) {
  const __m256i inv = _mm256_sub_epi16(_mm256_set1_epi16(255), a);
  const __m256i v = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(b.colour, a), _mm256_mullo_epi16(d, inv)),
                                     _mm256_set1_epi16(128));
  return _mm256_srli_epi16(_mm256_add_epi16(v, _mm256_srli_epi16(v, 8)), 8);
}

// Blend4::over on pixels lo and hi with coverages k8 (eight bytes, little-endian): the
// eight alphas in one 128-bit register, then each spread over its pixel's four lanes.
SOLDIER_AVX2_INLINE void over8(const Blend8& b, __m256i& lo, __m256i& hi, std::uint64_t k8) {
  const __m128i k = _mm_cvtepu8_epi16(_mm_cvtsi64_si128(static_cast<long long>(k8)));
  const __m128i v = _mm_add_epi16(_mm_mullo_epi16(k, b.alpha), _mm_set1_epi16(127));
  const __m128i a16 = _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(v, _mm_set1_epi16(1)), _mm_srli_epi16(v, 8)), 8);
  const __m256i a = _mm256_broadcastsi128_si256(a16);  // a0..a7 in both halves
  // The byte pairs of a0 a1 | a4 a5 (lo's pixels) and of a2 a3 | a6 a7 (hi's), four times each.
  const __m256i lo_alphas = _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3,
                                             8, 9, 8, 9, 8, 9, 8, 9, 10, 11, 10, 11, 10, 11, 10, 11);
  const __m256i hi_alphas = _mm256_setr_epi8(4, 5, 4, 5, 4, 5, 4, 5, 6, 7, 6, 7, 6, 7, 6, 7,
                                             12, 13, 12, 13, 12, 13, 12, 13, 14, 15, 14, 15, 14, 15, 14, 15);
  lo = mix8(b, lo, _mm256_shuffle_epi8(a, lo_alphas));
  hi = mix8(b, hi, _mm256_shuffle_epi8(a, hi_alphas));
}

// A batch's colours as its octs blend them.
struct BatchBlend8 {
  Blend8 base, lit;
  bool opaque, lit_opaque;
  __m256i base_word, lit_word;  // the colour's four bytes in every 32-bit lane
};

SOLDIER_AVX2_INLINE BatchBlend8 batch_blend8(const FigureTiles::Batch& b) {
  return {blend8(b.base), blend8(b.lit), b.base.a == 255, b.lit.a == 255, _mm256_set1_epi32(word_of(b.base)),
          _mm256_set1_epi32(word_of(b.lit))};
}

SOLDIER_AVX2_INLINE std::uint64_t load8(const std::uint8_t* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

SOLDIER_AVX2_INLINE void max8(std::uint8_t* p, std::uint64_t k8) {
  const __m128i now = _mm_max_epu8(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)), _mm_cvtsi64_si128(static_cast<long long>(k8)));
  _mm_storel_epi64(reinterpret_cast<__m128i*>(p), now);
}

// quad() on eight pixels: the same cases.
SOLDIER_AVX2_INLINE void oct(const BatchBlend8& c, std::uint8_t* p, std::uint8_t* mask, std::uint64_t k8, std::uint64_t l8) {
  constexpr std::uint64_t kFull = ~std::uint64_t{0};
  if ((k8 | l8) == 0) return;
  if (l8 == kFull && c.lit_opaque) {
    if (mask != nullptr) max8(mask, k8);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), c.lit_word);
    return;
  }
  __m256i lo, hi;
  if (k8 == kFull && c.opaque) {
    if (mask != nullptr) std::memcpy(mask, &k8, 8);
    if (l8 == 0) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), c.base_word);
      return;
    }
    lo = hi = c.base.colour;
  } else {
    const __m256i d = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    lo = _mm256_unpacklo_epi8(d, _mm256_setzero_si256());
    hi = _mm256_unpackhi_epi8(d, _mm256_setzero_si256());
    if (k8 != 0) {
      over8(c.base, lo, hi, k8);
      if (mask != nullptr) max8(mask, k8);
    }
  }
  if (l8 != 0) over8(c.lit, lo, hi, l8);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), _mm256_packus_epi16(lo, hi));
}

// composite_figure's batch eight pixels at a time (a row's last quad, at most, four).
SOLDIER_AVX2 void composite_batch_avx2(const FigureTiles& tiles, const FigureTiles::Batch& b, Canvas& band, int row0,
                                       std::uint8_t* cover) {
  const BatchBlend8 c = batch_blend8(b);
  const BatchBlend4 c4(b);
  for (BatchWalk r(tiles, b, band, row0, cover); r.y < r.to; r.next()) {
    r.prefetch_ahead();
    const RowReach cols = r.columns();
    if (cols.lo >= cols.hi) continue;
    const std::uint8_t* lit = r.lit();
    auto mask_at = [&](int x) SOLDIER_AVX2_LAMBDA { return r.mask != nullptr ? r.mask + x : nullptr; };
    int x = cols.lo;
    // Bytes past the reach are 0 (pixels left as they are), so an oct may run past it.
    for (; x < cols.hi && x + 8 <= r.w; x += 8)
      oct(c, r.px + 4 * static_cast<std::size_t>(x), mask_at(x), load8(r.cov + x), lit != nullptr ? load8(lit + x) : 0u);
    for (; x < cols.hi && x + 4 <= r.w; x += 4)
      quad(c4, r.px + 4 * static_cast<std::size_t>(x), mask_at(x), load4(r.cov + x), lit != nullptr ? load4(lit + x) : 0u);
    if (x < cols.hi) pixels(b, r.px, r.mask, r.cov, lit, x, cols.hi);
  }
}
#endif

}  // namespace

SOLDIER_CLONES_AVX2 void composite_figure(const FigureTiles& tiles, Canvas& band, int row0, std::uint8_t* cover) {
#if defined(SOLDIER_AVX2)
  const bool octs = detail::have_avx2();
#endif
  for (const FigureTiles::Batch& b : tiles.batches) {
    if (b.cov == FigureTiles::kNone) continue;
#if defined(SOLDIER_AVX2)
    if (octs) {
      composite_batch_avx2(tiles, b, band, row0, cover);
      continue;
    }
#endif
#if defined(__SSE2__)
    const BatchBlend4 c(b);
#endif
    for (BatchWalk r(tiles, b, band, row0, cover); r.y < r.to; r.next()) {
      r.prefetch_ahead();
      const RowReach cols = r.columns();
      if (cols.lo >= cols.hi) continue;
      const std::uint8_t* lit = r.lit();
      int x = cols.lo;
#if defined(__SSE2__)
      auto mask_at = [&](int at) SOLDIER_INLINE { return r.mask != nullptr ? r.mask + at : nullptr; };
      for (; x + 16 <= cols.hi; x += 16) {
        if (sixteen(c, r.px + 4 * static_cast<std::size_t>(x), mask_at(x), r.cov + x, lit != nullptr ? lit + x : nullptr)) continue;
        for (int q = x; q < x + 16; q += 4)
          quad(c, r.px + 4 * static_cast<std::size_t>(q), mask_at(q), load4(r.cov + q), lit != nullptr ? load4(lit + q) : 0u);
      }
      // Bytes past the reach are 0 (pixels left as they are), so a quad may run past it.
      for (; x < cols.hi && x + 4 <= r.w; x += 4)
        quad(c, r.px + 4 * static_cast<std::size_t>(x), mask_at(x), load4(r.cov + x), lit != nullptr ? load4(lit + x) : 0u);
#endif
      if (x < cols.hi) pixels(b, r.px, r.mask, r.cov, lit, x, cols.hi);
    }
  }
}

SOLDIER_CLONES_AVX2 void composite_grown(const FigureTiles& tiles, Canvas& band, int row0, const std::uint8_t* cover,
                                         Rgba colour, const std::uint8_t* alpha8) {
  if (tiles.grown == FigureTiles::kNone || cover == nullptr) return;
  const PixelRect& r = tiles.grown_rect;
  const RowSpan rows = band_rows(r, row0, band.height());
  const std::size_t stride = static_cast<std::size_t>(band.width());
#if defined(__SSE2__)
  const Blend4 gap(colour);
#endif
  for (int y = rows.from; y < rows.to; ++y) {
    const std::uint8_t* g = tiles.bytes.data() + tiles.grown + static_cast<std::size_t>(y - r.y0) * static_cast<std::size_t>(r.w);
    const std::size_t row = static_cast<std::size_t>(y - row0) * stride + static_cast<std::size_t>(r.x0);
    const std::uint8_t* c = cover + row;
    std::uint8_t* px = band.data() + 4 * row;
    int x = 0;
#if defined(__SSE2__)
    for (; x + 4 <= r.w; x += 4) {
      // Sixteen pixels skipped at once where the silhouette and the men behind do not meet.
      if (x + 16 <= r.w) {
        const __m128i m16 = _mm_min_epu8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(g + x)),
                                         _mm_loadu_si128(reinterpret_cast<const __m128i*>(c + x)));
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(m16, _mm_setzero_si128())) == 0xffff) {
          x += 12;
          continue;
        }
      }
      const std::uint32_t m4 = static_cast<std::uint32_t>(_mm_cvtsi128_si32(
          _mm_min_epu8(_mm_cvtsi32_si128(static_cast<int>(load4(g + x))), _mm_cvtsi32_si128(static_cast<int>(load4(c + x))))));
      if (m4 == 0) continue;
      gap.over_alpha(px + 4 * static_cast<std::size_t>(x), alpha8[m4 & 255u], alpha8[(m4 >> 8) & 255u],
                     alpha8[(m4 >> 16) & 255u], alpha8[m4 >> 24]);
    }
#endif
    for (; x < r.w; ++x) {
      const unsigned m = std::min(g[x], c[x]);
      if (m != 0) blend_over(px + 4 * static_cast<std::size_t>(x), colour, alpha8[m]);
    }
  }
}

}  // namespace render
