#pragma once
// The thin runs of a figure scanned eight pixels at a time (issue 14). At the scale where a
// thousand soldiers share a frame, most runs are 1-3 px in radius and their rows 5-9 px
// wide: two quads of scan_capsule (render/capsule_scan.hpp) but one oct of AVX2. The oct
// evaluates the same coverage formula with the same IEEE operations in the same order as
// CapsuleLanes, so the bytes are those of scan_capsule; only its rows' ranges are walked
// eight pixels at a time. A separate function chosen at run time, since a template inlined
// into a SOLDIER_CLONES_AVX2 function cannot use 256-bit intrinsics in its baseline copy.
#include "render/capsule_scan.hpp"
#include "render/figure_tiles.hpp"

#include <cstdint>

// A function (or a lambda's body, after its parameter list) compiled for AVX2 whatever the
// build's baseline, called only where have_avx2(); the _INLINE forms are always inlined into
// such a function. Where GNU target attributes are missing, no AVX2 code at all.
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define SOLDIER_AVX2 __attribute__((target("avx2")))
#define SOLDIER_AVX2_INLINE __attribute__((target("avx2"), always_inline)) inline
#define SOLDIER_AVX2_LAMBDA __attribute__((target("avx2"), always_inline))
#endif

namespace render::detail {

// Tiles of max coverage (render/figure_tiles.cpp), each with the canvas pixel of its first
// byte and its width in bytes: the run's, its highlight's (null: none) and the grown
// silhouette's (null: none). Each must hold the bytes an oct or a quad reaches: the row's
// range, three pixels past it, and from width - 8 on a canvas's right edge.
struct OctTiles {
  std::uint8_t* cov = nullptr;
  std::uint8_t* lit = nullptr;
  int x0 = 0, y0 = 0, w = 0;
  std::uint8_t* grown = nullptr;
  int gx0 = 0, gy0 = 0, gw = 0;
  RowReach* reach = nullptr;  // cov's (and lit's) rows, from y0, widened to what each is given (null: none)
};

// Whether scan_thin_avx2 (and composite_figure's eight-pixel blend) is used: this CPU runs
// it and it is not turned off.
bool have_avx2();
// Turns it off (or back on where the CPU has it): the test that the eight-pixel walks give the
// bytes of the four-pixel ones, which a CPU without AVX2 takes (STYLE.md 7: the same bytes on
// any machine). Not for the programs.
void set_avx2_allowed(bool allowed);

// scan_capsule(cap, lit, grown_radius, clip_w, clip_h) into max tiles, on a canvas at least
// 8 px wide: every pixel of the rows by the formula, with no interior spans (those hold
// only pixels the formula gives 255), so it is meant for runs whose rows are a few octs.
// Only where have_avx2().
void scan_thin_avx2(const Capsule& cap, const Capsule* lit, float grown_radius, int clip_w, int clip_h, const OctTiles& tiles);

}  // namespace render::detail
