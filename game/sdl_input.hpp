#pragma once
// SDL events -> PlayInput (game/core/play_input.hpp): keys through the window-free table of
// game/core/input_map.hpp, the mouse in canvas px, and SDL_GameController with hot-plug.
// The only place SDL's input types appear.
#include "game/core/play_input.hpp"

#include <SDL.h>

#include <bitset>
#include <optional>
#include <vector>

namespace game {

// The sandbox's Key for an SDL scancode (both Shifts and both Ctrls count), if it has one.
std::optional<Key> key_from_scancode(SDL_Scancode code);
// The action of a gamepad button, if it has one (the F1 screen lists the layout).
std::optional<Action> action_for_pad_button(SDL_GameControllerButton button);

class SdlInput {
 public:
  SdlInput() = default;
  ~SdlInput();
  SdlInput(const SdlInput&) = delete;
  SdlInput& operator=(const SdlInput&) = delete;

  // One event. `keyboard` / `mouse` are false while the tuning panel has the focus, so
  // typing a path or dragging a slider does not also walk or fire.
  void handle(const SDL_Event& e, bool keyboard, bool mouse);

  // This frame's input; `canvas_per_point` converts window points to canvas px (high DPI).
  // Clears the per-frame parts (presses, wheel, motion).
  PlayInput take(double canvas_per_point);

  bool quit_requested() const { return quit_; }
  // Closes every gamepad (before SDL_Quit).
  void close();

 private:
  void add_controller(int device_index);
  void remove_controller(SDL_JoystickID id);
  PadState pad_state() const;

  std::bitset<static_cast<std::size_t>(Key::count)> keys_down_;
  ActionSet pad_held_;
  ActionSet pressed_;
  bool mouse_left_ = false;
  bool mouse_in_window_ = false;
  bool mouse_moved_ = false;
  int mouse_x_ = 0, mouse_y_ = 0;  // window points
  double wheel_ = 0.0;
  bool trigger_down_ = false;
  bool quit_ = false;
  std::vector<SDL_GameController*> pads_;
};

}  // namespace game
