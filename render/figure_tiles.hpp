#pragma once
// A figure's runs rasterized once into small tiles of coverage, composited later (issue 14:
// the canvas drawn in parallel without rasterizing a soldier once per band). Each batch of
// paint_figure_runs (consecutive runs of one material and step) gets a tile the size of its
// own box: the max coverage of its runs and of their tangent highlights. Compositing a
// batch blends its colour with the first and the highlight colour with the second, pixel
// by pixel, batch after batch in draw order: the same operations on the same coverage as
// paint_figure_runs through a CoverageLayer, so the same bytes. The tiles depend on the
// runs alone, never on where or when they are composited, so soldiers can be rasterized on
// any thread and composited onto any band of rows.
#include "render/canvas.hpp"
#include "render/figure.hpp"
#include "render/palette.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace render {

// A rectangle of canvas pixels [x0, x0 + w) x [y0, y0 + h), inside the canvas.
struct PixelRect {
  int x0 = 0, y0 = 0, w = 0, h = 0;
  bool empty() const { return w <= 0 || h <= 0; }
};

// Columns [lo, hi) of one row of a batch's tiles, counted from the tile's left edge, that
// hold every byte the scans gave that row (lo >= hi: none; the bounds may lie past the
// tile, which holds what they bound). The rest of the row is 0, so compositing skips it: a
// diagonal limb's box is about twice its area.
struct RowReach {
  int lo = std::numeric_limits<int>::max(), hi = std::numeric_limits<int>::min();  // none yet
  void widen(int from, int to) {
    lo = lo < from ? lo : from;
    hi = hi > to ? hi : to;
  }
};

struct FigureTiles {
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  struct Batch {
    Rgba base{}, lit{};
    PixelRect rect;
    std::size_t cov = kNone, lit_cov = kNone;  // offsets of the rect-sized tiles in bytes
    std::size_t reach = kNone;                 // the first of its rect.h rows in row_reach (kNone: rows whole)
  };
  std::vector<Batch> batches;
  std::vector<RowReach> row_reach;  // each batch's rows, its coverage's and highlight's alike
  // The silhouette grown by `grow` px (rasterize's grow > 0), one tile over the whole figure.
  PixelRect grown_rect;
  std::size_t grown = kNone;
  std::vector<std::uint8_t> bytes;  // every tile, row after row, w bytes a row
};

// The runs' tiles on a canvas width x height (shapes clipped to it), coloured as
// paint_figure_runs colours them (team: the accent ladder); `grow` > 0 also rasterizes the
// silhouette grown by that many px (the ranks' haze gap, render/soldiers.hpp). Reuses
// `tiles`' memory.
void rasterize_figure(FigureTiles& tiles, std::span<const FigureRun> runs, const Palette& palette, int team, int width,
                      int height, float grow = 0.0f);

// The batches composited over rows [row0, row0 + band.height()) of the canvas, which `band`
// holds (the whole canvas: row0 0). `cover` (null: none): a band-sized 0..255 buffer raised to
// max(cover, each run's coverage) as they are composited (the ranks' cover mask).
void composite_figure(const FigureTiles& tiles, Canvas& band, int row0, std::uint8_t* cover = nullptr);

// The grown silhouette's coverage g, where the band's `cover` c is not 0, blended as `colour`
// with opacity alpha8[min(g, c)] (0..255 each).
void composite_grown(const FigureTiles& tiles, Canvas& band, int row0, const std::uint8_t* cover, Rgba colour,
                     const std::uint8_t* alpha8);

}  // namespace render
