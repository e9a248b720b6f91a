#pragma once
// A soldier's scripted inputs turned into the anim::Intent of each step (ARCHITECTURE.md
// step 1). Entries at t <= now apply cumulatively, each changing only the keys it names;
// fire, die and get_up are one-shot: they act on the first step at or after their t, once.
#include "anim/character.hpp"
#include "game/core/scenario.hpp"

#include <cstddef>
#include <span>
#include <vector>

namespace game {

class InputTimeline {
 public:
  explicit InputTimeline(std::vector<InputEvent> events);

  // The intent for the step that starts at `now`, s. Calls must come with non-decreasing
  // `now` (the one-shots are consumed as they are returned).
  anim::Intent next(double now);

 private:
  std::vector<InputEvent> events_;
  std::size_t cursor_ = 0;  // first entry not applied yet
  anim::Intent held_{};     // the keys that persist, as of the last entry applied
};

}  // namespace game
