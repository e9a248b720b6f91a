#pragma once
// The death contact sheet (`contact-sheet --death`, issue 13): one row per starting situation
// (standing, walking, running; the blow), each a strip of stills evenly spaced in time from
// the death through the fall, the rest and the get-up to standing, drawn over the ground at
// one scale, each centred on the body, labelled with its time and state. A fall that slides
// or jitters, a get-up that pops or floats, shows in a row.
#include "render/canvas.hpp"
#include "render/palette.hpp"
#include "render/sheet.hpp"
#include "render/sheet_death_run.hpp"

#include <span>
#include <string>

namespace render {

struct DeathSheetOptions {
  double px_per_m = 82.0;       // the gait sheet's scale, so the sheets compare
  double cell_width_m = 2.4;    // m of world around the body: a man lying full length
  double above_m = 1.95;        // m above the ground: standing, the helmet
  double below_m = 0.3;         // m below it: room for the labels
  std::string title;            // first line of the sheet (empty: none)
};

// The label line of a row, e.g. "walk 1.40 m/s, hit (3.0, 0.5) m/s: still after 2.1 s, ...".
std::string death_row_label(const DeathRun& run);

SheetSize death_sheet_size(int rows, int stills, const DeathSheetOptions& options);

Canvas draw_death_sheet(std::span<const DeathRun> rows, const DeathSheetOptions& options, const Palette& palette);

}  // namespace render
