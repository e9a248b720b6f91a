#pragma once
// The scene's background: two bands of distant hills between the sky and the terrain,
// scrolling slower than the ground (parallax), in low-contrast values close to the sky's
// horizon colour so the figures' values stand apart from them (issue 4).
#include "anim/terrain.hpp"
#include "render/camera.hpp"
#include "render/canvas.hpp"
#include "render/palette.hpp"

namespace render {

struct ParallaxLayer {
  double scroll = 0.2;      // share of the camera's motion the layer follows (0: fixed sky)
  double height = 0.2;      // peak height above the horizon, share of the canvas height
  double wavelength = 0.9;  // typical hill width, share of the canvas height
  double toward_ground = 0.2;  // colour: 0 the sky's horizon colour, 1 the ground's
  double phase = 0.0;       // rad, so the two layers' hills do not line up
};

struct ParallaxStyle {
  ParallaxLayer far{0.12, 0.20, 1.10, 0.16, 0.0};
  ParallaxLayer near{0.30, 0.10, 0.60, 0.30, 2.1};
};

// Draws the layers over the sky (after draw_sky, before draw_terrain). The
// horizon is the ground line under the camera centre, as draw_sky's gradient uses.
void draw_parallax(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain,
                   const Palette& palette, const ParallaxStyle& style = {});

}  // namespace render
