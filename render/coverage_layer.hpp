#pragma once
// A batch of same-colour shapes composited once. Where two runs of one colour overlap -- a
// thigh and a shank meeting at the knee -- drawing each straight onto the canvas blends the
// anti-aliased edge twice and leaves a darker bead at the joint. Here each shape writes
// max(coverage) into a scratch buffer, and composite() blends the union once: the edge at a
// joint is exactly as soft as anywhere else ("Drawing with discs": runs end AT joints, and
// the joint must not show as a bump).
//
// The layer is scratch the caller owns and reuses (STYLE.md data: jobs own no buffers,
// caches are objects the caller owns); composite() leaves it empty again, clearing only the
// rows and columns it touched so reuse costs nothing for the untouched area.
#include "render/canvas.hpp"

#include <glm/vec2.hpp>

#include <cstdint>
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
  bool empty() const { return y_lo_ > y_hi_; }

  // Blends `color` over the canvas with the accumulated coverage, then empties the layer.
  // The canvas must be the layer's size.
  void composite(Canvas& canvas, Rgba color);
  // Empties the layer without drawing.
  void reset();

 private:
  friend struct LayerSink;
  int width_ = 0, height_ = 0;
  std::vector<std::uint8_t> cov_;      // width * height, 0..255
  std::vector<int> row_lo_, row_hi_;   // touched columns per row, [lo, hi); lo > hi: none
  int y_lo_, y_hi_;                    // touched rows, inclusive; y_lo_ > y_hi_: none
};

}  // namespace render
