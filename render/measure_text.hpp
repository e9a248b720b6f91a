#pragma once
// A measurement as a report prints it (issue 10: `soldier trace --summary` and the contact
// sheet's row labels): `decimals` digits and its unit, or a bare "n/a" where the run had
// nothing to measure it on (no complete cycle, too few frames), so a missing figure never
// reads as a 0 or a nan.
#include <cstdio>
#include <string>
#include <string_view>

namespace render {

inline std::string measure_text(bool measured, double value, int decimals, std::string_view unit = {}) {
  if (!measured) return "n/a";
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return std::string(text) + std::string(unit);
}

}  // namespace render
