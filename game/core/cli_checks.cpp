#include "game/core/cli_checks.hpp"

#include "game/core/headless.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace game {

CLI::Validator positive_seconds() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        const bool ok = !text.empty() && *end == '\0' && std::isfinite(v) && v > 0.0;
        return ok ? "" : "expected a number of seconds > 0, got " + text;
      },
      "SECONDS > 0");
}

CLI::Validator frame_size() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        int w = 0, h = 0;
        return parse_size(text, w, h) ? "" : "expected WxH with each side 16..8192, got " + text;
      },
      "WxH");
}

CLI::Validator seed_number() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::uint64_t v = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, v);
        const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        return digits && ec == std::errc() && ptr == end
                   ? ""
                   : "expected a seed: a whole number 0..18446744073709551615, got " + text;
      },
      "SEED >= 0");
}

bool parse_point(const std::string& text, double& x, double& y) {
  const std::size_t comma = text.find(',');
  if (comma == std::string::npos) return false;
  const auto number = [](const std::string& s, double& out) {
    char* end = nullptr;
    out = std::strtod(s.c_str(), &end);
    return !s.empty() && *end == '\0' && std::isfinite(out);
  };
  return number(text.substr(0, comma), x) && number(text.substr(comma + 1), y);
}

CLI::Validator world_point() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double x = 0.0, y = 0.0;
        return parse_point(text, x, y) ? "" : "expected X,Y in metres (two numbers), got " + text;
      },
      "X,Y");
}

}  // namespace game
