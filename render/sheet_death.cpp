#include "render/sheet_death.hpp"

#include "render/camera.hpp"
#include "render/figure.hpp"
#include "render/scene.hpp"
#include "render/sheet_parts.hpp"
#include "render/sheet_terrain.hpp"
#include "render/sheet_terrain_parts.hpp"
#include "render/text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace render {

namespace {

// No strip under a row: the state is in each still's label.
SheetFrame death_frame() { return {kSheetMargin, 0}; }

// A cell as the terrain sheet lays one out: so much world around the body, above and below
// the ground.
CellGeometry death_cell_geometry(const DeathSheetOptions& o) {
  TerrainSheetOptions t;
  t.px_per_m = o.px_per_m;
  t.cell_width_m = o.cell_width_m;
  t.above_m = o.above_m;
  t.below_m = o.below_m;
  return terrain_cell_geometry(t);
}

// One still: the body centred on its pelvis, over the flat ground, its time since the death
// and its state under the ground line.
Canvas draw_death_cell(const DeathRun& run, std::size_t still, const CellGeometry& g, const Palette& palette,
                       const SheetStyle& style) {
  Canvas cell(g.width, g.height);
  cell.clear(style.cell);
  const anim::CharacterFrame& f = run.frames[run.stills[still]];
  Camera cam;
  cam.px_per_m = g.px_per_m;
  cam.width = g.width;
  cam.height = g.height;
  cam.center_world = {f.joints[anim::index(anim::Joint::pelvis)].x, (g.ground_y - 0.5 * g.height) / g.px_per_m};
  const anim::Terrain flat;
  draw_terrain(cell, cam, flat, palette);
  draw_soldier(cell, cam, f, palette);
  char text[48];
  std::snprintf(text, sizeof text, "%.2f s %s", f.t - run.frames.front().t, std::string(anim::state_name(f.state)).c_str());
  draw_text(cell, 5, g.height - 19, text, style.cell, 2);
  draw_cell_frame(cell, style.cell_edge);
  return cell;
}

}  // namespace

std::string death_row_label(const DeathRun& run) {
  const DeathRunRequest& q = run.request;
  const char* gait = q.speed <= 0.05 ? "standing" : (q.speed < 2.0 ? "walking" : "running");
  char text[200];
  std::snprintf(text, sizeof text, "%s %.2f m/s, hit (%.1f, %.1f) m/s: still after %.2f s, up at %.2f s, standing at %.2f s; "
                "get-up worst step %.1f cm",
                gait, q.speed, q.impulse.x, q.impulse.y, run.rest_at, run.get_up_at, run.stood_at, 100.0 * run.worst_step);
  return text;
}

SheetSize death_sheet_size(int rows, int stills, const DeathSheetOptions& options) {
  return sheet_frame_size(death_frame(), death_cell_geometry(options), rows, stills);
}

Canvas draw_death_sheet(std::span<const DeathRun> rows, const DeathSheetOptions& options, const Palette& palette) {
  int stills = 1;
  for (const DeathRun& r : rows) stills = std::max(stills, static_cast<int>(r.stills.size()));
  SheetSize size = death_sheet_size(static_cast<int>(rows.size()), stills, options);
  const SheetStyle st = sheet_style(palette);
  const CellGeometry g = death_cell_geometry(options);
  const SheetFrame frame = death_frame();
  std::vector<std::string> lines = {options.title};
  for (const DeathRun& r : rows) lines.push_back(death_row_label(r));
  size.width = std::max(size.width, sheet_text_width(frame, lines, 0));

  Canvas sheet(size.width, size.height);
  sheet.clear(st.background);
  draw_text(sheet, frame.left, kSheetMargin, options.title, st.text, kSheetTextScale);
  int y = kSheetMargin + kSheetTitle;
  for (const DeathRun& r : rows) {
    draw_text(sheet, frame.left, y + 4, death_row_label(r), st.text, kSheetTextScale);
    const int cells_y = y + kSheetRowLabel;
    for (std::size_t k = 0; k < r.stills.size(); ++k)
      sheet.blit(draw_death_cell(r, k, g, palette, st), frame.left + static_cast<int>(k) * g.width, cells_y);
    y += sheet_row_height(frame, g);
  }
  return sheet;
}

}  // namespace render
