#pragma once
// Contact-sheet layout (ARCHITECTURE.md render/sheet; reference "Also useful: contact
// sheets"): one row per sampled cycle. A row is two label lines (speed, cadence, stride,
// stance fraction, walk/run, measured foot slide; then the kinematics of issue 10: knee
// flexion at loading, mid-stance, toe-off and in swing, heel rise, swing clearance, the
// pelvis's peak vertical speed and acceleration, trunk lean), a strip of stills drawn at one fixed
// scale each centred on the body, and under it a contact timeline: one bar per foot across
// the cycle, filled while that foot is planted, so double support and flight read at a
// glance. Foot slide, a limping knee and a hitch at the loop point show in a row of stills.
#include "anim/gait_kinematics.hpp"
#include "render/canvas.hpp"
#include "render/palette.hpp"
#include "render/sheet_cycle.hpp"

#include <span>
#include <string>
#include <string_view>

namespace render {

struct SheetOptions {
  // Scale of every still, px per world m; 82 draws a 1.78 m soldier ~146 px tall.
  double px_per_m = 82.0;
  // Each cell shows this much world around the body: wide enough for a sprinter's feet
  // (about 0.9 m either side of the hips) and the muzzle; tall enough for the helmet.
  double cell_width_m = 1.95;
  double cell_height_m = 1.88;  // above the ground line
  // Draw each foot's toe path and the pelvis path over a cycle centred on the still, in
  // WORLD space around that still's body: a planted toe that does not slide collapses to a
  // dot, one that slides draws a smear along the ground.
  bool trails = false;
  std::string title;  // first line of the sheet (empty: none)
};

// A leg bears on the ground: on its foot, or kneeling or crawling on its knee (Rule 7: a knee
// that bears is a contact like a foot). The sheets' contact bars and stance read this.
inline bool leg_bears(const anim::CharacterFrame& f, int side) { return f.contact[side] || f.knee_contact[side]; }

// The measurements a row is labelled with, from the recorded cycle as simulated.
struct RowStats {
  double speed = 0.0;            // m/s, mean |vx|
  double cadence_spm = 0.0;      // steps per minute: two steps per recorded cycle
  double stride = 0.0;           // m per cycle (two steps), distance over the cycle
  double stance_fraction = 0.0;  // share of the cycle each foot is planted (both feet's mean)
  double max_slide = 0.0;        // m, largest horizontal travel of a planted foot's bearing point
  std::string_view gait;         // "walk", "run" (stance fraction above / below 0.5), "stand"
  bool aim = false;              // the row aims at a point
  double aim_deg = 0.0;          // its elevation from the shoulder, degrees
  // anim::KinematicsMeter over the whole sample (the recorded cycle and one either side):
  // a steady gait's foot cycles; an idle row has none.
  anim::GaitKinematics kinematics;
  bool still = false;            // not a cycle: an idle window (standing, kneeling, lying still)
};
RowStats row_stats(const CycleSample& sample);

// The first label line of a row, e.g. "1.40 m/s  113 steps/min  stride 1.49 m  stance 0.61  walk".
std::string row_label(const RowStats& stats);
// The second: its kinematics, e.g. "knee: loading 17  mid-stance 7  toe-off 35  swing 63 deg
// heel rise 40% GC  clearance 1.6 cm  pelvis vy 0.39 m/s  ay 9.0 m/s^2  lean 2.4 deg"; what
// a row has no cycle to measure reads n/a.
std::string row_kinematics_label(const RowStats& stats);

struct SheetSize {
  int width = 0, height = 0;  // px
};
// The size of a sheet of `rows` rows of `stills` stills each, as draw_contact_sheet makes it
// (a sheet of few stills is widened to fit its title, legend and row labels).
SheetSize sheet_size(int rows, int stills, const SheetOptions& options);

// The sheet of `rows` (each a sample_cycle result with at least one still; a row without
// frames is drawn as an empty strip). Every row must have the same number of stills.
Canvas draw_contact_sheet(std::span<const CycleSample> rows, const SheetOptions& options, const Palette& palette);

}  // namespace render
