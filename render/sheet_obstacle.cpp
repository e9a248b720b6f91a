#include "render/sheet_obstacle.hpp"

#include "render/camera.hpp"
#include "render/figure.hpp"
#include "render/raster.hpp"
#include "render/scene.hpp"
#include "render/sheet_parts.hpp"
#include "render/text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace render {

namespace {

constexpr double kMargin = 0.35;     // m of world round everything the move reaches
constexpr float kMarkRadius = 4.0f;  // px
constexpr int kLegend = 330;         // px the legend takes after the title

// The view every still shares: everything the body reaches during the move, and the
// obstacles' tops, with a margin.
Camera obstacle_camera(const ObstacleRun& run, double px_per_m) {
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
  for (std::size_t i = run.first; i <= run.last; ++i)
    for (const anim::vec2& p : run.frames[i].joints) {
      x0 = std::min(x0, p.x), x1 = std::max(x1, p.x);
      y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
    }
  y0 = std::min(y0, 0.0);  // the ground in front stays in view
  Camera c;
  c.px_per_m = px_per_m;
  c.width = static_cast<int>(std::lround((x1 - x0 + 2.0 * kMargin) * px_per_m));
  c.height = static_cast<int>(std::lround((y1 - y0 + 2.0 * kMargin) * px_per_m));
  c.center_world = {0.5 * (x0 + x1), 0.5 * (y0 + y1)};
  return c;
}

void mark_contacts(Canvas& cell, const Camera& cam, const anim::CharacterFrame& f, const SheetStyle& st) {
  using anim::Joint;
  for (anim::Side s : {anim::Side::far, anim::Side::near}) {
    const std::size_t i = anim::index(s);
    const Rgba colour = s == anim::Side::near ? st.near_foot : st.far_foot;
    if (f.contact[i]) fill_disc(cell, cam.to_canvas(f.joints[anim::index(s == anim::Side::near ? Joint::toe_near : Joint::toe_far)]), kMarkRadius, colour);
    if (f.hand_contact[i]) {
      const glm::vec2 p = cam.to_canvas(f.joints[anim::index(s == anim::Side::near ? Joint::hand_near : Joint::hand_far)]);
      fill_disc(cell, p, kMarkRadius + 1.5f, st.pelvis_trail);
      fill_disc(cell, p, kMarkRadius - 1.0f, colour);
    }
  }
}

Canvas draw_obstacle_cell(const ObstacleRun& run, std::size_t frame, const Camera& cam, const Palette& palette,
                          const SheetStyle& st) {
  Canvas cell(cam.width, cam.height);
  cell.clear(st.cell);
  const anim::CharacterFrame& f = run.frames[frame];
  draw_terrain(cell, cam, run.course.terrain, palette);
  draw_soldier(cell, cam, f, palette);
  mark_contacts(cell, cam, f, st);
  char text[48];
  std::snprintf(text, sizeof text, "+%.2f s", f.t - run.frames[run.first].t);
  draw_text(cell, 5, 5, text, st.text, 2);
  draw_cell_frame(cell, st.cell_edge);
  return cell;
}

}  // namespace

std::string obstacle_row_label(const ObstacleRun& run, const ObstacleRequest& r) {
  const double h = r.height > 0.0 ? r.height : default_obstacle_height(r.move);
  char text[200];
  if (!run.found) {
    std::snprintf(text, sizeof text, "%s %.2f m at %.2f m/s: the move did not happen", obstacle_move_name(r.move).data(), h, r.speed);
    return text;
  }
  std::snprintf(text, sizeof text, "%s %.2f m at %.2f m/s: %.2f s, worst step %.1f cm (%s), closest joint to a box %+.1f cm",
                obstacle_move_name(r.move).data(), h, r.speed, run.duration, 100.0 * run.worst_step.distance,
                anim::joint_name(run.worst_step.joint).data(), 100.0 * run.closest.distance);
  return text;
}

Canvas draw_obstacle_sheet(const ObstacleRun& run, const ObstacleRequest& r, const ObstacleSheetOptions& o,
                           const Palette& palette) {
  const SheetStyle st = sheet_style(palette);
  const std::string label = obstacle_row_label(run, r);
  const std::string legend = "feet planted: toe disc   hands holding on: ringed disc";
  const int left = kSheetMargin;
  Camera cam;
  cam.width = cam.height = 0;
  if (run.found) cam = obstacle_camera(run, o.px_per_m);
  const int stills = static_cast<int>(run.stills.size());
  int width = std::max({left + stills * cam.width + kSheetMargin, left + text_width(label, kSheetTextScale) + kSheetMargin,
                        left + text_width(o.title, kSheetTextScale) + kLegend + kSheetMargin});
  const int height = kSheetMargin + kSheetTitle + kSheetRowLabel + cam.height + kSheetMargin;
  Canvas sheet(width, height);
  sheet.clear(st.background);
  draw_text(sheet, left, kSheetMargin, o.title, st.text, kSheetTextScale);
  draw_text(sheet, left + text_width(o.title, kSheetTextScale) + 24, kSheetMargin, legend, st.text, kSheetTextScale);
  const int y = kSheetMargin + kSheetTitle;
  draw_text(sheet, left, y + 4, label, st.text, kSheetTextScale);
  for (int k = 0; k < stills; ++k)
    sheet.blit(draw_obstacle_cell(run, run.stills[static_cast<std::size_t>(k)], cam, palette, st), left + k * cam.width,
               y + kSheetRowLabel);
  return sheet;
}

}  // namespace render
