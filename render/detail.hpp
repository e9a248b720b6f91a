#pragma once
// Level of detail by on-screen size (issue 14; seed 001 section 10: the cost per character is
// budgeted like any other system, "LOD-style scaling"). A soldier's level follows his height
// on the canvas, with hysteresis so one standing near a threshold does not flicker between
// levels; each level leaves out only what is too small to be seen at its size, so a change
// of level never shows as a pop:
//   near  every run; highlights by FigureLod's radius rule alone
//   mid   the gear's spring chains solved on every 2nd step (60 Hz, the display's rate), and
//         the gait's feet rolled to lod_roll_tolerance (a thousandth of a px) instead of ~1e-12 rad
//   far   the chains solved on every 4th step and not drawn: the sling's and the strap's
//         webbing is under 0.3 px in radius below far_px, the antenna under 0.15 px
#include "anim/detail_tuning.hpp"
#include "anim/solve_detail.hpp"
#include "render/figure.hpp"

#include <cstdint>

namespace render {

enum class Detail : std::uint8_t { near, mid, far };
inline constexpr int kDetailLevels = 3;

// The thresholds: tuning constants of anim::Tuning (anim/detail_tuning.hpp).
using DetailTuning = anim::DetailTuning;

// The level of a soldier `height_px` tall on the canvas who was at `previous`: a threshold
// crossed by more than the hysteresis changes it, anything less keeps it.
Detail detail_level(double height_px, Detail previous, const DetailTuning& tuning = {});

// The figure's level of detail at `level` (figure.hpp FigureLod): `far` draws no spring chains.
FigureLod figure_lod(Detail level, FigureLod base = {});

// The step_gear `every` (anim/gear.hpp) at `level`: 1, 2 or 4.
int gear_every(Detail level);

// What the pose solve leaves out at `level` (anim::Character::set_detail): nothing near; at
// mid and far the gear solved every gear_every(level) steps and the feet's roll to the
// tuning's lod_roll_tolerance.
anim::SolveDetail solve_detail(Detail level, const DetailTuning& tuning = {});

// The overlay's colour of each level (game/core/debug_overlay: soldiers coloured by level).
Rgba detail_colour(Detail level);

}  // namespace render
