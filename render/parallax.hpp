#pragma once
// The scene's background: two bands of distant hills between the sky and the terrain,
// scrolling slower than the ground (parallax). Each is a plane of its own value (issue 15):
// the far ridge 13 L* under the horizon's sky and bluer, the near ridge 11 under the far one
// and greener (aerial perspective), both well above every figure tone (palette.hpp).
#include "anim/terrain.hpp"
#include "render/camera.hpp"
#include "render/canvas.hpp"
#include "render/palette.hpp"

namespace render {

struct ParallaxLayer {
  double scroll = 0.2;      // share of the camera's motion the layer follows (0: fixed sky)
  double height = 0.2;      // peak height above the horizon, share of the canvas height
  double wavelength = 0.9;  // typical hill width, share of the canvas height
  double phase = 0.0;       // rad, so the two layers' hills do not line up
};

struct ParallaxStyle {
  ParallaxLayer far{0.12, 0.22, 1.10, 0.0};   // drawn in palette.far_ridge
  ParallaxLayer near{0.30, 0.11, 0.60, 2.1};  // drawn in palette.near_ridge
};

// Draws the layers over the sky (after draw_sky, before draw_terrain). The
// horizon is the ground line under the camera centre, as draw_sky's gradient uses.
void draw_parallax(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain,
                   const Palette& palette, const ParallaxStyle& style = {});

}  // namespace render
