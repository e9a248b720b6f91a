#pragma once
// The light a scene is lit by (issue 15): the direction the figures' tangent highlights face
// and the colours their ladders lean toward. One light per scene, so the highlights, the sun
// the sky shows and the hue of every shadow agree ("a key light consistent with the scene").
#include <glm/vec2.hpp>

namespace render {

// A light's colour as a filter on a material: linear-RGB factors a surface's colour is
// multiplied by where that light dominates (then put back at its ladder step's L*). The
// colour of light times the colour of the surface is the shifted hue painters put in light
// and shade: a warm sun warms the lit side, the blue sky cools the shade.
struct Tint {
  double r = 1.0, g = 1.0, b = 1.0;  // linear-RGB factors, ~0.6..1.4
};

struct Light {
  // Unit vector from a figure TOWARD the key light, canvas px (y down). The lit side of
  // every run is the side facing it (render/raster.hpp highlight_segment).
  glm::vec2 toward_px{-0.6f, -0.8f};
  Tint key;   // the key light (the sun): lit steps are filtered by it
  Tint fill;  // the fill light (the sky): shadow steps are filtered by it
  // Step k of a ladder is filtered by min(1, |k| * share) of the way from white to the key
  // (k > 0) or the fill (k < 0), so a material is not one hue at three lightnesses (which
  // reads as plastic).
  double key_share = 0.6;
  double fill_share = 0.6;
};

// The game scene's light: a late-afternoon sun at the upper left, 53 deg above the canvas
// horizontal, warm; the fill is the blue of the sky's zenith. render/sky.cpp draws the sun
// along toward_px from the frame's centre, so the picture shows where the light comes from.
Light sun_light();

// The contact sheets' light: the same direction, near-neutral, so a sheet judges shape and
// motion without a colour cast.
Light studio_light();

}  // namespace render
