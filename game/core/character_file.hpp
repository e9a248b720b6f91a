#pragma once
// A character file (assets/characters/*.toml): a body's build as a standing height and the
// segment lengths, either as fractions of that height or in metres (issue 16: "your own
// character"). Keys left out keep Winter's fractions (anim::SegmentFractions). Scenarios and
// levels choose one per soldier with `character = "NAME"` (game/core/scenario.cpp).
//
//   height = 1.78            # m, 1.2..2.3; a soldier's own `height` overrides it
//   [fractions]              # of the height, each within 0.7..1.3 of Winter's
//   thigh = 0.26
//   shank = 0.255
//   trunk = 0.268
//   [lengths]                # or in metres (one table or the other for each segment)
//   foot = 0.27
//
// The segments stacked from the floor to the crown (ankle_height, shank, thigh, trunk, neck,
// head) must add up to the height within 2%: a longer leg means a shorter trunk.
#include "anim/skeleton.hpp"

#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace game {

struct CharacterBuild {
  double height = 1.78;               // m
  anim::SegmentFractions fractions;   // of the height
};

struct CharacterError {
  std::string message;  // one line: "FILE:LINE: KEY: what was expected"
};
using CharacterResult = std::variant<CharacterBuild, CharacterError>;

// The range of a fraction, as a share of Winter's value for that segment.
inline constexpr double kMinFractionShare = 0.7;
inline constexpr double kMaxFractionShare = 1.3;
// How far the stacked segments may be from the height, as a share of it.
inline constexpr double kStackTolerance = 0.02;

CharacterResult parse_character_text(std::string_view text, const std::string& source_name);
CharacterResult load_character_file(const std::string& path);

// A bare character name: letters, digits, _ and - only (no folder, no .toml).
bool is_character_name(const std::string& ref);

// The file a scenario's `character = "REF"` names: a bare name (letters, digits, _ and -)
// is characters/NAME.toml under the first asset root that has it; anything else is a path,
// relative to the scenario's folder `base`. Empty with `error` set when there is none.
std::string find_character(const std::string& ref, const std::string& base, std::span<const std::string> roots,
                           std::string& error);

// The names of the characters shipped under the asset roots, for messages ("a, b, c").
std::string shipped_characters(std::span<const std::string> roots);

}  // namespace game
