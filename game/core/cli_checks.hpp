#pragma once
// Checks of flag values shared by `soldier` and `contact-sheet`, as CLI11 validators: each
// rejects a bad value at parse time with one line that says what was expected.
#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace game {

// A number of seconds > 0 (CLI11's own range message prints DBL_MAX).
CLI::Validator positive_seconds();

// `WxH` with each side 16..8192 px.
CLI::Validator frame_size();

// A per-step variation seed: decimal digits only, 0 .. 2^64 - 1. CLI11 alone would take
// "-1" for an unsigned flag and wrap it to 18446744073709551615 (issue 16).
CLI::Validator seed_number();

// "X,Y": two finite numbers (a world point, m).
CLI::Validator world_point();
bool parse_point(const std::string& text, double& x, double& y);

}  // namespace game
