#include "render/sheet_parts.hpp"

#include "render/text.hpp"

#include <cmath>
#include <string>

namespace render {

SheetStyle sheet_style(const Palette& palette) {
  // The light ground of the sheet is the palette's horizon colour stepped up the value
  // ladder (same hue, Rule 9's even steps), so the sheet stays in the game's colour family.
  const Ladder paper = make_ladder(palette.sky_horizon, 0, 4, 13.0);  // L* ~38 -> ~90
  SheetStyle s;
  s.background = paper.at(3);   // L* ~77
  s.cell = paper.at(4);         // L* ~90
  s.cell_edge = paper.at(2);    // L* ~64
  s.text = palette.sky_top;     // L* ~19: dark on light
  s.ground = palette.ground.at(0);
  // Marks: hues chosen away from the figure's olive/coyote/skin (L*a*b* angles ~60-90 deg).
  s.near_foot = from_lab(55.0, 58.0, 48.0);    // vermilion
  s.far_foot = from_lab(48.0, 8.0, -52.0);     // blue
  s.pelvis_trail = from_lab(45.0, 62.0, -30.0);  // magenta
  s.bar_empty = paper.at(4);
  s.flight = from_lab(88.0, -4.0, 40.0);       // pale yellow: both feet off the ground
  return s;
}

CellGeometry cell_geometry(const SheetOptions& o) {
  CellGeometry g;
  g.px_per_m = o.px_per_m;
  g.width = static_cast<int>(std::lround(o.cell_width_m * o.px_per_m));
  g.ground_y = static_cast<int>(std::lround(o.cell_height_m * o.px_per_m));
  // Below the line: the planted-foot marks (a disc ~4 px under the line) and a margin.
  g.height = g.ground_y + 16;
  return g;
}


}  // namespace render
