#pragma once
// The thin runs of a figure scanned eight pixels at a time (issue 14). At the scale where a
// thousand soldiers share a frame, most runs are 1-3 px in radius and their rows 5-9 px
// wide: two quads of scan_capsule (render/capsule_scan.hpp) but one oct of AVX2. The oct
// evaluates the same coverage formula with the same IEEE operations in the same order as
// CapsuleLanes, so the bytes are those of scan_capsule; only its rows' ranges are walked
// eight pixels at a time. A separate function chosen at run time, since a template inlined
// into a SOLDIER_CLONES_AVX2 function cannot use 256-bit intrinsics in its baseline copy.
#include "render/capsule_scan.hpp"

#include <cstdint>

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
};

// Whether scan_thin_avx2 is used: this CPU runs it and it is not turned off.
bool have_avx2();
// Turns it off (or back on where the CPU has it): the test that the eight-pixel walk gives the
// bytes of the four-pixel one, which a CPU without AVX2 takes (STYLE.md 7: the same bytes on
// any machine). Not for the programs.
void set_avx2_allowed(bool allowed);

// scan_capsule(cap, lit, grown_radius, clip_w, clip_h) into max tiles, on a canvas at least
// 8 px wide: every pixel of the rows by the formula, with no interior spans (those hold
// only pixels the formula gives 255), so it is meant for runs whose rows are a few octs.
// Only where have_avx2().
void scan_thin_avx2(const Capsule& cap, const Capsule* lit, float grown_radius, int clip_w, int clip_h, const OctTiles& tiles);

}  // namespace render::detail
