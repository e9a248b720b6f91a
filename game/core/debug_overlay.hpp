#pragma once
// F2: the debug overlay drawn into the canvas (issue 4 "Instruments"): skeleton lines and
// joints of every soldier; for the selected one the foot targets, planted markers, phase,
// step count, speed, a 2 s contact timeline and the live Rule 8 measurements, red the
// moment one is violated. Draw only: it reads frames and measurements, changes nothing.
#include "anim/character_frame.hpp"
#include "game/core/live_metrics.hpp"
#include "render/camera.hpp"
#include "render/canvas.hpp"
#include "render/detail.hpp"

#include <span>
#include <string>

namespace game {

struct OverlayInput {
  std::span<const anim::CharacterFrame> drawn;  // interpolated frames, what the figures show
  const anim::CharacterFrame* simulated = nullptr;  // the selected soldier's last simulated frame
  const LiveMetrics* metrics = nullptr;             // ... and its measurements
  std::size_t selected = 0;
  std::string_view id;    // the selected soldier's id
  bool has_aim = false;
  anim::vec2 aim_world{};
  double sim_time = 0.0;  // s
  double frame_ms = 0.0;  // wall time of the last frame's update + draw, ms; < 0: not shown (headless)
  int ui_scale = 2;       // font and line scale, canvas px per font unit
  std::span<const render::Detail> detail;  // each drawn soldier's level of detail: his skeleton
                                           // in its colour (render/detail_colour); empty: white
};

// Width of the overlay's text panel at `ui_scale`, px (the HUD keeps its notes clear of it).
int overlay_panel_width(int ui_scale);
// Height of the same panel from the canvas's top, px (a headless frame keeps its subject below it).
int overlay_panel_height(int ui_scale);

void draw_debug_overlay(render::Canvas& canvas, const render::Camera& camera, const OverlayInput& in);

}  // namespace game
