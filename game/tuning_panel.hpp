#pragma once
// F3: the live tuning panel (Dear ImGui). Every field of game/core/tuning_fields.hpp as a
// slider labelled with its unit, the speed curves as small tables of sliders, and Save /
// Load / Reset. Edits `tuning` in place; the session hands it to every soldier next step.
#include "anim/tuning.hpp"

#include <array>
#include <string>

namespace game {

struct TuningPanelState {
  std::array<char, 512> path{};  // the tuning file Save and Load use
  std::string status;            // the last Save / Load result, one line
};

TuningPanelState make_tuning_panel_state(const std::string& path);

// Builds the panel inside the current ImGui frame; `open` is cleared by its close button.
void tuning_panel(anim::Tuning& tuning, TuningPanelState& state, bool* open);

}  // namespace game
