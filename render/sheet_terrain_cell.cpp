// One still of the terrain sheet: the gait cell's figure and planted-foot marks, but over
// the real ground under the soldier (the course polyline filled, as the game draws it)
// instead of a flat line, so a foot in a slope or floating over a tread shows.
#include "render/camera.hpp"
#include "render/figure.hpp"
#include "render/raster.hpp"
#include "render/scene.hpp"
#include "render/sheet_terrain_parts.hpp"
#include "render/text.hpp"

#include <cmath>
#include <cstdio>

namespace render {

namespace {

// Below the ground level, the planted marks sit this far under the surface, px: inside the
// ground fill, clear of the boot's sole.
constexpr float kMarkDepth = 6.0f;
constexpr float kMarkRadius = 3.5f;

// The camera of a cell: the body x at the horizontal centre, the ground level under the
// body on row ground_y. The level (an average over +-0.3 m) moves smoothly across a riser,
// so the figure does not jump 0.3 m in the frame between stills either side of a step.
Camera terrain_cell_camera(const CellGeometry& g, double body_x, const anim::Terrain& terrain) {
  Camera c;
  c.px_per_m = g.px_per_m;
  c.width = g.width;
  c.height = g.height;
  c.center_world = {body_x, terrain.level_at(body_x) + (g.ground_y - 0.5 * g.height) / g.px_per_m};
  return c;
}

// A disc just under the ground surface below each planted toe, in that foot's colour. It
// marks the ground under the toe (not the toe): a toe drawn off its mark is off the ground.
void mark_plants(Canvas& cell, const Camera& cam, const anim::CharacterFrame& f, const anim::Terrain& terrain,
                 const SheetStyle& st) {
  // Far first so the near mark is on top where the two toes share a spot.
  for (anim::Side side : {anim::Side::far, anim::Side::near}) {
    if (!f.contact[anim::index(side)]) continue;
    const anim::Joint toe = side == anim::Side::near ? anim::Joint::toe_near : anim::Joint::toe_far;
    const double x = f.joints[anim::index(toe)].x;
    const glm::vec2 surface = cam.to_canvas({x, terrain.height_at(x)});
    fill_disc(cell, {surface.x, surface.y + kMarkDepth}, kMarkRadius, side == anim::Side::near ? st.near_foot : st.far_foot);
  }
}

}  // namespace

CellGeometry terrain_cell_geometry(const TerrainSheetOptions& o) {
  CellGeometry g;
  g.px_per_m = o.px_per_m;
  g.width = static_cast<int>(std::lround(o.cell_width_m * o.px_per_m));
  g.ground_y = static_cast<int>(std::lround(o.above_m * o.px_per_m));
  g.height = g.ground_y + static_cast<int>(std::lround(o.below_m * o.px_per_m));
  return g;
}

Canvas draw_terrain_cell(const TerrainRun& run, std::size_t frame, const anim::Terrain& terrain,
                         const CellGeometry& g, const Palette& palette, const SheetStyle& style) {
  Canvas cell(g.width, g.height);
  cell.clear(style.cell);
  const anim::CharacterFrame& f = run.frames[frame];
  const Camera cam = terrain_cell_camera(g, f.x, terrain);
  draw_terrain(cell, cam, terrain, palette);
  draw_soldier(cell, cam, f, palette);
  mark_plants(cell, cam, f, terrain, style);
  // The body x above the helmet's corner, the speed down in the ground (always ground at
  // the bottom left: below_m is more than the slope drops over half a cell), so neither
  // label covers the figure.
  char text[32];
  std::snprintf(text, sizeof text, "x %.1f m", f.x);
  draw_text(cell, 5, 5, text, style.text, 2);
  std::snprintf(text, sizeof text, "%.2f m/s", f.vx);
  draw_text(cell, 5, g.height - 19, text, style.cell, 2);
  draw_cell_frame(cell, style.cell_edge);
  return cell;
}

}  // namespace render
