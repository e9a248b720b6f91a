#include "render/sheet_terrain.hpp"

#include "render/sheet_terrain_parts.hpp"
#include "render/text.hpp"

#include <algorithm>
#include <cstdio>

namespace render {

namespace {

// Fixed parts of the layout, px (as the gait sheet's, render/sheet.cpp).
constexpr int kMargin = 16;    // around the sheet
constexpr int kLeft = 80;      // left of the cells: the profile's "course" label
constexpr int kTitle = 30;     // the title line
constexpr int kRowLabel = 24;  // a row's label line, above its cells
constexpr int kRowGap = 14;    // between a row's profile and the next row's label
constexpr int kTextScale = 2;  // labels at 2x stb_easy_font: ~14 px capitals

int row_height(const CellGeometry& g) { return kRowLabel + g.height + profile_height() + kRowGap; }

}  // namespace

std::string terrain_row_label(const TerrainRun& run) {
  char text[160];
  std::snprintf(text, sizeof text, "%.2f m/s   planted toe, worst over the run: drift %.2f mm, toe to ground %.2f mm",
                run.speed, 1000.0 * run.max_toe_drift, 1000.0 * run.max_toe_ground);
  return text;
}

SheetSize terrain_sheet_size(int rows, int stills, const TerrainSheetOptions& options) {
  const CellGeometry g = terrain_cell_geometry(options);
  rows = std::max(rows, 0);
  stills = std::max(stills, 1);
  return {kLeft + stills * g.width + kMargin, kMargin + kTitle + rows * row_height(g) + kMargin - kRowGap};
}

Canvas draw_terrain_sheet(std::span<const TerrainRun> rows, const anim::Terrain& terrain,
                          const TerrainSheetOptions& options, const Palette& palette) {
  int stills = 1;
  for (const TerrainRun& r : rows) stills = std::max(stills, static_cast<int>(r.stills.size()));
  const SheetSize size = terrain_sheet_size(static_cast<int>(rows.size()), stills, options);
  const SheetStyle st = sheet_style(palette);
  const CellGeometry g = terrain_cell_geometry(options);

  Canvas sheet(size.width, size.height);
  sheet.clear(st.background);
  draw_text(sheet, kLeft, kMargin, options.title, st.text, kTextScale);

  int y = kMargin + kTitle;
  for (const TerrainRun& r : rows) {
    draw_text(sheet, kLeft, y + 4, terrain_row_label(r), st.text, kTextScale);
    const int cells_y = y + kRowLabel;
    if (!r.frames.empty()) {
      for (std::size_t k = 0; k < r.stills.size(); ++k) {
        const Canvas cell = draw_terrain_cell(r, r.stills[k], terrain, g, palette, st);
        sheet.blit(cell, kLeft + static_cast<int>(k) * g.width, cells_y);
      }
      draw_course_profile(sheet, kLeft, cells_y + g.height, stills, g.width, r, terrain, st);
    }
    y += row_height(g);
  }
  return sheet;
}

}  // namespace render
