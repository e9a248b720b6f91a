// The course profile under a terrain-sheet row: the whole stretch the stills cover, in
// side view, with a dot where the soldier was at each still, so each picture above can be
// placed on the course (which step, which end of the slope).
#include "render/raster.hpp"
#include "render/sheet_terrain_parts.hpp"
#include "render/text.hpp"

#include <algorithm>
#include <cmath>

namespace render {

namespace {

constexpr int kPadTop = 6;     // px above the highest ground (room for the dots)
constexpr int kInner = 44;     // px for the course's height range
constexpr int kPadBottom = 4;  // px of ground under the lowest point
// m of world per cell when a row has one still (no spacing to take the scale from).
constexpr double kOneStillSpan = 1.5;

// World x <-> strip px: still k's x (run.still_x[k]) at the centre of cell k.
struct XMap {
  double x0_px = 0.0, first_x = 0.0, px_per_m = 1.0;
  double px(double x) const { return x0_px + (x - first_x) * px_per_m; }
  double world(double px) const { return first_x + (px - x0_px) / px_per_m; }
};

XMap x_map(int x0, int stills, int cell_width, const TerrainRun& run) {
  XMap m;
  m.x0_px = x0 + 0.5 * cell_width;
  m.first_x = run.still_x.empty() ? 0.0 : run.still_x.front();
  const double span = run.still_x.size() > 1 ? run.still_x.back() - run.still_x.front() : kOneStillSpan;
  m.px_per_m = (stills > 1 ? (stills - 1) * cell_width : cell_width) / span;
  return m;
}

}  // namespace

int profile_height() { return kPadTop + kInner + kPadBottom; }

void draw_course_profile(Canvas& sheet, int x0, int y0, int stills, int cell_width, const TerrainRun& run,
                         const anim::Terrain& terrain, const SheetStyle& st) {
  draw_text(sheet, x0 - text_width("course", 2) - 6, y0 + kPadTop + kInner / 2 - 6, "course", st.text, 2);
  const int width = stills * cell_width;
  const XMap xm = x_map(x0, stills, cell_width, run);

  // The height range over the strip sets the vertical scale (never larger than the
  // horizontal one: the slopes may look shallower, never steeper, than they are).
  double lo = 1e9, hi = -1e9;
  for (int px = 0; px < width; ++px) {
    const double h = terrain.height_at(xm.world(x0 + px + 0.5));
    lo = std::min(lo, h);
    hi = std::max(hi, h);
  }
  const double v_px_per_m = std::min(xm.px_per_m, kInner / std::max(hi - lo, 1e-3));
  const double base_px = y0 + kPadTop + kInner;  // where height lo sits
  auto y_px = [&](double h) { return base_px - (h - lo) * v_px_per_m; };

  // Ground: each column filled under the profile, its top pixel by the covered fraction.
  const int bottom = y0 + profile_height();
  for (int px = 0; px < width; ++px) {
    const double top = y_px(terrain.height_at(xm.world(x0 + px + 0.5)));
    for (int y = static_cast<int>(std::floor(top)); y < bottom; ++y) {
      const float cov = std::clamp(static_cast<float>(y + 1 - top), 0.0f, 1.0f);
      sheet.blend_pixel(x0 + px, y, st.ground, cov);
    }
  }
  // The soldier at each still: a dot on the surface under the body as simulated.
  for (std::size_t k : run.stills) {
    const double x = run.frames[k].x;
    fill_disc(sheet, {static_cast<float>(xm.px(x)), static_cast<float>(y_px(terrain.height_at(x)) - 3.0)}, 3.5f,
              st.pelvis_trail);
  }
}

}  // namespace render
