#pragma once
// The sky plane of the scene (issue 15): a gradient from the zenith's blue to the warm haze at
// the horizon, the sun that lights the figures with its glow, and a few bands of cloud that
// scroll a little with the camera. The sun sits on the line of the scene's key light from the
// frame's centre (palette.light.toward_px), so the highlights on every figure point at it.
#include "anim/terrain.hpp"
#include "render/camera.hpp"
#include "render/canvas.hpp"
#include "render/coverage_layer.hpp"
#include "render/palette.hpp"

#include <glm/vec2.hpp>

namespace render {

struct SkyStyle {
  double sun_distance = 0.40;  // share of the canvas height from the centre to the sun, along the light
  double sun_radius = 0.030;   // share of the canvas height (~1/3 of a hand at arm's length, a
                               // picture's sun, not the true 0.27 deg)
  double glow_radius = 0.55;   // share of the canvas height over which the sun brightens the sky
  double glow_strength = 0.6;  // share of the way to the sun's colour at the sun, 0..1
  double gradient_power = 1.8; // the gradient's t^power: the sky lightens fast near the horizon
  double cloud_scroll = 0.04;  // share of the camera's motion the clouds follow (parallax)
  double cloud_top = 0.06;     // clouds lie between these shares of the canvas height
  double cloud_bottom = 0.34;
  bool features = true;        // the sun, its glow and the clouds; false: the bare gradient
};

// Canvas px of the sun's centre.
glm::vec2 sun_position_px(const Camera& camera, const Palette& palette, const SkyStyle& style = {});

// The sky over the whole canvas: gradient (palette.sky_top at the top to palette.sky_horizon
// at the ground line under the camera centre), clouds, the sun's glow and disc. `scratch`:
// a layer of the canvas's size to reuse (null: one is made).
void draw_sky(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette,
              const SkyStyle& style = {}, CoverageLayer* scratch = nullptr);

}  // namespace render
