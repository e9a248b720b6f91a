#include "game/core/hud.hpp"

#include "game/core/canvas_shapes.hpp"
#include "game/core/input_map.hpp"
#include "render/raster.hpp"
#include "render/text.hpp"

#include <algorithm>
#include <cstdio>

namespace game {
namespace {

constexpr render::Rgba kText{235, 238, 232, 255};
constexpr render::Rgba kNote{255, 205, 110, 255};
constexpr render::Rgba kMarker{245, 225, 160, 220};
constexpr render::Rgba kBackdrop{10, 14, 18, 175};

// A text block with a backdrop; returns its height in px.
int boxed_text(render::Canvas& canvas, int x, int y, const std::string& text, render::Rgba color, int s) {
  const int w = render::text_width(text, s), h = render::text_height(text, s);
  fill_rect(canvas, x - 4 * s, y - 3 * s, x + w + 4 * s, y + h + 2 * s, kBackdrop);
  render::draw_text(canvas, x, y, text, color, s);
  return h + 6 * s;
}

}  // namespace

std::vector<std::string> help_keyboard_lines() {
  std::vector<std::string> lines = {"KEYBOARD"};
  for (std::size_t a = 0; a < kActionCount; ++a) {
    const Action action = static_cast<Action>(a);
    if (a > index(Action::select_1) && a <= index(Action::select_9)) continue;  // one line for 1-9
    std::string keys;
    for (const KeyBinding& b : key_bindings())
      if (b.action == action) keys += (keys.empty() ? "" : " / ") + std::string(key_name(b.key));
    if (keys.empty()) continue;
    std::string label(action_label(action));
    if (action == Action::select_1) {
      keys = "1-9";
      label = "select soldier";
    }
    lines.push_back(keys + "\t" + label);
  }
  return lines;
}

std::vector<std::string> help_pad_lines() {
  return {"MOUSE",
          "cursor\taim and look",
          "left click\tfire",
          "wheel\tzoom",
          "",
          "GAMEPAD",
          "left stick\tmove (proportional)",
          "LB / L3\tsprint",
          "right stick\taim",
          "RT / RB\tfire",
          "A\tjump",
          "B / X / Y\tcrouch / kneel / prone",
          "D-pad up/down\tladder",
          "D-pad left\tkill",
          "D-pad right\tget up",
          "Start\tpause",
          "Back\tselect next",
          "",
          "F1 closes this"};
}

namespace {

// A block of "key<TAB>label" lines as two aligned sub-columns (the font is proportional,
// so spaces cannot align them). Returns its size in px; draws only when `draw`.
glm::ivec2 table_block(render::Canvas& canvas, int x, int y, const std::vector<std::string>& lines, int s, bool draw) {
  std::string keys, labels;
  for (const std::string& l : lines) {
    const std::size_t tab = l.find('\t');
    keys += l.substr(0, tab) + "\n";
    labels += (tab == std::string::npos ? "" : l.substr(tab + 1)) + "\n";
  }
  const int label_x = render::text_width(keys, s) + 12 * s;
  if (draw) {
    render::draw_text(canvas, x, y, keys, kText, s);
    render::draw_text(canvas, x + label_x, y, labels, kText, s);
  }
  return {label_x + render::text_width(labels, s), std::max(render::text_height(keys, s), render::text_height(labels, s))};
}

// Two columns, at the instruments' scale or smaller if the view is too small for it.
void draw_help(render::Canvas& canvas, int ui) {
  const std::vector<std::string> left = help_keyboard_lines(), right = help_pad_lines();
  const int gap = 40;
  auto size_at = [&](int s) {
    const glm::ivec2 a = table_block(canvas, 0, 0, left, s, false), b = table_block(canvas, 0, 0, right, s, false);
    return glm::ivec2{a.x + b.x + gap * s, std::max(a.y, b.y)};
  };
  int s = ui;
  while (s > 1 && (size_at(s).x > canvas.width() - 24 * s || size_at(s).y > canvas.height() - 24 * s)) --s;
  const glm::ivec2 size = size_at(s);
  const int x = std::max(4, (canvas.width() - size.x) / 2), y = std::max(4, (canvas.height() - size.y) / 2);
  fill_rect(canvas, x - 12 * s, y - 10 * s, x + size.x + 12 * s, y + size.y + 10 * s, render::Rgba{8, 10, 14, 215});
  const glm::ivec2 a = table_block(canvas, x, y, left, s, true);
  table_block(canvas, x + a.x + gap * s, y, right, s, true);
}

}  // namespace

void draw_hud(render::Canvas& canvas, const render::Camera& camera, const HudInput& in) {
  const int s = std::max(1, in.ui_scale);
  if (in.pad_aim) {
    const glm::vec2 c = camera.to_canvas(in.aim_world);
    render::fill_disc(canvas, c, 2.5f * s, kMarker);
  }

  // Notes: stacked at the top centre (right of the F2 panel when it is open), where the eye
  // goes after an unexpected nothing.
  int y = 10 * s;
  for (const std::string& note : in.notes) {
    const int w = render::text_width(note, s);
    y += boxed_text(canvas, std::max(in.notes_left + 8 * s, (canvas.width() - w) / 2), y, note, kNote, s);
  }

  // Clock line, bottom left.
  char buf[200];
  std::snprintf(buf, sizeof buf, "%s x%s  t %.1f s  soldier %zu/%zu%s   F1 controls  F2 overlay  F3 tuning",
                in.paused ? "PAUSED" : "", in.time_scale >= 1.0 ? "1" : (in.time_scale >= 0.5 ? "1/2" : (in.time_scale >= 0.25 ? "1/4" : "1/8")),
                in.sim_time, in.selected_index + 1, in.soldiers, in.pad_connected ? "  gamepad" : "");
  std::string status = buf[0] == ' ' ? std::string(buf + 1) : std::string(buf);
  if (in.frame_ms >= 0.0) {
    // Frame time and the soldiers per level of detail (issue 14: a crowd's cost at a glance).
    std::snprintf(buf, sizeof buf, "   frame %.1f ms  detail near %zu mid %zu far %zu", in.frame_ms, in.per_detail[0],
                  in.per_detail[1], in.per_detail[2]);
    status += buf;
  }
  if (!in.state.empty()) status = in.state + (in.speed_capped ? " (speed capped)" : "") + "   " + status;
  if (in.recording >= 0.0) {
    std::snprintf(buf, sizeof buf, "REC %.1f s (F5 stops)   ", in.recording);
    status = buf + status;
  }
  boxed_text(canvas, 8 * s, canvas.height() - render::text_height(status, s) - 8 * s, status,
             in.paused || in.recording >= 0.0 ? kNote : kText, s);

  if (in.show_help) draw_help(canvas, s);
}

}  // namespace game
