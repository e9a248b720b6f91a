#pragma once
// The heads-up layer over the scene: short notes, the clock (pause, time scale) and the F1
// controls screen (the scene itself marks the selected soldier, render/soldiers.hpp). Drawn after the screenshot copy, so F12
// and --screenshot hold the scene (and the F2 overlay when on) without it.
#include "anim/character_frame.hpp"
#include "render/camera.hpp"
#include "render/canvas.hpp"
#include "render/detail.hpp"

#include <array>

#include <span>
#include <string>
#include <vector>

namespace game {

struct HudInput {
  std::size_t selected_index = 0;
  std::size_t soldiers = 0;
  std::span<const std::string> notes;
  bool paused = false;
  double time_scale = 1.0;
  double sim_time = 0.0;
  bool pad_connected = false;
  bool show_help = false;
  int notes_left = 0;             // px: notes start right of this (the F2 panel's edge)
  bool pad_aim = false;           // draw the aim point (no OS cursor shows a stick's aim)
  anim::vec2 aim_world{};
  double recording = -1.0;        // s recorded so far (F5, --record); < 0: not recording
  double frame_ms = -1.0;         // wall time of the last frame's update + draw, ms; < 0: not shown
  std::array<std::size_t, render::kDetailLevels> per_detail{};  // soldiers at each level of detail
  std::string state;              // the selected soldier's state (trace name), "" to leave it out
  bool speed_capped = false;      // his posture caps the requested speed (issue 11: the HUD says so)
  int ui_scale = 2;
};

void draw_hud(render::Canvas& canvas, const render::Camera& camera, const HudInput& in);

// The F1 screen in two columns: every key binding by action; then mouse and gamepad.
std::vector<std::string> help_keyboard_lines();
std::vector<std::string> help_pad_lines();

}  // namespace game
