#pragma once
// Disc and run primitives with exact anti-aliased coverage (ARCHITECTURE.md render/raster).
// A run is the union of equal discs along a segment: a capsule whose radius is CONSTANT,
// never interpolated, so its two long edges are straight and parallel ("Drawing with discs":
// a tapered run is a cone and reads as soft). All coordinates are canvas px (y down).
#include "render/canvas.hpp"

#include <glm/vec2.hpp>

namespace render {

// One shape drawn straight onto the canvas (source-over, coverage per pixel).
void fill_disc(Canvas& canvas, glm::vec2 center_px, float radius_px, Rgba color);
void fill_run(Canvas& canvas, glm::vec2 a_px, glm::vec2 b_px, float radius_px, Rgba color);

// The centreline of a run's tangent highlight: the run a->b of radius `radius_px` shifted by
// (radius_px - highlight_radius_px) toward the light, across the run only ("offset a
// highlight to TANGENCY, not to the centre"). A run of highlight_radius_px on it touches the
// silhouette on the lit side and lies inside it everywhere. `light_dir_px` points from the
// figure toward the light, canvas px (y down); it need not be unit length.
struct Segment {
  glm::vec2 a{}, b{};
};
Segment highlight_segment(glm::vec2 a_px, glm::vec2 b_px, float radius_px, float highlight_radius_px,
                          glm::vec2 light_dir_px);

// The highlight of the run a->b (radius_px) drawn onto the canvas: a run of
// highlight_radius_px (clamped to (0, radius_px]) on highlight_segment().
void fill_run_highlight(Canvas& canvas, glm::vec2 a_px, glm::vec2 b_px, float radius_px,
                        float highlight_radius_px, glm::vec2 light_dir_px, Rgba highlight);

}  // namespace render
