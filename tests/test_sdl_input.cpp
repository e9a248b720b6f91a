// The window's SDL layer (game/sdl_input.cpp) fed synthetic events: scancodes reach the
// input table's actions, presses are edges, the tuning panel's focus keeps keys and clicks
// from the game, and the mouse is scaled to canvas px for high-DPI windows.
#include "game/sdl_input.hpp"

#include <doctest/doctest.h>

using game::Action;

namespace {

SDL_Event key(SDL_Scancode code, bool down, bool repeat = false) {
  SDL_Event e{};
  e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
  e.key.keysym.scancode = code;
  e.key.repeat = repeat ? 1 : 0;
  return e;
}

bool has(const game::ActionSet& s, Action a) { return s[game::index(a)]; }

}  // namespace

TEST_CASE("both Shifts and Ctrls, letters and arrows reach their keys") {
  CHECK(game::key_from_scancode(SDL_SCANCODE_LSHIFT) == game::Key::shift);
  CHECK(game::key_from_scancode(SDL_SCANCODE_RSHIFT) == game::Key::shift);
  CHECK(game::key_from_scancode(SDL_SCANCODE_RCTRL) == game::Key::ctrl);
  CHECK(game::key_from_scancode(SDL_SCANCODE_LEFT) == game::Key::left);
  CHECK(game::key_from_scancode(SDL_SCANCODE_F12) == game::Key::f12);
  CHECK_FALSE(game::key_from_scancode(SDL_SCANCODE_Q).has_value());
}

TEST_CASE("held keys are held actions; a press is an edge, key repeat is not a press") {
  game::SdlInput input;
  input.handle(key(SDL_SCANCODE_D, true), true, true);
  input.handle(key(SDL_SCANCODE_LSHIFT, true), true, true);
  input.handle(key(SDL_SCANCODE_C, true), true, true);
  game::PlayInput in = input.take(1.0);
  CHECK(has(in.held, Action::move_right));
  CHECK(has(in.held, Action::run));
  CHECK(has(in.pressed, Action::crouch));
  // Next frame: still held, no new press; a repeat event is not a press either.
  input.handle(key(SDL_SCANCODE_C, true, true), true, true);
  in = input.take(1.0);
  CHECK(has(in.held, Action::move_right));
  CHECK_FALSE(has(in.pressed, Action::crouch));
  input.handle(key(SDL_SCANCODE_D, false), true, true);
  in = input.take(1.0);
  CHECK_FALSE(has(in.held, Action::move_right));
}

TEST_CASE("while the panel has the keyboard, keys do not reach the game except F-keys, and releases always do") {
  game::SdlInput input;
  input.handle(key(SDL_SCANCODE_A, true), true, true);          // held before the panel took focus
  input.handle(key(SDL_SCANCODE_K, true), false, true);         // typed into the panel
  input.handle(key(SDL_SCANCODE_F3, true), false, true);        // closes the panel anyway
  game::PlayInput in = input.take(1.0);
  CHECK_FALSE(has(in.pressed, Action::kill));
  CHECK(has(in.pressed, Action::toggle_panel));
  input.handle(key(SDL_SCANCODE_A, false), false, true);        // released while typing: not stuck
  in = input.take(1.0);
  CHECK_FALSE(has(in.held, Action::move_left));
}

TEST_CASE("left click fires unless the panel has the mouse; the cursor is scaled to canvas px") {
  game::SdlInput input;
  SDL_Event move{};
  move.type = SDL_MOUSEMOTION;
  move.motion.x = 100;
  move.motion.y = 50;
  input.handle(move, true, true);
  SDL_Event click{};
  click.type = SDL_MOUSEBUTTONDOWN;
  click.button.button = SDL_BUTTON_LEFT;
  input.handle(click, true, true);
  game::PlayInput in = input.take(2.0);  // a 2x high-DPI window
  CHECK(has(in.pressed, Action::fire));
  CHECK(in.mouse_moved);
  CHECK(in.mouse_canvas.x == doctest::Approx(200.0));
  CHECK(in.mouse_canvas.y == doctest::Approx(100.0));
  input.handle(click, true, false);  // over the panel
  in = input.take(2.0);
  CHECK_FALSE(has(in.pressed, Action::fire));
  CHECK_FALSE(in.mouse_moved);
}

TEST_CASE("gamepad buttons map to the same actions as the keys") {
  CHECK(game::action_for_pad_button(SDL_CONTROLLER_BUTTON_A) == Action::jump);
  CHECK(game::action_for_pad_button(SDL_CONTROLLER_BUTTON_RIGHTSHOULDER) == Action::fire);
  CHECK(game::action_for_pad_button(SDL_CONTROLLER_BUTTON_LEFTSHOULDER) == Action::sprint);
  CHECK(game::action_for_pad_button(SDL_CONTROLLER_BUTTON_START) == Action::pause);
  game::SdlInput input;
  SDL_Event b{};
  b.type = SDL_CONTROLLERBUTTONDOWN;
  b.cbutton.button = SDL_CONTROLLER_BUTTON_B;
  input.handle(b, true, true);
  game::PlayInput in = input.take(1.0);
  CHECK(has(in.pressed, Action::crouch));
  CHECK_FALSE(in.pad.connected);  // no pad was added: the sticks read zero
}
