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
// It draws the scene's batches (ground, firing, marks, sheet paths). A figure's batches are
// rasterized into tiles instead (render/figure_tiles.hpp, issue 14: once per soldier,
// composited by any band of rows); test_raster checks those tiles against this layer.
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

  void add_disc(glm::vec2 center_px, float radius_px);
  void add_run(glm::vec2 a_px, glm::vec2 b_px, float radius_px);
  // The tangent highlight of the run a->b, as fill_run_highlight (render/raster.hpp).
  void add_run_highlight(glm::vec2 a_px, glm::vec2 b_px, float radius_px, float highlight_radius_px,
                         glm::vec2 light_dir_px);

  // Coverage 0..1 accumulated at a pixel (0 outside); for tests and tools.
  float coverage(int x, int y) const;
  bool empty() const { return touched_count_ == 0; }

  // Blends `color` over the canvas with the accumulated coverage, then empties the layer.
  // The canvas must be the layer's size (otherwise the layer is only emptied).
  void composite(Canvas& canvas, Rgba color);
  // Empties the layer without drawing.
  void reset();

 private:
  friend struct LayerSink;
  void scan(glm::vec2 a_px, glm::vec2 b_px, float radius_px);
  int width_ = 0, height_ = 0;
  std::vector<std::uint8_t> cov_;  // width * height, 0..255
  // y * width + x of every pixel with cov_ > 0, once each, in the first touched_count_
  // entries; the vector is kept at least 4 entries longer, so the scan can append a quad's
  // pixels without a test per pixel.
  std::vector<std::uint32_t> touched_;
  std::size_t touched_count_ = 0;
};

// The scratch layer a drawing job uses: the caller's `given` when it is the canvas's size (a
// frame reuses one layer for all its jobs), else one made in `own` for this call.
inline CoverageLayer& layer_for(const Canvas& canvas, CoverageLayer* given, std::optional<CoverageLayer>& own) {
  if (given && given->width() == canvas.width() && given->height() == canvas.height()) return *given;
  return own.emplace(canvas.width(), canvas.height());
}

}  // namespace render
