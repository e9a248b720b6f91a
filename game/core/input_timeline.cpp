#include "game/core/input_timeline.hpp"

#include <utility>

namespace game {
namespace {
// Step times are n * dt, which can land a hair below an entry's written time (4.0 vs
// 3.9999999999); an entry this close to `now` counts as reached.
constexpr double kTimeTolerance = 1e-9;  // s

// Applies one entry to `held` (the keys that persist) and `once` (this step's one-shots).
void apply_event(const InputEvent& e, anim::Intent& held, anim::Intent& once) {
  if (e.vx) held.vx_desired = *e.vx;
  if (e.aim) {
    held.has_aim = true;
    held.aim_world = *e.aim;
  }
  if (e.stance) held.stance = *e.stance;
  if (e.climb) held.climb = *e.climb;
  once.fire = once.fire || e.fire;
  if (e.die) {
    once.die = true;
    once.die_impulse = *e.die;
  }
  once.get_up = once.get_up || e.get_up;
  once.take_obstacle = once.take_obstacle || e.take;
}

}  // namespace

InputTimeline::InputTimeline(std::vector<InputEvent> events) : events_(std::move(events)) {}

anim::Intent InputTimeline::next(double now) {
  anim::Intent once{};
  while (cursor_ < events_.size() && events_[cursor_].t <= now + kTimeTolerance)
    apply_event(events_[cursor_++], held_, once);
  anim::Intent out = held_;
  out.fire = once.fire;
  out.die = once.die;
  out.die_impulse = once.die_impulse;
  out.get_up = once.get_up;
  out.take_obstacle = once.take_obstacle;
  return out;
}

}  // namespace game
