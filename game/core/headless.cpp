// What the headless commands share: loading the scenario with a one-line error, the error
// line itself and the --size flag.
#include "game/core/headless.hpp"

#include "game/core/tuning_file.hpp"

#include <cstdio>

namespace game {

void report_error(const std::string& message) {
  std::string line = message;
  for (char& c : line)
    if (c == '\n' || c == '\r') c = ' ';  // one line, always (INTERFACES.md)
  std::fprintf(stderr, "soldier: %s\n", line.c_str());
}

std::optional<Scenario> load_scenario(const std::string& path, std::optional<std::uint64_t> seed) {
  ScenarioResult r = parse_scenario_file(path);
  if (auto* e = std::get_if<ScenarioError>(&r)) {
    report_error(e->message);
    return std::nullopt;
  }
  Scenario scenario = std::get<Scenario>(std::move(r));
  if (seed) reseed(scenario, *seed);
  return scenario;
}

std::optional<anim::Tuning> load_tuning(const std::string& path, const Scenario& scenario) {
  if (path.empty()) return scenario.tuning.value_or(anim::Tuning{});
  TuningResult r = load_tuning_file(path);
  if (auto* e = std::get_if<TuningError>(&r)) {
    report_error(e->message);
    return std::nullopt;
  }
  return std::get<anim::Tuning>(r);
}

bool parse_size(const std::string& text, int& width, int& height) {
  int w = 0, h = 0;
  char x = 0, extra = 0;
  if (std::sscanf(text.c_str(), "%d%c%d%c", &w, &x, &h, &extra) != 3 || x != 'x') return false;
  if (w < 16 || h < 16 || w > 8192 || h > 8192) return false;
  width = w;
  height = h;
  return true;
}

}  // namespace game
