#pragma once
// The terrain contact sheet (`contact-sheet --terrain`, issue 6 "What a person sees"): one
// row per speed, each a soldier crossing the fixed course (render/sheet_course) from the
// slope up to the slope down. A row is a label line (speed, the run's worst planted-toe
// drift and toe-to-ground error), a strip of stills spaced evenly in distance, each drawn
// over the real ground under the soldier, and under it the course's profile with the
// soldier's place at each still marked, so a still can be found on the course.
#include "anim/terrain.hpp"
#include "render/canvas.hpp"
#include "render/palette.hpp"
#include "render/sheet.hpp"
#include "render/sheet_terrain_run.hpp"

#include <span>
#include <string>

namespace render {

struct TerrainSheetOptions {
  // Scale of every still, px per world m: the gait sheet's, so the two sheets compare.
  double px_per_m = 82.0;
  double cell_width_m = 1.95;  // m of world around the body: a runner's feet and the muzzle
  // Each cell is centred on the ground LEVEL under the body (anim::Terrain::level_at); it
  // shows this much above it (the helmet, with a foot up a 0.3 m step) and below it (the
  // ground falling away down a 20 deg slope, 0.36 m over half a cell, and a step down).
  double above_m = 2.05;
  double below_m = 0.6;
  std::string title;  // first line of the sheet (empty: none)
};

// The label line of a row, e.g. "1.40 m/s   planted foot, worst over the run: drift 0.40 mm,
// contact to ground 1.10 mm".
std::string terrain_row_label(const TerrainRun& run);

// The size of a sheet of `rows` rows of `stills` stills each, as draw_terrain_sheet makes it.
SheetSize terrain_sheet_size(int rows, int stills, const TerrainSheetOptions& options);

// The sheet of `rows` (sample_terrain_run results over `terrain`; a row without frames is
// drawn as its label alone). Every row should have the same number of stills.
Canvas draw_terrain_sheet(std::span<const TerrainRun> rows, const anim::Terrain& terrain,
                          const TerrainSheetOptions& options, const Palette& palette);

}  // namespace render
