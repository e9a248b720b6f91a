#pragma once
// World metres (y up) -> canvas pixels (y down). This is the ONE place the y flip happens
// (ARCHITECTURE.md conventions); everything after it works in canvas pixels.
#include "anim/vec.hpp"

#include <glm/vec2.hpp>

namespace render {

struct Camera {
  anim::vec2 center_world{0.0, 1.0};  // world point shown at the canvas centre, m
  double px_per_m = 160.0;            // scale, canvas px per world m, > 0 (1.78 m -> ~285 px)
  int width = 1280;                   // canvas size the camera maps onto, px
  int height = 720;
  // The canvas row this camera's row 0 is (render/soldiers.cpp draws a frame in bands of
  // rows, each on a canvas of its own): 0 for a whole canvas.
  int row0 = 0;

  // World point -> canvas pixel coordinates (pixel (i, j) covers [i, i+1) x [j, j+1)).
  glm::vec2 to_canvas(anim::vec2 world) const {
    return {static_cast<float>((world.x - center_world.x) * px_per_m + 0.5 * width),
            static_cast<float>(unbanded_y(world.y) - row0)};
  }
  // The canvas y of world height `y` before row0 is taken off: what a plan made once for
  // every band keeps (render/contact_shadow.cpp), each band taking off its own row0.
  double unbanded_y(double y) const { return 0.5 * height - (y - center_world.y) * px_per_m; }
  // A length in world metres -> canvas px.
  double to_px(double metres) const { return metres * px_per_m; }
  // Canvas px -> world m (inverse of to_canvas), for picking and ground fills.
  anim::vec2 to_world(glm::vec2 px) const {
    return {(px.x - 0.5 * width) / px_per_m + center_world.x, (0.5 * height - row0 - px.y) / px_per_m + center_world.y};
  }
};

}  // namespace render
