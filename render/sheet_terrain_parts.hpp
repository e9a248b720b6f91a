#pragma once
// The pieces render/sheet_terrain.cpp assembles: one still over the real ground, and the
// course profile strip under a row. Internal to the terrain sheet; see render/sheet_terrain.hpp.
#include "render/sheet_parts.hpp"
#include "render/sheet_terrain.hpp"

#include <cstddef>

namespace render {

// Where things sit in a terrain cell, px: the body at the horizontal centre, the ground level
// under the body (Terrain::level_at) on row ground_y.
CellGeometry terrain_cell_geometry(const TerrainSheetOptions& options);

// One still: frame `frame` of `run` over `terrain` drawn as the filled ground, its planted
// toes marked just under the ground surface below them, its x and speed as a label.
Canvas draw_terrain_cell(const TerrainRun& run, std::size_t frame, const anim::Terrain& terrain,
                         const CellGeometry& g, const Palette& palette, const SheetStyle& style);

// Height of the profile strip under a row, px.
int profile_height();

// The course's profile under a strip of `stills` cells of `cell_width` px whose left edge
// is at x0: world x maps linearly so each still's body x sits under the centre of its cell;
// heights are drawn at their own (smaller) scale to fit the strip. A dot marks the body at
// each still. Labels go to the left of x0.
void draw_course_profile(Canvas& sheet, int x0, int y0, int stills, int cell_width, const TerrainRun& run,
                         const anim::Terrain& terrain, const SheetStyle& style);

}  // namespace render
