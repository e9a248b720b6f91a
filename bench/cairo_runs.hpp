#pragma once
// The peer of bench_raster --vs-cairo (issue 14): the same disc runs drawn with cairo, a
// well-kept anti-aliasing vector rasterizer (Debian libcairo2-dev, a benchmark-only
// dependency). A run is a stroke from a to b with round caps of width 2 r (a disc when
// a == b); each batch of one material and step is drawn into a group and painted once, as
// render::paint_figure_runs composites a batch once; then the batch's tangent highlights, one
// ladder step lighter, on render::highlight_segment.
#include "render/canvas.hpp"
#include "render/figure.hpp"
#include "render/palette.hpp"

#include <memory>
#include <span>
#include <vector>

namespace bench {

class CairoCanvas {
 public:
  CairoCanvas(int width, int height);
  ~CairoCanvas();
  CairoCanvas(const CairoCanvas&) = delete;
  CairoCanvas& operator=(const CairoCanvas&) = delete;

  void clear(render::Rgba c);
  // The runs of one soldier, as paint_figure_runs paints them (team: his accent ladder).
  void paint_runs(std::span<const render::FigureRun> runs, const render::Palette& palette, int team);
  // The pixels as straight RGBA8, row after row, the layout of render::Canvas.
  render::Canvas pixels();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bench
