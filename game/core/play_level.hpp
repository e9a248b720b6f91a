#pragma once
// What `soldier play` plays on: a level file (the scenario format without inputs) and the
// squad standing on it.
#include "game/core/scenario.hpp"

#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace game {

// The level at `path`, or a one-line error naming the file and line.
std::variant<Scenario, ScenarioError> load_play_level(const std::string& path);

// Where assets/ may be, in the order searched: the working directory, beside the build tree
// of the running executable (build/bin/soldier -> ../../assets), and the source tree the
// program was built from.
std::vector<std::string> asset_roots();

// Where the F3 panel saves the tuning when `loaded` (the --tuning flag; empty: none) was
// loaded: that file, unless it is one of the shipped files under an asset root, which Save
// must never overwrite; then tuning/<its name> in the working directory. With no file:
// tuning/soldier.toml (issue 16).
std::string tuning_save_path(const std::string& loaded, std::span<const std::string> roots);

// The first existing file among `roots[i] + "/" + relative`; empty when none exists.
std::string find_asset(const std::string& relative, std::span<const std::string> roots);

// The squad: the level's own soldiers when it names some, else `count` soldiers in a file,
// the first at the front (x = 2 m, facing +x) and each next one behind him at a gap varied
// around `spacing` (0.85..1.45 of it: men keep their distance, not a grid), with the roles of
// a fire team -- rifleman (the leader), gunner, radioman, then riflemen with a gunner every
// fourth man, the last facing the rear (issue 15).
std::vector<anim::CharacterSpec> squad_specs(const Scenario& level, int count, double spacing);

// The largest squad --soldiers makes (issue 14: a thousand soldiers in one 60 Hz frame).
inline constexpr int kMaxSquad = 1000;

// How the squad stands when the sandbox opens, until the player's first input: where each
// soldier aims, or nothing for a relaxed carry. The leader and the gunner cover the front
// (level and a little low), the radioman carries, the next man watches the high ground, the
// last faces the rear -- a composed first frame rather than clones in one pose (issue 15).
std::vector<std::optional<anim::vec2>> opening_aims(std::span<const anim::CharacterSpec> specs,
                                                    const anim::Terrain& terrain);

}  // namespace game
