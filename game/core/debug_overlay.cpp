#include "game/core/debug_overlay.hpp"

#include "game/core/canvas_shapes.hpp"
#include "render/raster.hpp"
#include "render/text.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace game {
namespace {

// Instrument colours: saturated hues the figures' muted palette never uses, so overlay and
// figure never read as one another.
constexpr render::Rgba kBone{110, 225, 255, 230};
constexpr render::Rgba kJoint{255, 255, 255, 240};
constexpr render::Rgba kRifle{255, 220, 90, 220};
constexpr render::Rgba kTarget{255, 150, 40, 255};
constexpr render::Rgba kPlanted{90, 240, 110, 255};
constexpr render::Rgba kOk{225, 235, 225, 255};
constexpr render::Rgba kBad{255, 70, 60, 255};
constexpr render::Rgba kDim{160, 170, 170, 255};
constexpr render::Rgba kBackdrop{10, 14, 18, 170};

void draw_skeleton(render::Canvas& canvas, const render::Camera& cam, const anim::CharacterFrame& f, float s,
                   render::Rgba bone) {
  for (std::size_t j = 1; j < anim::kJointCount; ++j) {
    const std::size_t parent = anim::index(anim::kJointParent[j]);
    render::fill_run(canvas, cam.to_canvas(f.joints[parent]), cam.to_canvas(f.joints[j]), 0.8f * s, bone);
  }
  render::fill_run(canvas, cam.to_canvas(f.rifle.butt), cam.to_canvas(f.rifle.muzzle), 0.7f * s, kRifle);
  for (const anim::vec2& p : f.joints) render::fill_disc(canvas, cam.to_canvas(p), 1.8f * s, kJoint);
}

void draw_cross(render::Canvas& canvas, glm::vec2 c, float r, float w, render::Rgba color) {
  render::fill_run(canvas, c + glm::vec2{-r, -r}, c + glm::vec2{r, r}, w, color);
  render::fill_run(canvas, c + glm::vec2{-r, r}, c + glm::vec2{r, -r}, w, color);
}

void draw_feet(render::Canvas& canvas, const render::Camera& cam, const anim::CharacterFrame& f, float s) {
  for (anim::Side side : anim::kSides) {
    const std::size_t i = anim::index(side);
    draw_cross(canvas, cam.to_canvas(f.foot_target[i]), 3.5f * s, 0.7f * s, kTarget);
    if (f.contact[i]) {
      // A planted toe: a marker sitting on the ground at the plant point.
      const glm::vec2 p = cam.to_canvas(f.plant_world[i]);
      render::fill_run(canvas, p + glm::vec2{0.0f, 2.0f * s}, p + glm::vec2{0.0f, 8.0f * s}, 1.2f * s, kPlanted);
      render::fill_disc(canvas, p, 2.4f * s, kPlanted);
    }
  }
}

void draw_aim(render::Canvas& canvas, const render::Camera& cam, anim::vec2 aim, float s) {
  const glm::vec2 c = cam.to_canvas(aim);
  for (glm::vec2 d : {glm::vec2{1, 0}, glm::vec2{-1, 0}, glm::vec2{0, 1}, glm::vec2{0, -1}})
    render::fill_run(canvas, c + d * (3.0f * s), c + d * (8.0f * s), 0.7f * s, kTarget);
}

std::string format(const char* fmt, double a, double b = 0.0) {
  char buf[128];
  std::snprintf(buf, sizeof buf, fmt, a, b);
  return buf;
}

// The value of one Rule 8 measurement in its display unit.
std::string rule8_value(Rule8 r, double v) {
  switch (r) {
    case Rule8::foot_drift: return format("%8.3f mm", v * 1000.0);
    case Rule8::knee_bend: return format("%+9.5f", v);
    case Rule8::hip_over_leg: return format("%8.3f L", v);
    case Rule8::bone_error: return format("%9.2e m", v);
    default: return format("%9.2e m", v);
  }
}

void draw_panel(render::Canvas& canvas, const OverlayInput& in) {
  const int s = in.ui_scale;
  const int line = 9 * s, x0 = 8 * s, y0 = 8 * s;
  const anim::CharacterFrame& f = *in.simulated;
  const int width = overlay_panel_width(s) - 4 * s;
  fill_rect(canvas, x0 - 4 * s, y0 - 4 * s, x0 + width, overlay_panel_height(s), kBackdrop);

  int y = y0;
  auto text = [&](int x, const std::string& t, render::Rgba c) { render::draw_text(canvas, x, y, t, c, s); };
  char buf[200];
  std::snprintf(buf, sizeof buf, "soldier %zu \"%s\"  state %s  t %.2f s", in.selected + 1, std::string(in.id).c_str(),
                std::string(anim::state_name(f.state)).c_str(), in.sim_time);
  if (in.frame_ms >= 0.0) std::snprintf(buf + std::strlen(buf), sizeof buf - std::strlen(buf), "  frame %.1f ms", in.frame_ms);
  text(x0, buf, kOk);
  y += line;
  std::snprintf(buf, sizeof buf, "phase %.3f  step %lld  speed %.2f m/s  accel %+.2f m/s^2", f.phase,
                static_cast<long long>(f.step), std::abs(f.vx), f.ax);
  text(x0, buf, kOk);
  y += line;
  std::snprintf(buf, sizeof buf, "cadence %.2f steps/s  stride %.2f m  stance fraction %.2f", f.cadence, f.stride,
                f.stance_fraction);
  text(x0, buf, kOk);
  y += line + 3 * s;

  const Rule8Reading& r = in.metrics->reading();
  const int col_now = x0 + 92 * s, col_worst = x0 + 172 * s, col_count = x0 + 262 * s;
  text(x0, "Rule 8", kDim);
  text(col_now, "now", kDim);
  text(col_worst, "worst", kDim);
  text(col_count, "frames bad", kDim);
  y += line;
  for (std::size_t i = 0; i < kRule8Count; ++i) {
    const Rule8 rule = static_cast<Rule8>(i);
    const render::Rgba now_color = r.violated[i] ? kBad : kOk;
    text(x0, std::string(rule8_name(rule)), now_color);
    std::string now = rule8_value(rule, r.value[i]);
    if (rule == Rule8::bone_error && r.turning) now = "  (turning)";
    text(col_now, now, now_color);
    text(col_worst, rule8_value(rule, r.worst[i]), r.violations[i] > 0 ? kBad : kDim);
    // Padded: render::draw_text sizes its glyph buffer per character, and a lone "0" needs more.
    text(col_count, std::to_string(r.violations[i]) + "    ", r.violations[i] > 0 ? kBad : kDim);
    y += line;
  }

  // Contact timeline: the last 2 s, one column per step, near foot above far.
  y += 3 * s;
  text(x0, "contacts 2 s", kDim);
  const auto& contacts = in.metrics->contacts();
  const int tx = x0 + 72 * s, cell = std::max(1, s);
  const int row = 5 * s;
  fill_rect(canvas, tx, y, tx + static_cast<int>(LiveMetrics::kHistory) * cell, y + 2 * row + s,
            render::Rgba{60, 66, 70, 200});
  const int start = static_cast<int>(LiveMetrics::kHistory - contacts.size());
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const int cx = tx + (start + static_cast<int>(k)) * cell;
    if (contacts[k][0]) fill_rect(canvas, cx, y, cx + cell, y + row, kPlanted);
    if (contacts[k][1]) fill_rect(canvas, cx, y + row + s, cx + cell, y + 2 * row + s, render::Rgba{60, 170, 80, 255});
  }
  text(tx + static_cast<int>(LiveMetrics::kHistory) * cell + 6 * s, "near\nfar", kDim);
}

}  // namespace

// The widest line is the contact timeline: 72 label + 240 steps + 6 + "near" (~26), from x0 = 8.
int overlay_panel_width(int ui_scale) { return 360 * ui_scale; }

// Three lines of state, a gap, a heading and the Rule 8 rows, the timeline; 9 units a line
// from y0 = 8 (draw_panel).
int overlay_panel_height(int ui_scale) {
  const int lines = 6 + static_cast<int>(kRule8Count);
  return (8 + 9 * lines + 18) * ui_scale;
}

void draw_debug_overlay(render::Canvas& canvas, const render::Camera& camera, const OverlayInput& in) {
  const float s = static_cast<float>(in.ui_scale) * 0.5f;
  for (std::size_t i = 0; i < in.drawn.size(); ++i)
    draw_skeleton(canvas, camera, in.drawn[i], s, i < in.detail.size() ? render::detail_colour(in.detail[i]) : kBone);
  if (in.selected < in.drawn.size()) draw_feet(canvas, camera, in.drawn[in.selected], s);
  if (in.has_aim) draw_aim(canvas, camera, in.aim_world, s);
  if (in.simulated && in.metrics) draw_panel(canvas, in);
}

}  // namespace game
