#pragma once
// A batch of same-colour shapes composited once. Where two runs of one colour overlap -- a
// thigh and a shank meeting at the knee -- drawing each straight onto the canvas blends the
// anti-aliased edge twice and leaves a darker bead at the joint. Here each shape writes
// max(coverage) into a scratch buffer, and composite() blends the union once: the edge at a
// joint is exactly as soft as anywhere else ("Drawing with discs": runs end AT joints, and
// the joint must not show as a bump).
//
// The layer is scratch the caller owns and reuses (STYLE.md data: jobs own no buffers,
// caches are objects the caller owns). It keeps the list of pixels it touched, so
// composite() visits and clears exactly those and nothing else: reuse costs nothing for
// the untouched area, and no row is scanned for coverage it does not have.
//
// Painting shapes (the add_* forms taking a canvas and a colour) was the fast path of a
// figure (issue 2); figures are now rasterized into tiles (render/figure_tiles.hpp, issue
// 14: once per soldier, composited by any band) and test_raster checks those tiles against
// this layer's coverage. Painting: when the colour is opaque, a
// shape's fully covered pixels are written straight onto the canvas and only its
// anti-aliased edge goes through the buffer. The result is exactly the max-coverage
// union: a fully covered pixel is the colour whatever else covers it, and the colour
// blended over itself is unchanged (blend_over), so an edge of another shape of the batch
// composited over such a pixel later leaves it as it is.
#include "render/canvas.hpp"
#include "render/raster.hpp"

#include <glm/vec2.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace render {

class CoverageLayer {
 public:
  // A layer over a canvas of this size (canvas px; shapes are clipped to it).
  CoverageLayer(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }

  // Coverage alone: the whole shape goes into the buffer (coverage() sees all of it).
  void add_disc(glm::vec2 center_px, float radius_px);
  void add_run(glm::vec2 a_px, glm::vec2 b_px, float radius_px);
  // The tangent highlight of the run a->b, as fill_run_highlight (render/raster.hpp).
  void add_run_highlight(glm::vec2 a_px, glm::vec2 b_px, float radius_px, float highlight_radius_px,
                         glm::vec2 light_dir_px);

  // Painting: as above, but when `color` is opaque the fully covered pixels are written
  // onto `canvas` (the layer's size) in `color` at once, and only the edge is buffered.
  // Every shape added this way must be followed by composite(canvas, color) with the same
  // canvas and colour before the layer is used for another colour.
  void add_run(glm::vec2 a_px, glm::vec2 b_px, float radius_px, Canvas& canvas, Rgba color);
  void add_run_highlight(glm::vec2 a_px, glm::vec2 b_px, float radius_px, float highlight_radius_px,
                         glm::vec2 light_dir_px, Canvas& canvas, Rgba color);

  // A run and its tangent highlight in one pass (issue 2): the run is painted as
  // add_run(..., canvas, color); its highlight (as add_run_highlight, highlight_radius_px
  // clamped to (0, radius_px]; 0 or less: none) goes to a second coverage of the layer,
  // evaluated on the run's own pixels -- the highlight lies inside the run. Must be followed
  // by composite(canvas, color, lit), which blends the run's colour with the first coverage
  // and then the highlight colour with the second: the same pixels as compositing the runs
  // of a batch and then, as a second batch, their highlights.
  void add_run_lit(glm::vec2 a_px, glm::vec2 b_px, float radius_px, float highlight_radius_px,
                   glm::vec2 light_dir_px, Canvas& canvas, Rgba color);

  // A silhouette mask the layer's size (or null: none), 0..255 per pixel: while it is set,
  // every run painted (the painting add_run and add_run_lit; never a highlight) also raises
  // it to max(mask, the run's coverage) -- the same bytes as adding the runs again to an
  // empty layer and reading coverage(), in the same pass that paints them (issue 14: the
  // rank's cover mask was a second scan of every silhouette).
  void set_mask(std::uint8_t* mask) { mask_ = mask; }

  // Calls f(y * width + x, coverage 0..255) once for every pixel (x, y) with coverage of the
  // shapes (the highlights of add_run_lit aside), in no particular order, then empties the
  // layer: a pass over a batch's own pixels instead of its bounding box.
  template <class F>
  void drain(F&& f) {
    for (std::size_t j = 0; j < touched_count_; ++j) {
      const std::uint32_t i = touched_[j];
      if (cov_[i] != 0) f(i, static_cast<unsigned>(cov_[i]));
    }
    reset();
  }

  // Coverage 0..1 accumulated at a pixel (0 outside); for tests and tools.
  float coverage(int x, int y) const;
  bool empty() const { return touched_count_ == 0; }

  // Blends `color` over the canvas with the accumulated coverage, then empties the layer.
  // The canvas must be the layer's size (otherwise the layer is only emptied).
  void composite(Canvas& canvas, Rgba color);
  // Blends `color` with the coverage of the shapes, then `lit` with that of the highlights
  // added by add_run_lit, pixel by pixel; then empties the layer.
  void composite(Canvas& canvas, Rgba color, Rgba lit);
  // Empties the layer without drawing.
  void reset();

 private:
  friend struct LayerSink;
  void scan(glm::vec2 a_px, glm::vec2 b_px, float radius_px, const Segment* lit, float lit_radius_px, Canvas* canvas,
            Rgba color, bool masked);
  int width_ = 0, height_ = 0;
  std::vector<std::uint8_t> cov_;      // width * height, 0..255: the shapes
  std::vector<std::uint8_t> lit_cov_;  // width * height, 0..255: the highlights of add_run_lit
  // y * width + x of every pixel with cov_ or lit_cov_ > 0, once each, in the first
  // touched_count_ entries; the vector is kept at least 4 entries longer, so the scan can
  // append a quad's pixels without a test per pixel.
  std::vector<std::uint32_t> touched_;
  std::size_t touched_count_ = 0;
  std::uint8_t* mask_ = nullptr;  // set_mask
};

// The scratch layer a drawing job uses: the caller's `given` when it is the canvas's size (a
// frame reuses one layer for all its jobs), else one made in `own` for this call.
inline CoverageLayer& layer_for(const Canvas& canvas, CoverageLayer* given, std::optional<CoverageLayer>& own) {
  if (given && given->width() == canvas.width() && given->height() == canvas.height()) return *given;
  return own.emplace(canvas.width(), canvas.height());
}

}  // namespace render
