#pragma once
// What a critique frame was asked to show and does not (issue 15): a stance, a death, a
// ladder or an obstacle whose state the soldier is not in at the frame's time. The command
// says so rather than hand reviewers a frame that silently shows something else (a preset
// may ask for states anim does not have yet).
#include "anim/character_frame.hpp"
#include "game/core/scenario.hpp"

#include <span>
#include <string>
#include <vector>

namespace game {

// One line per soldier of `scenario` whose frame at `t` (frames[i] for soldier i) is not in
// the state his inputs up to `t` ask for; empty when every request shows.
std::vector<std::string> unshown_requests(const Scenario& scenario, double t,
                                          std::span<const anim::CharacterFrame> frames);

}  // namespace game
