#include "game/core/play_level.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace game {

std::variant<Scenario, ScenarioError> load_play_level(const std::string& path) {
  ScenarioResult r = parse_level_file(path);
  if (auto* e = std::get_if<ScenarioError>(&r)) return *e;
  return std::get<Scenario>(std::move(r));
}

std::string find_asset(const std::string& relative, std::span<const std::string> roots) {
  for (const std::string& root : roots) {
    if (root.empty()) continue;
    const std::filesystem::path p = std::filesystem::path(root) / relative;
    std::error_code ec;
    if (std::filesystem::is_regular_file(p, ec)) return p.string();
  }
  return {};
}

std::vector<anim::CharacterSpec> squad_specs(const Scenario& level, int count, double spacing) {
  std::vector<anim::CharacterSpec> specs;
  if (!level.soldiers.empty()) {
    for (const SoldierScript& s : level.soldiers) specs.push_back(s.spec);
    return specs;
  }
  count = std::clamp(count, 1, 50);
  constexpr double kFrontX = 2.0;  // m: the leader starts on the flat, clear of the slope
  for (int i = 0; i < count; ++i) {
    anim::CharacterSpec spec;
    spec.id = std::string(1, static_cast<char>('a' + i % 26)) + (i >= 26 ? std::to_string(i / 26) : "");
    spec.x = kFrontX - spacing * i;
    spec.facing = 1;
    // Slightly different heights so the line reads as men, not copies (1.72 .. 1.84 m).
    spec.height = 1.78 + 0.06 * std::sin(1.7 * i + 0.4);
    spec.seed = soldier_seed(level.seed, static_cast<std::size_t>(i));
    specs.push_back(spec);
  }
  return specs;
}

}  // namespace game
