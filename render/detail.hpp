#pragma once
// Level of detail by on-screen size (issue 14; seed 001 section 10: the cost per character is
// budgeted like any other system, "LOD-style scaling"). A soldier's level follows his height
// on the canvas, with hysteresis so one standing near a threshold does not flicker between
// levels; each level leaves out only what is too small to be seen at its size, so a change
// of level never shows as a pop:
//   near  every run; highlights by FigureLod's radius rule alone
//   mid   the gear's spring chains solved on every 2nd step (60 Hz, the display's rate)
//   far   the chains solved on every 4th step and not drawn: the sling's and the strap's
//         webbing is under 0.3 px in radius below far_px, the antenna under 0.15 px
#include "render/figure.hpp"

#include <cstdint>

namespace render {

enum class Detail : std::uint8_t { near, mid, far };
inline constexpr int kDetailLevels = 3;

// The thresholds (tuning constants), in canvas px of body height.
struct DetailTuning {
  // Below this a soldier is `mid`, px, 20..400. 120 px: the size where the game's camera
  // starts to frame a squad rather than a man (a 1.78 m soldier at 67 px/m); his gear still
  // moves at the display's 60 Hz.
  double mid_px = 120.0;
  // Below this a soldier is `far`, px, 10..200, < mid_px. 45 px: the chains' webbing
  // (FigureSizes::sling 0.011 m, strap 0.012 m of 1.78 m) is 0.28-0.30 px in radius, a
  // faint tint of one pixel; the antenna (0.006 m) 0.15 px.
  double far_px = 45.0;
  // A soldier changes level only this far past a threshold, px, 0..20: 4 px is ~7% of a
  // 57 px soldier, more than a walk's bob of the head (~3%) or a crouch's first frames.
  double hysteresis_px = 4.0;
};

// The level of a soldier `height_px` tall on the canvas who was at `previous`: a threshold
// crossed by more than the hysteresis changes it, anything less keeps it.
Detail detail_level(double height_px, Detail previous, const DetailTuning& tuning = {});

// The figure's level of detail at `level` (figure.hpp FigureLod): `far` draws no spring chains.
FigureLod figure_lod(Detail level, FigureLod base = {});

// The step_gear `every` (anim/gear.hpp) at `level`: 1, 2 or 4.
int gear_every(Detail level);

// The overlay's colour of each level (game/core/debug_overlay: soldiers coloured by level).
Rgba detail_colour(Detail level);

}  // namespace render
