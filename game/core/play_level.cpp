#include "game/core/play_level.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>

namespace game {

std::variant<Scenario, ScenarioError> load_play_level(const std::string& path) {
  ScenarioResult r = parse_level_file(path);
  if (auto* e = std::get_if<ScenarioError>(&r)) return *e;
  return std::get<Scenario>(std::move(r));
}

std::vector<std::string> asset_roots() {
  namespace fs = std::filesystem;
  std::vector<std::string> roots = {"assets"};
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    roots.push_back((exe.parent_path() / ".." / ".." / "assets").string());
    roots.push_back((exe.parent_path() / ".." / "assets").string());
  }
#ifdef SOLDIER_ASSET_DIR
  roots.push_back(SOLDIER_ASSET_DIR);
#endif
  return roots;
}

std::string tuning_save_path(const std::string& loaded, std::span<const std::string> roots) {
  namespace fs = std::filesystem;
  const fs::path user_folder = "tuning";
  if (loaded.empty()) return (user_folder / "soldier.toml").string();
  std::error_code ec;
  const fs::path file = fs::weakly_canonical(loaded, ec);
  for (const std::string& root : roots) {
    const fs::path shipped = fs::weakly_canonical(fs::path(root), ec);
    if (ec || shipped.empty()) continue;
    const auto [r, f] = std::mismatch(shipped.begin(), shipped.end(), file.begin(), file.end());
    if (r == shipped.end()) return (user_folder / file.filename()).string();  // inside a shipped assets/ folder
  }
  return loaded;
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
  count = std::clamp(count, 1, kMaxSquad);
  constexpr double kFrontX = 2.0;  // m: the leader starts on the flat, clear of the slope
  // Gaps as shares of `spacing`, man to man: uneven, as a file on the move keeps them.
  constexpr std::array<double, 5> kGap = {0.85, 1.30, 0.95, 1.45, 1.10};
  double x = kFrontX;
  for (int i = 0; i < count; ++i) {
    anim::CharacterSpec spec;
    spec.id = std::string(1, static_cast<char>('a' + i % 26)) + (i >= 26 ? std::to_string(i / 26) : "");
    if (i > 0) x -= spacing * kGap[static_cast<std::size_t>(i - 1) % kGap.size()];
    spec.x = x;
    spec.role = i == 2 ? anim::Role::radioman : (i % 4 == 1 ? anim::Role::gunner : anim::Role::rifleman);
    // The last man starts facing the rear he covers (opening_aims), not turning round to it.
    spec.facing = count > 2 && i + 1 == count ? -1 : 1;
    // Slightly different heights so the line reads as men, not copies (1.72 .. 1.84 m).
    spec.height = 1.78 + 0.06 * std::sin(1.7 * i + 0.4);
    spec.seed = soldier_seed(level.seed, static_cast<std::size_t>(i));
    specs.push_back(spec);
  }
  return specs;
}

std::vector<std::optional<anim::vec2>> opening_aims(std::span<const anim::CharacterSpec> specs,
                                                    const anim::Terrain& terrain) {
  std::vector<std::optional<anim::vec2>> aims;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const double x = specs[i].x, ground = terrain.ground_at(x);
    const bool last = specs.size() > 2 && i + 1 == specs.size();
    if (last) aims.push_back(anim::vec2{x - 14.0, ground + 1.3});      // the rear
    else if (i == 0) aims.push_back(anim::vec2{x + 16.0, ground + 1.5});  // ahead, level
    else if (i % 4 == 1) aims.push_back(anim::vec2{x + 14.0, ground + 0.5});  // ahead, a little low
    else if (i % 4 == 3) aims.push_back(anim::vec2{x + 12.0, ground + 6.0});  // the high ground
    else aims.push_back(std::nullopt);  // carry
  }
  return aims;
}

}  // namespace game
