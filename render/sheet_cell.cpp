#include "render/camera.hpp"
#include "render/coverage_layer.hpp"
#include "render/figure.hpp"
#include "render/raster.hpp"
#include "render/scene.hpp"
#include "render/sheet_parts.hpp"
#include "render/text.hpp"

#include <algorithm>
#include <cstdio>

namespace render {

namespace {

// The camera of a cell: the still's body x at the horizontal centre, world y = 0 on the
// cell's ground line.
Camera cell_camera(const CellGeometry& g, double body_x) {
  Camera c;
  c.px_per_m = g.px_per_m;
  c.width = g.width;
  c.height = g.height;
  c.center_world = {body_x, (g.ground_y - 0.5 * g.height) / g.px_per_m};
  return c;
}

// The world path of one joint over [first, last), as thin runs composited once (no beads
// where segments meet). Drawn in world space through the still's camera: a toe that stays
// put while planted is a single dot; a sliding one is a smear along the ground.
void draw_path(Canvas& cell, CoverageLayer& layer, const Camera& cam, const CycleSample& s, std::size_t first,
               std::size_t last, anim::Joint joint, Rgba color) {
  for (std::size_t i = first; i + 1 < last; ++i) {
    layer.add_run(cam.to_canvas(s.frames[i].joints[anim::index(joint)]),
                  cam.to_canvas(s.frames[i + 1].joints[anim::index(joint)]), 0.8f);
  }
  layer.composite(cell, color);
}

void draw_trails(Canvas& cell, const Camera& cam, const CycleSample& s, std::size_t still, const SheetStyle& st) {
  // One cycle's worth of frames centred on the still (the sample holds a cycle of context
  // on each side, so stills near the loop point get the whole window too).
  const std::size_t n = s.cycle_end - s.cycle_begin;
  const std::size_t first = still >= n / 2 ? still - n / 2 : 0;
  const std::size_t last = std::min(s.frames.size(), first + n + 1);
  CoverageLayer layer(cell.width(), cell.height());
  draw_path(cell, layer, cam, s, first, last, anim::Joint::toe_far, st.far_foot);
  draw_path(cell, layer, cam, s, first, last, anim::Joint::toe_near, st.near_foot);
  draw_path(cell, layer, cam, s, first, last, anim::Joint::pelvis, st.pelvis_trail);
}

// A disc under each planted toe and each bearing knee, just below the ground line, in that
// leg's colour.
void mark_plants(Canvas& cell, const Camera& cam, const anim::CharacterFrame& f, const CellGeometry& g,
                 const SheetStyle& st) {
  const float radius = 3.5f;
  const float y = static_cast<float>(g.ground_y) + 6.0f;
  // Far first so the near mark is on top where the two share a spot.
  for (anim::Side side : {anim::Side::far, anim::Side::near}) {
    const bool near = side == anim::Side::near;
    const Rgba colour = near ? st.near_foot : st.far_foot;
    const anim::Joint toe = near ? anim::Joint::toe_near : anim::Joint::toe_far;
    const anim::Joint knee = near ? anim::Joint::knee_near : anim::Joint::knee_far;
    if (f.contact[anim::index(side)]) fill_disc(cell, {cam.to_canvas(f.joints[anim::index(toe)]).x, y}, radius, colour);
    if (f.knee_contact[anim::index(side)]) fill_disc(cell, {cam.to_canvas(f.joints[anim::index(knee)]).x, y}, radius, colour);
  }
}

// "0.25" (the gait phase) or "1.3 s" (time into an idle window).
std::string cell_label(const CycleSample& s, std::size_t still) {
  char text[32];
  if (s.periodic) {
    std::snprintf(text, sizeof text, "%.2f", s.u[still]);
  } else {
    std::snprintf(text, sizeof text, "%.1f s", s.frames[still].t - s.frames[s.cycle_begin].t);
  }
  return text;
}

}  // namespace

void draw_cell_frame(Canvas& cell, Rgba edge) {
  for (int x = 0; x < cell.width(); ++x) {
    cell.set_pixel(x, 0, edge);
    cell.set_pixel(x, cell.height() - 1, edge);
  }
  for (int y = 0; y < cell.height(); ++y) {
    cell.set_pixel(0, y, edge);
    cell.set_pixel(cell.width() - 1, y, edge);
  }
}

Canvas draw_cell(const CycleSample& s, std::size_t still, const CellGeometry& g, bool trails, const Palette& palette,
                 const SheetStyle& style) {
  Canvas cell(g.width, g.height);
  cell.clear(style.cell);
  const anim::CharacterFrame& f = s.frames[still];
  const Camera cam = cell_camera(g, f.x);
  draw_ground_line(cell, cam, anim::Terrain{}, style.ground, 2.0f);
  draw_soldier(cell, cam, f, palette);
  // Trails over the figure: a planted toe's dot must not hide under its own boot.
  if (trails) draw_trails(cell, cam, s, still, style);
  mark_plants(cell, cam, f, g, style);
  draw_text(cell, 5, 5, cell_label(s, still), style.text, 2);
  draw_cell_frame(cell, style.cell_edge);
  return cell;
}

}  // namespace render
