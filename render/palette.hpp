#pragma once
// Value ladders in CIE L* (ARCHITECTURE.md render/palette): every material is a ladder of
// colours of one hue stepping evenly in lightness, "an even value ladder beats a big jump":
// a reference garment steps ~16 L* at a time and never more than 18 (Rule 9, "Drawing with
// discs"). Near limbs use a ladder's base, far limbs one step darker, highlights one step up.
#include "render/canvas.hpp"

#include <glm/vec2.hpp>

#include <cstddef>
#include <vector>

namespace render {

// Largest allowed L* difference between adjacent steps of a ladder (Rule 9).
inline constexpr double kMaxLadderStep = 18.0;
// The step used by default: ~16 as in the reference garment, with room under the maximum
// for 8-bit rounding.
inline constexpr double kDefaultLadderStep = 15.0;

// Offsets from a ladder's base for the three uses every part has.
inline constexpr int kNearStep = 0;        // near limbs, body
inline constexpr int kFarStep = -1;        // far limbs: one step darker (depth cue)
inline constexpr int kHighlightStep = 1;   // the lit side's tangent highlight

// The direction TOWARD the light, canvas px (y down), unit length: light from the upper
// left, 60 degrees above the horizon. The one place this direction is written down.
inline glm::vec2 light_dir_px() { return {-0.5f, -0.8660254f}; }

struct Ladder {
  std::vector<Rgba> steps;  // darkest first; adjacent steps differ by <= kMaxLadderStep L*
  std::size_t base = 0;     // index of the base colour in steps

  // The step `offset` away from the base (+ lighter), clamped to the ladder's ends.
  Rgba at(int offset) const;
};

// CIE L* (0..100) of an sRGB colour, D65 white: linearize each channel (IEC 61966-2-1),
// relative luminance Y, then L* = 116 f(Y / Yn) - 16. Alpha is ignored.
double lightness(Rgba c);

// The sRGB colour of CIE L*a*b* (D65); chroma is reduced, hue and L* kept, until the colour
// fits the sRGB gamut.
Rgba from_lab(double l_star, double a_star, double b_star, std::uint8_t alpha = 255);

// A ladder around `base`: `below` darker and `above` lighter steps, `step` L* apart
// (clamped to kMaxLadderStep), each with the base's hue and chroma where the gamut allows.
// The base colour itself is kept exactly.
Ladder make_ladder(Rgba base, int below, int above, double step = kDefaultLadderStep);

struct Palette {
  Ladder helmet;   // helmet shell and brim
  Ladder skin;     // face, neck, hands
  Ladder fabric;   // uniform: sleeves, trousers, hips
  Ladder gear;     // plate carrier, shoulder caps, knee pads, belt
  Ladder boots;
  Ladder rifle;
  Rgba sky_top{};      // background gradient, top of the canvas
  Rgba sky_horizon{};  // background gradient at the horizon (behind the figures' feet)
  Ladder ground;       // ground fill (base), its lit top edge (+1)
  Ladder crate;        // boxes
  Rgba ladder_wood{};  // ladder rails and rungs
  Rgba text{};         // labels on sheets and HUD
};

// The game's palette: muted dusk background with the figures lighter than it, so nothing
// on a soldier (boots included) reads as a hole in the background (Rule 9 review 1).
Palette default_palette();

}  // namespace render
