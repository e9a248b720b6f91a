#pragma once
// The controls of `soldier play` as data (issue 4, "Input mapping is a table tested without
// a window"): a window-free key set, the actions, the key -> action table, and the
// functions that turn held keys and stick deflections into a desired speed. The SDL layer
// (game/sdl_input.cpp) only translates SDL scancodes into Key and reads the gamepad.
#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace game {

// The keys the sandbox listens to, independent of SDL so the table tests without a window.
enum class Key : std::uint8_t {
  a, d, w, s, c, z, x, k, r, p,
  left, right, up, down,
  space, tab, shift, ctrl, period, left_bracket, right_bracket,
  num1, num2, num3, num4, num5, num6, num7, num8, num9,
  f1, f2, f3, f5, f12, escape,
  count
};

// Everything a control can ask for. Held actions (move, run, climb) act while down;
// the others act once on the press.
enum class Action : std::uint8_t {
  move_left, move_right, run, sprint,       // held: desired velocity
  climb_up, climb_down,                     // held: on a ladder
  crouch, prone, kneel,                     // press: toggle that stance (again: stand)
  jump,                                     // press: jump / vault / climb
  fire,                                     // press: one shot (mouse button, gamepad trigger)
  kill, get_up,                             // press: ragdoll from the cursor, get up
  pause, single_step, slower, faster,       // press: simulation clock
  select_next, select_1, select_2, select_3, select_4, select_5, select_6, select_7, select_8, select_9,
  toggle_help, toggle_overlay, toggle_panel,
  record,                                   // press: start / stop a recording (restarts the level)
  screenshot, quit,
  count
};
inline constexpr std::size_t kActionCount = static_cast<std::size_t>(Action::count);
constexpr std::size_t index(Action a) { return static_cast<std::size_t>(a); }

struct KeyBinding {
  Key key;
  Action action;
};

// The keyboard table (one place: the F1 help lists it, the tests check it).
std::span<const KeyBinding> key_bindings();
// The action bound to `key`, if any.
std::optional<Action> action_for_key(Key key);
// The help line for an action, e.g. "move left" (F1 screen).
std::string_view action_label(Action a);
// The key as printed on the keycap, e.g. "A", "Left", "F12" (F1 screen).
std::string_view key_name(Key k);

// Ground speeds the keys select, m/s (issue 4: walk 1.4, Shift runs 3.5, Ctrl sprints 7).
struct ControlSpeeds {
  double walk = 1.4;     // m/s, a normal walk (Murray et al. 1984: preferred ~1.4 m/s)
  double run = 3.5;      // m/s, a jog in kit
  double sprint = 7.0;   // m/s, a sprint (anim caps |v| at 8)
  double stick_deadzone = 0.20;  // share of full deflection that reads as zero (stick drift)
  double aim_reach = 5.0;        // m: right stick aim point = shoulder + direction * this
};

// Which actions are held down, by any device.
using ActionSet = std::bitset<kActionCount>;

// Desired ground velocity from held keys, m/s, signed: left/right cancel, Ctrl beats Shift.
double keyboard_speed(const ActionSet& held, const ControlSpeeds& speeds);

// One stick axis (-1..1) with a radial deadzone, rescaled so speed starts at 0 just past
// the deadzone and reaches +-1 at full deflection (no jump at the deadzone edge).
double apply_deadzone(double axis, double deadzone);

// Desired velocity from the left stick's x (-1..1): proportional up to the run speed, or up
// to the sprint speed while the sprint button is held.
double stick_speed(double axis_x, bool sprint, const ControlSpeeds& speeds);

}  // namespace game
