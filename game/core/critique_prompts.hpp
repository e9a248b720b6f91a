#pragma once
// The two reviewers' prompts of the critique packet. Reference Rule 9: two reviewers, given
// the images and nothing else (no account of what was built, no defence, no known issues),
// each asked for a ranked critique in measurements, not impressions.
#include <string>

namespace game {

// Palette, value structure, composition, environment.
std::string art_director_prompt(bool with_reference);
// ONLY the figures and how they hold things, as joint angles and IK targets.
std::string animator_prompt(bool with_reference);

}  // namespace game
