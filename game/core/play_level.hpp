#pragma once
// What `soldier play` plays on: a level file (the scenario format without inputs) and the
// squad standing on it.
#include "game/core/scenario.hpp"

#include <span>
#include <string>
#include <variant>
#include <vector>

namespace game {

// The level at `path`, or a one-line error naming the file and line.
std::variant<Scenario, ScenarioError> load_play_level(const std::string& path);

// The first existing file among `roots[i] + "/" + relative`; empty when none exists.
std::string find_asset(const std::string& relative, std::span<const std::string> roots);

// The squad: the level's own soldiers when it names some, else `count` soldiers in a line,
// the first at the front (x = 2 m, facing +x) and each next one `spacing` m behind him.
std::vector<anim::CharacterSpec> squad_specs(const Scenario& level, int count, double spacing);

}  // namespace game
