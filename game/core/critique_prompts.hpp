#pragma once
// The two reviewers' prompts of the critique packet. Reference Rule 9: two reviewers, given
// the images and nothing else (no account of what was built, no defence, no known issues),
// each asked only about what he judges, for a ranked critique in measurements, not
// impressions. The examples are forms to fill in, not findings.
#include <string>

namespace game {

// Palette, value structure, composition, environment: frame.png (and side_by_side.png).
std::string art_director_prompt(bool with_reference);
// Only the figures -- poses, contacts, timing, how they hold things -- as joint angles and
// targets: frame.png and contact_sheet.png (and side_by_side.png).
std::string animator_prompt(bool with_reference);

}  // namespace game
