#pragma once
// The obstacle contact sheet (`contact-sheet --obstacle vault|climb|ladder|drop [--height H]`):
// one move as a strip of stills evenly spaced in time, all from one fixed camera on the
// obstacle (so the strip reads as the move's progress), the contacts marked: a disc on each
// planted foot's ball and on each hand that holds on (a top, an edge, a rung). The label line
// gives the move's duration, its worst per-step joint move (Rule 8) and the closest any joint
// came to a box.
#include "render/canvas.hpp"
#include "render/palette.hpp"
#include "render/sheet_obstacle_run.hpp"

#include <string>

namespace render {

struct ObstacleSheetOptions {
  double px_per_m = 82.0;  // the gait sheet's scale, so the sheets compare
  std::string title;       // first line of the sheet (empty: none)
};

// "vault 0.45 m at 1.40 m/s: 2.15 s, worst step 7.2 cm (knee_near), closest to a box +2.0 cm".
std::string obstacle_row_label(const ObstacleRun& run, const ObstacleRequest& request);

Canvas draw_obstacle_sheet(const ObstacleRun& run, const ObstacleRequest& request, const ObstacleSheetOptions& options,
                           const Palette& palette);

}  // namespace render
