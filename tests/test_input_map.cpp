// The controls as a table, tested without a window (issue 4): keys -> actions, the speeds
// the keys select, and the stick's deadzone and proportional speed.
#include "game/core/input_map.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>

using game::Action;
using game::Key;

namespace {
game::ActionSet held(std::initializer_list<Action> actions) {
  game::ActionSet s;
  for (Action a : actions) s.set(game::index(a));
  return s;
}
}  // namespace

TEST_CASE("the issue's keys map to their actions") {
  const std::pair<Key, Action> expected[] = {
      {Key::a, Action::move_left},      {Key::left, Action::move_left},   {Key::d, Action::move_right},
      {Key::right, Action::move_right}, {Key::shift, Action::run},        {Key::ctrl, Action::sprint},
      {Key::c, Action::crouch},         {Key::z, Action::prone},          {Key::x, Action::kneel},
      {Key::space, Action::jump},       {Key::w, Action::climb_up},       {Key::s, Action::climb_down},
      {Key::k, Action::kill},           {Key::r, Action::get_up},         {Key::p, Action::pause},
      {Key::period, Action::single_step}, {Key::left_bracket, Action::slower},
      {Key::right_bracket, Action::faster}, {Key::tab, Action::select_next}, {Key::num1, Action::select_1},
      {Key::num9, Action::select_9},    {Key::f1, Action::toggle_help},   {Key::f2, Action::toggle_overlay},
      {Key::f3, Action::toggle_panel},  {Key::f5, Action::record},        {Key::f12, Action::screenshot},
      {Key::escape, Action::quit},
  };
  for (const auto& [key, action] : expected) {
    CAPTURE(std::string(game::key_name(key)));
    const auto got = game::action_for_key(key);
    REQUIRE(got.has_value());
    CHECK(*got == action);
  }
}

TEST_CASE("every key is bound once and has a printable name") {
  std::set<Key> seen;
  std::set<std::string> names;
  for (const game::KeyBinding& b : game::key_bindings()) {
    CHECK(seen.insert(b.key).second);  // one action per key
    CHECK(game::key_name(b.key) != "?");
    CHECK(names.insert(std::string(game::key_name(b.key))).second);
  }
  // Every key of the Key set is used by the table: no dead entries.
  CHECK(seen.size() == static_cast<std::size_t>(Key::count));
}

TEST_CASE("every action but fire has a key and a label") {
  for (std::size_t a = 0; a < game::kActionCount; ++a) {
    const Action action = static_cast<Action>(a);
    CHECK(game::action_label(action) != "?");
    if (action == Action::fire) continue;  // the mouse button and the gamepad trigger fire
    bool bound = false;
    for (const game::KeyBinding& b : game::key_bindings()) bound = bound || b.action == action;
    CAPTURE(std::string(game::action_label(action)));
    CHECK(bound);
  }
}

TEST_CASE("keyboard speeds: walk 1.4, Shift runs 3.5, Ctrl sprints 7, signed by direction") {
  const game::ControlSpeeds sp;
  CHECK(game::keyboard_speed(held({}), sp) == 0.0);
  CHECK(game::keyboard_speed(held({Action::move_right}), sp) == doctest::Approx(1.4));
  CHECK(game::keyboard_speed(held({Action::move_left}), sp) == doctest::Approx(-1.4));
  CHECK(game::keyboard_speed(held({Action::move_right, Action::run}), sp) == doctest::Approx(3.5));
  CHECK(game::keyboard_speed(held({Action::move_left, Action::run}), sp) == doctest::Approx(-3.5));
  CHECK(game::keyboard_speed(held({Action::move_right, Action::sprint}), sp) == doctest::Approx(7.0));
  CHECK(game::keyboard_speed(held({Action::move_right, Action::sprint, Action::run}), sp) == doctest::Approx(7.0));
  // Both directions cancel; a modifier alone does not move.
  CHECK(game::keyboard_speed(held({Action::move_left, Action::move_right}), sp) == 0.0);
  CHECK(game::keyboard_speed(held({Action::run}), sp) == 0.0);
  CHECK(game::keyboard_speed(held({Action::sprint}), sp) == 0.0);
}

TEST_CASE("stick deadzone: zero inside, continuous at its edge, full at full deflection") {
  const double dz = 0.2;
  CHECK(game::apply_deadzone(0.0, dz) == 0.0);
  CHECK(game::apply_deadzone(0.15, dz) == 0.0);
  CHECK(game::apply_deadzone(-0.2, dz) == 0.0);
  CHECK(game::apply_deadzone(0.2001, dz) == doctest::Approx(0.0).epsilon(1e-3));
  CHECK(game::apply_deadzone(1.0, dz) == doctest::Approx(1.0));
  CHECK(game::apply_deadzone(-1.0, dz) == doctest::Approx(-1.0));
  CHECK(game::apply_deadzone(0.6, dz) == doctest::Approx(0.5));
  CHECK(game::apply_deadzone(1.7, dz) == doctest::Approx(1.0));  // clamped
  CHECK(game::apply_deadzone(std::numeric_limits<double>::quiet_NaN(), dz) == 0.0);
  // Monotonic over the whole travel.
  double last = -2.0;
  for (double a = -1.0; a <= 1.0; a += 0.01) {
    const double v = game::apply_deadzone(a, dz);
    CHECK(v >= last);
    last = v;
  }
}

TEST_CASE("the left stick gives speed proportionally, up to a run, or a sprint with the button") {
  const game::ControlSpeeds sp;
  CHECK(game::stick_speed(0.1, false, sp) == 0.0);
  CHECK(game::stick_speed(1.0, false, sp) == doctest::Approx(sp.run));
  CHECK(game::stick_speed(-1.0, false, sp) == doctest::Approx(-sp.run));
  CHECK(game::stick_speed(1.0, true, sp) == doctest::Approx(sp.sprint));
  // Proportional: half the travel past the deadzone is half the speed.
  const double half = sp.stick_deadzone + 0.5 * (1.0 - sp.stick_deadzone);
  CHECK(game::stick_speed(half, false, sp) == doctest::Approx(0.5 * sp.run));
}
