#pragma once
// The built-in scenes of `soldier critique --preset NAME` (issue 15, reference Rule 9): a
// scenario and the moment to show, each made to put one kind of problem in front of the
// reviewers. Built in, so a packet can be made from any folder.
#include <span>
#include <string>
#include <string_view>

namespace game {

struct CritiquePreset {
  std::string_view name;
  std::string_view what;      // one line for --help
  std::string_view scenario;  // the scenario file's text (INTERFACES.md format)
  double at = 0.0;            // s: the frame shown
};

// Every preset, in the order --help lists them.
std::span<const CritiquePreset> critique_presets();

// The preset called `name`, or null.
const CritiquePreset* find_critique_preset(std::string_view name);

// "firing-line|patrol|obstacles|states".
std::string critique_preset_names();

}  // namespace game
