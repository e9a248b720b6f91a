#include "game/core/input_map.hpp"

#include <algorithm>
#include <cmath>

namespace game {
namespace {

// Keyboard layout of issue 4. Several keys may map to one action (A and the left arrow).
constexpr std::array kBindings = {
    KeyBinding{Key::a, Action::move_left},       KeyBinding{Key::left, Action::move_left},
    KeyBinding{Key::d, Action::move_right},      KeyBinding{Key::right, Action::move_right},
    KeyBinding{Key::shift, Action::run},         KeyBinding{Key::ctrl, Action::sprint},
    KeyBinding{Key::w, Action::climb_up},        KeyBinding{Key::up, Action::climb_up},
    KeyBinding{Key::s, Action::climb_down},      KeyBinding{Key::down, Action::climb_down},
    KeyBinding{Key::c, Action::crouch},          KeyBinding{Key::z, Action::prone},
    KeyBinding{Key::x, Action::kneel},           KeyBinding{Key::space, Action::jump},
    KeyBinding{Key::k, Action::kill},            KeyBinding{Key::r, Action::get_up},
    KeyBinding{Key::p, Action::pause},           KeyBinding{Key::period, Action::single_step},
    KeyBinding{Key::left_bracket, Action::slower}, KeyBinding{Key::right_bracket, Action::faster},
    KeyBinding{Key::tab, Action::select_next},
    KeyBinding{Key::num1, Action::select_1},     KeyBinding{Key::num2, Action::select_2},
    KeyBinding{Key::num3, Action::select_3},     KeyBinding{Key::num4, Action::select_4},
    KeyBinding{Key::num5, Action::select_5},     KeyBinding{Key::num6, Action::select_6},
    KeyBinding{Key::num7, Action::select_7},     KeyBinding{Key::num8, Action::select_8},
    KeyBinding{Key::num9, Action::select_9},
    KeyBinding{Key::f1, Action::toggle_help},    KeyBinding{Key::f2, Action::toggle_overlay},
    KeyBinding{Key::f3, Action::toggle_panel},   KeyBinding{Key::f5, Action::record},
    KeyBinding{Key::f12, Action::screenshot},
    KeyBinding{Key::escape, Action::quit},
};

constexpr std::array<std::string_view, kActionCount> kLabels = {
    "move left", "move right", "run", "sprint", "ladder up", "ladder down",
    "crouch", "prone", "kneel", "jump / vault / climb", "fire", "kill (impulse from cursor)", "get up",
    "pause", "single step", "slower", "faster",
    "select next", "select 1", "select 2", "select 3", "select 4", "select 5", "select 6", "select 7",
    "select 8", "select 9",
    "controls (this)", "debug overlay", "tuning panel", "record a scenario (restarts the level)",
    "screenshot PNG", "quit",
};

constexpr std::array<std::string_view, static_cast<std::size_t>(Key::count)> kKeyNames = {
    "A", "D", "W", "S", "C", "Z", "X", "K", "R", "P",
    "Left", "Right", "Up", "Down",
    "Space", "Tab", "Shift", "Ctrl", ".", "[", "]",
    "1", "2", "3", "4", "5", "6", "7", "8", "9",
    "F1", "F2", "F3", "F5", "F12", "Esc",
};

}  // namespace

std::string_view key_name(Key k) {
  const auto i = static_cast<std::size_t>(k);
  return i < kKeyNames.size() ? kKeyNames[i] : "?";
}

std::span<const KeyBinding> key_bindings() { return kBindings; }

std::optional<Action> action_for_key(Key key) {
  for (const KeyBinding& b : kBindings)
    if (b.key == key) return b.action;
  return std::nullopt;
}

std::string_view action_label(Action a) { return index(a) < kLabels.size() ? kLabels[index(a)] : "?"; }

double keyboard_speed(const ActionSet& held, const ControlSpeeds& speeds) {
  const int dir = (held[index(Action::move_right)] ? 1 : 0) - (held[index(Action::move_left)] ? 1 : 0);
  const double speed = held[index(Action::sprint)] ? speeds.sprint
                       : held[index(Action::run)]  ? speeds.run
                                                   : speeds.walk;
  return dir * speed;
}

double apply_deadzone(double axis, double deadzone) {
  if (!std::isfinite(axis)) return 0.0;
  axis = std::clamp(axis, -1.0, 1.0);
  deadzone = std::clamp(deadzone, 0.0, 0.95);
  const double m = std::abs(axis);
  if (m <= deadzone) return 0.0;
  return std::copysign((m - deadzone) / (1.0 - deadzone), axis);
}

double stick_speed(double axis_x, bool sprint, const ControlSpeeds& speeds) {
  return apply_deadzone(axis_x, speeds.stick_deadzone) * (sprint ? speeds.sprint : speeds.run);
}

}  // namespace game
