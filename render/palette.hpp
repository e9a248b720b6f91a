#pragma once
// Value ladders in CIE L* (ARCHITECTURE.md render/palette) and the colours of the scene. Every
// material is a ladder stepping evenly in lightness, "an even value ladder beats a big jump":
// a reference garment steps ~16 L* at a time and never more than 18 (Rule 9, "Drawing with
// discs"). Near limbs use a ladder's base, far limbs one step darker, highlights one step up;
// the steps lean in hue toward the scene's light (render/light.hpp).
//
// The value plan of the game scene (issue 15), L*: every plane behind a figure is light --
// sky 72..91 with the sun at 99, far ridge 78, near ridge 67 -- and every tone of a figure is
// at most 57, so a soldier reads as one clear shape against anything behind him, with his
// modelling (22..57) inside it. The ground, under the figures' feet, is the dark plane
// (24..48).
#include "anim/character_frame.hpp"
#include "render/canvas.hpp"
#include "render/light.hpp"

#include <glm/vec2.hpp>

#include <array>
#include <cstddef>
#include <vector>

namespace render {

// Largest allowed L* difference between adjacent steps of a ladder (Rule 9).
inline constexpr double kMaxLadderStep = 18.0;
// The step used by default: ~16 as in the reference garment, with room under the maximum
// for 8-bit rounding.
inline constexpr double kDefaultLadderStep = 15.0;
// The figures' step in the game scene: 12 L*, so three steps of every material fit between
// the darkest tone that still shows modelling and the brightest that stays clear of the
// background (the value plan above).
inline constexpr double kFigureLadderStep = 12.0;

// Offsets from a ladder's base for the three uses every part has.
inline constexpr int kNearStep = 0;        // near limbs, body
inline constexpr int kFarStep = -1;        // far limbs: one step darker (depth cue)
inline constexpr int kHighlightStep = 1;   // the lit side's tangent highlight
inline constexpr int kEyeStep = -2;        // the eye: the skin's darkest step, in the brim's shade

struct Ladder {
  std::vector<Rgba> steps;  // darkest first; adjacent steps differ by <= kMaxLadderStep L*
  std::size_t base = 0;     // index of the base colour in steps

  // The step `offset` away from the base (+ lighter), clamped to the ladder's ends.
  Rgba at(int offset) const;
};

struct Lab {
  double l = 0.0, a = 0.0, b = 0.0;  // CIE L*a*b*, D65
};

// CIE L*a*b* of an sRGB colour, D65 white: linearize each channel (IEC 61966-2-1), XYZ, then
// L* = 116 f(Y / Yn) - 16 and a*, b* likewise. Alpha is ignored.
Lab to_lab(Rgba c);
double lightness(Rgba c);  // to_lab(c).l, 0..100

// The point `t` (0..1) of the way from a to b in L*a*b*: the even mix a ladder is made of.
inline Lab lerp(const Lab& a, const Lab& b, double t) {
  return {a.l + (b.l - a.l) * t, a.a + (b.a - a.a) * t, a.b + (b.b - a.b) * t};
}

// The sRGB colour of CIE L*a*b* (D65); chroma is reduced, hue and L* kept, until the colour
// fits the sRGB gamut.
Rgba from_lab(double l_star, double a_star, double b_star, std::uint8_t alpha = 255);
inline Rgba from_lab(const Lab& c, std::uint8_t alpha = 255) { return from_lab(c.l, c.a, c.b, alpha); }

// A ladder around `base`: `below` darker and `above` lighter steps, `step` L* apart
// (clamped to kMaxLadderStep), each with the base's hue and chroma where the gamut allows.
// The base colour itself is kept exactly.
Ladder make_ladder(Rgba base, int below, int above, double step = kDefaultLadderStep);

// A ladder of a material of colour `base` under `light`: the same even L* steps, and step k's
// a*b* moved from the base's toward light.key (k > 0) or light.fill (k < 0) by
// min(1, |k| * share) -- the hue shift of painted light and shade.
Ladder make_lit_ladder(const Lab& base, int below, int above, double step, const Light& light);

struct Palette {
  Light light;     // the key light the figures' highlights and hues follow
  Ladder helmet;   // helmet shell and brim
  Ladder skin;     // face, neck, hands; its darkest step (kEyeStep) is the eye
  Ladder fabric;   // uniform: sleeves, trousers, hips
  Ladder gear;     // plate carrier, shoulder caps, knee pads, belt, radio
  Ladder boots;
  Ladder rifle;
  std::array<Ladder, anim::kTeams> accent;  // by team: the helmet band and the selection mark (one flat step)
  Rgba sky_top{};      // sky at the top of the canvas
  Rgba sky_horizon{};  // sky at the horizon (the ground line under the camera centre)
  Rgba sun{};          // the sun's disc (render/sky.hpp)
  Rgba far_ridge{};    // distant hills: the haze the depth grading leans toward
  Rgba near_ridge{};   // nearer hills
  Ladder ground;       // ground: riser face (-1), fill (0), lit tread edge (+1)
  Rgba stone{};        // stones in the ground fill
  Rgba grass{};        // dry tufts on the surface
  Rgba contact_shadow{};  // the ground under a foot
  Ladder crate;        // boxes: shaded side (-1), faces (0), lit top (+1)
  Rgba ladder_wood{};  // ladder rails and rungs
  Rgba flash_core{};   // a muzzle flash's white-hot centre (a light, not a highlight)
  Rgba flash_outer{};  // its yellow-orange petals
  Rgba brass{};        // an ejected case
  Rgba text{};         // labels drawn over the scene
};

// The game's palette (the value plan above) under sun_light().
Palette default_palette();

// The contact sheets' palette: the figures' materials under studio_light(), on the sheets'
// own paper (render/sheet_style.cpp steps it up from sky_horizon and sky_top, as before).
Palette sheet_palette();

// The palette of a soldier one rank behind others: every figure ladder moved `share` (0..1)
// of the way toward the far ridge's haze in L*a*b* (aerial perspective). The ladders stay
// even (each step shrinks by the same factor) and keep their order.
Palette hazed(const Palette& p, double share);

}  // namespace render
