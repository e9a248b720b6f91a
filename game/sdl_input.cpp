#include "game/sdl_input.hpp"

#include <algorithm>

namespace game {
namespace {

constexpr double kTriggerFire = 0.5;  // share of the trigger's travel that fires

double axis(SDL_GameController* pad, SDL_GameControllerAxis a) {
  return std::clamp(SDL_GameControllerGetAxis(pad, a) / 32767.0, -1.0, 1.0);
}

}  // namespace

std::optional<Key> key_from_scancode(SDL_Scancode code) {
  switch (code) {
    case SDL_SCANCODE_A: return Key::a;
    case SDL_SCANCODE_D: return Key::d;
    case SDL_SCANCODE_W: return Key::w;
    case SDL_SCANCODE_S: return Key::s;
    case SDL_SCANCODE_C: return Key::c;
    case SDL_SCANCODE_Z: return Key::z;
    case SDL_SCANCODE_X: return Key::x;
    case SDL_SCANCODE_K: return Key::k;
    case SDL_SCANCODE_R: return Key::r;
    case SDL_SCANCODE_P: return Key::p;
    case SDL_SCANCODE_LEFT: return Key::left;
    case SDL_SCANCODE_RIGHT: return Key::right;
    case SDL_SCANCODE_UP: return Key::up;
    case SDL_SCANCODE_DOWN: return Key::down;
    case SDL_SCANCODE_SPACE: return Key::space;
    case SDL_SCANCODE_TAB: return Key::tab;
    case SDL_SCANCODE_LSHIFT: case SDL_SCANCODE_RSHIFT: return Key::shift;
    case SDL_SCANCODE_LCTRL: case SDL_SCANCODE_RCTRL: return Key::ctrl;
    case SDL_SCANCODE_PERIOD: return Key::period;
    case SDL_SCANCODE_LEFTBRACKET: return Key::left_bracket;
    case SDL_SCANCODE_RIGHTBRACKET: return Key::right_bracket;
    case SDL_SCANCODE_1: return Key::num1;
    case SDL_SCANCODE_2: return Key::num2;
    case SDL_SCANCODE_3: return Key::num3;
    case SDL_SCANCODE_4: return Key::num4;
    case SDL_SCANCODE_5: return Key::num5;
    case SDL_SCANCODE_6: return Key::num6;
    case SDL_SCANCODE_7: return Key::num7;
    case SDL_SCANCODE_8: return Key::num8;
    case SDL_SCANCODE_9: return Key::num9;
    case SDL_SCANCODE_F1: return Key::f1;
    case SDL_SCANCODE_F2: return Key::f2;
    case SDL_SCANCODE_F3: return Key::f3;
    case SDL_SCANCODE_F5: return Key::f5;
    case SDL_SCANCODE_F12: return Key::f12;
    case SDL_SCANCODE_ESCAPE: return Key::escape;
    default: return std::nullopt;
  }
}

std::optional<Action> action_for_pad_button(SDL_GameControllerButton button) {
  switch (button) {
    case SDL_CONTROLLER_BUTTON_A: return Action::jump;
    case SDL_CONTROLLER_BUTTON_B: return Action::crouch;
    case SDL_CONTROLLER_BUTTON_X: return Action::kneel;
    case SDL_CONTROLLER_BUTTON_Y: return Action::prone;
    case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: return Action::fire;
    case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: return Action::sprint;
    case SDL_CONTROLLER_BUTTON_LEFTSTICK: return Action::sprint;
    case SDL_CONTROLLER_BUTTON_DPAD_UP: return Action::climb_up;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return Action::climb_down;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return Action::kill;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return Action::get_up;
    case SDL_CONTROLLER_BUTTON_START: return Action::pause;
    case SDL_CONTROLLER_BUTTON_BACK: return Action::select_next;
    default: return std::nullopt;
  }
}

SdlInput::~SdlInput() { close(); }

void SdlInput::close() {
  for (SDL_GameController* p : pads_) SDL_GameControllerClose(p);
  pads_.clear();
}

void SdlInput::add_controller(int device_index) {
  if (!SDL_IsGameController(device_index)) return;
  SDL_GameController* pad = SDL_GameControllerOpen(device_index);
  if (!pad) return;
  // SDL reports pads present at start as "added" too: never hold one twice.
  const SDL_JoystickID id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(pad));
  for (SDL_GameController* p : pads_) {
    if (SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(p)) == id) {
      SDL_GameControllerClose(pad);
      return;
    }
  }
  pads_.push_back(pad);
}

void SdlInput::remove_controller(SDL_JoystickID id) {
  for (auto it = pads_.begin(); it != pads_.end(); ++it) {
    if (SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(*it)) != id) continue;
    SDL_GameControllerClose(*it);
    pads_.erase(it);
    pad_held_.reset();  // a pulled pad must not leave a button held
    return;
  }
}

void SdlInput::handle(const SDL_Event& e, bool keyboard, bool mouse) {
  switch (e.type) {
    case SDL_QUIT: quit_ = true; break;
    case SDL_KEYDOWN:
    case SDL_KEYUP: {
      const std::optional<Key> key = key_from_scancode(e.key.keysym.scancode);
      if (!key) break;
      const bool down = e.type == SDL_KEYDOWN;
      // Releases always count (a key held while the panel took focus must not stick).
      if (!down) {
        keys_down_.reset(static_cast<std::size_t>(*key));
        break;
      }
      const std::optional<Action> action = action_for_key(*key);
      // F-keys and Esc work even while the panel has the keyboard.
      const bool global = action && (*action == Action::toggle_panel || *action == Action::toggle_help ||
                                     *action == Action::toggle_overlay || *action == Action::screenshot);
      if (!keyboard && !global) break;
      keys_down_.set(static_cast<std::size_t>(*key));
      if (action && e.key.repeat == 0) pressed_.set(index(*action));
      break;
    }
    case SDL_MOUSEMOTION:
      mouse_x_ = e.motion.x;
      mouse_y_ = e.motion.y;
      mouse_in_window_ = true;
      mouse_moved_ = mouse_moved_ || mouse;
      break;
    case SDL_MOUSEBUTTONDOWN:
      if (e.button.button == SDL_BUTTON_LEFT && mouse) {
        mouse_left_ = true;
        pressed_.set(index(Action::fire));
      }
      break;
    case SDL_MOUSEBUTTONUP:
      if (e.button.button == SDL_BUTTON_LEFT) mouse_left_ = false;
      break;
    case SDL_MOUSEWHEEL:
      if (mouse) wheel_ += (e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -1.0 : 1.0) * e.wheel.y;
      break;
    case SDL_WINDOWEVENT:
      if (e.window.event == SDL_WINDOWEVENT_ENTER) mouse_in_window_ = true;
      if (e.window.event == SDL_WINDOWEVENT_LEAVE) mouse_in_window_ = false;
      if (e.window.event == SDL_WINDOWEVENT_FOCUS_LOST) keys_down_.reset();  // no stuck keys
      break;
    case SDL_CONTROLLERDEVICEADDED: add_controller(e.cdevice.which); break;
    case SDL_CONTROLLERDEVICEREMOVED: remove_controller(e.cdevice.which); break;
    case SDL_CONTROLLERBUTTONDOWN:
    case SDL_CONTROLLERBUTTONUP: {
      const auto action = action_for_pad_button(static_cast<SDL_GameControllerButton>(e.cbutton.button));
      if (!action) break;
      pad_held_.set(index(*action), e.type == SDL_CONTROLLERBUTTONDOWN);
      if (e.type == SDL_CONTROLLERBUTTONDOWN) pressed_.set(index(*action));
      break;
    }
    default: break;
  }
}

PadState SdlInput::pad_state() const {
  PadState s;
  if (pads_.empty()) return s;
  SDL_GameController* pad = pads_.front();
  s.connected = true;
  s.left_x = axis(pad, SDL_CONTROLLER_AXIS_LEFTX);
  s.left_y = -axis(pad, SDL_CONTROLLER_AXIS_LEFTY);  // SDL's y points down
  s.right_x = axis(pad, SDL_CONTROLLER_AXIS_RIGHTX);
  s.right_y = -axis(pad, SDL_CONTROLLER_AXIS_RIGHTY);
  return s;
}

PlayInput SdlInput::take(double canvas_per_point) {
  PlayInput in;
  for (std::size_t k = 0; k < keys_down_.size(); ++k) {
    if (!keys_down_[k]) continue;
    if (const auto a = action_for_key(static_cast<Key>(k))) in.held.set(index(*a));
  }
  in.held |= pad_held_;
  if (mouse_left_) in.held.set(index(Action::fire));
  in.pad = pad_state();
  // The right trigger fires on crossing half its travel (an axis, not a button, in SDL).
  if (!pads_.empty()) {
    const bool trigger = axis(pads_.front(), SDL_CONTROLLER_AXIS_TRIGGERRIGHT) > kTriggerFire;
    if (trigger && !trigger_down_) pressed_.set(index(Action::fire));
    trigger_down_ = trigger;
  }
  in.pressed = pressed_;
  in.mouse_in_window = mouse_in_window_;
  in.mouse_moved = mouse_moved_;
  in.mouse_canvas = {static_cast<float>(mouse_x_ * canvas_per_point), static_cast<float>(mouse_y_ * canvas_per_point)};
  in.wheel = wheel_;
  pressed_.reset();
  mouse_moved_ = false;
  wheel_ = 0.0;
  return in;
}

}  // namespace game
