#pragma once
// One frame of player input from every device, already device-neutral: the SDL layer
// (game/sdl_input.cpp) fills it from events, the headless test fills it from a script.
#include "game/core/input_map.hpp"

#include <glm/vec2.hpp>

namespace game {

// A gamepad's analogue state, each axis -1..1 with y UP (SDL's y points down; the SDL
// layer flips it).
struct PadState {
  bool connected = false;
  double left_x = 0.0, left_y = 0.0;
  double right_x = 0.0, right_y = 0.0;
};

struct PlayInput {
  ActionSet held;               // actions down now (keys, mouse buttons, pad buttons)
  ActionSet pressed;            // actions that went down since the last frame
  bool mouse_in_window = false;
  bool mouse_moved = false;     // the cursor moved this frame: aim follows the mouse again
  glm::vec2 mouse_canvas{};     // cursor in canvas px (already scaled for high DPI)
  double wheel = 0.0;           // wheel clicks this frame, + zooms in
  PadState pad;
};

}  // namespace game
