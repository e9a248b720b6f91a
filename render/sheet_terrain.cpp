#include "render/sheet_terrain.hpp"

#include "render/sheet_terrain_parts.hpp"
#include "render/text.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace render {

namespace {

// The terrain sheet's frame: a gutter for the profile's "course" label, the course profile
// under each row's cells.
SheetFrame terrain_frame() { return {80, profile_height()}; }

}  // namespace

std::string terrain_row_label(const TerrainRun& run) {
  char text[160];
  std::snprintf(text, sizeof text, "%.2f m/s   planted foot, worst over the run: drift %.2f mm, contact to ground %.2f mm",
                run.speed, 1000.0 * run.max_contact_drift, 1000.0 * run.max_contact_ground);
  return text;
}

SheetSize terrain_sheet_size(int rows, int stills, const TerrainSheetOptions& options) {
  return sheet_frame_size(terrain_frame(), terrain_cell_geometry(options), rows, stills);
}

Canvas draw_terrain_sheet(std::span<const TerrainRun> rows, const anim::Terrain& terrain,
                          const TerrainSheetOptions& options, const Palette& palette) {
  int stills = 1;
  for (const TerrainRun& r : rows) stills = std::max(stills, static_cast<int>(r.stills.size()));
  SheetSize size = terrain_sheet_size(static_cast<int>(rows.size()), stills, options);
  const SheetStyle st = sheet_style(palette);
  const CellGeometry g = terrain_cell_geometry(options);

  const SheetFrame frame = terrain_frame();
  std::vector<std::string> lines = {options.title};
  for (const TerrainRun& r : rows) lines.push_back(terrain_row_label(r));
  size.width = std::max(size.width, sheet_text_width(frame, lines, 0));  // few stills: as wide as the text

  Canvas sheet(size.width, size.height);
  sheet.clear(st.background);
  draw_text(sheet, frame.left, kSheetMargin, options.title, st.text, kSheetTextScale);

  int y = kSheetMargin + kSheetTitle;
  for (const TerrainRun& r : rows) {
    draw_text(sheet, frame.left, y + 4, terrain_row_label(r), st.text, kSheetTextScale);
    const int cells_y = y + sheet_label_height(frame);
    if (!r.frames.empty()) {
      for (std::size_t k = 0; k < r.stills.size(); ++k) {
        const Canvas cell = draw_terrain_cell(r, r.stills[k], terrain, g, palette, st);
        sheet.blit(cell, frame.left + static_cast<int>(k) * g.width, cells_y);
      }
      draw_course_profile(sheet, frame.left, cells_y + g.height, stills, g.width, r, terrain, st);
    }
    y += sheet_row_height(frame, g);
  }
  return sheet;
}

}  // namespace render
