#pragma once
// The scenario file of INTERFACES.md (a public interface: tools and tests write it) as plain
// data, and its parser. Levels (assets/levels/*.toml) use the same format without inputs and
// possibly without a duration, and parse with the same code.
#include "anim/character.hpp"
#include "anim/terrain.hpp"
#include "anim/tuning.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace game {

// What a scenario or level file may ask for (issue 17), in one place; docs/formats.md lists
// them and the parser (scenario.cpp) enforces them.
namespace limits {
// Every world coordinate a file gives (ground points, box edges and tops, ladders, soldier
// positions, aim points), m, is within +-kWorld. A double's spacing at 1e6 is 1.2e-10 m.
// Measured on a walk then a run started at x (tests/test_input_limits.cpp checks the bound):
// at 1e6 m every joint lies within 2e-8 m of the same run at the origin and bones keep
// their length to 1e-10 m; the motion is 0.3 mm off at 1e10 m, 3 mm at 1e11 m and 0.7 m at
// 1e13 m, where bones are 1.6 mm off. A soldier walks at most 8 m/s x 600 s = 4.8 km from
// where he starts, which keeps him far inside that margin.
inline constexpr double kWorld = 1e6;
inline constexpr double kMinDt = 1e-4;        // s: 10 kHz; the t column's 6 decimals tell steps apart
inline constexpr double kMaxDt = 0.1;         // s: coarser steps break the gait's contacts
inline constexpr double kMaxDuration = 600.0; // s: ten minutes of trace is ample for any check;
                                              // a recording of `soldier play` stops there
// Work a file may ask for: steps x soldiers. 1e7 covers 100 soldiers for 600 s at 120 Hz
// (7.2e6, several minutes of computing and about 6 GB of trace); beyond it is refused.
inline constexpr double kMaxSoldierSteps = 1e7;
inline constexpr std::size_t kMaxSoldiers = 1000;
inline constexpr std::size_t kMaxBoxes = 1000;     // each walkable-height query visits every box
inline constexpr std::size_t kMaxLadders = 1000;
inline constexpr std::size_t kMaxGroundPoints = 100000;  // queries are O(log n)
}  // namespace limits

// One [[soldier.input]] entry: from time t on it changes only the keys it names.
struct InputEvent {
  double t = 0.0;                            // s, 0..600, not before the previous entry
  std::optional<double> vx;                  // desired ground velocity along x, m/s, |vx| <= 8
  std::optional<anim::vec2> aim;             // aim and look-at point, world m, within +-limits::kWorld
  std::optional<anim::Stance> stance;        // stand | crouch | prone | kneel
  bool fire = false;                         // one shot (recoil), once
  std::optional<anim::vec2> die;             // chest velocity impulse, m/s: become a ragdoll, once
  bool get_up = false;                       // leave the ragdoll, once
  std::optional<int> climb;                  // on a ladder: 1 up, -1 down, 0 hold
  bool take = false;                         // take the box ahead (Space): vault or climb, once
};

struct SoldierScript {
  anim::CharacterSpec spec;         // spec.seed is derived from the scenario seed and the index
  std::vector<InputEvent> inputs;   // in time order
  std::string character;            // the `character` key: a name of assets/characters/, or a
                                    // path made absolute; empty: Winter's build (spec.build)
};

struct Scenario {
  double duration = 0.0;            // s, dt <= duration <= 600 (0 for a level without one)
  double dt = 1.0 / 120.0;          // fixed step, s, 1e-4 <= dt <= 0.1
  std::uint64_t seed = 0;           // per-step variation seed
  anim::Terrain terrain;
  std::vector<SoldierScript> soldiers;
  // The [tuning] table (the keys of a tuning file, under tuning.): a recording carries the
  // tuning it was played with. A command's --tuning FILE replaces it; none: the defaults.
  std::optional<anim::Tuning> tuning;
  // A level's `battle = true`: the window lines up two opposing lines of --soldiers N men
  // that advance, take cover and fire (game/core/battle.hpp).
  bool battle = false;
};

// One line: "FILE:LINE: KEY: what was expected" (INTERFACES.md: errors name the line).
struct ScenarioError {
  std::string message;
};

struct ParseOptions {
  bool allow_missing_duration = false;  // levels may leave the duration out
  bool allow_no_soldiers = false;       // levels may hold terrain only
  // A level is played by the window, which steps at its own rate until closed and is
  // driven by the player: a duration, a dt or a soldier's inputs would be accepted and
  // ignored, so they are errors (issue 16: nothing is accepted and ignored).
  bool reject_run_keys = false;
};
// How a level file is read (parse_level_file): no duration, maybe no soldiers, no run keys.
inline constexpr ParseOptions kLevelOptions{.allow_missing_duration = true, .allow_no_soldiers = true, .reject_run_keys = true};

using ScenarioResult = std::variant<Scenario, ScenarioError>;

// Parses the file at `path`. `path` appears in error messages as given.
ScenarioResult parse_scenario_file(const std::string& path, const ParseOptions& options = {});
// Parses TOML text; `source_name` stands for the file in error messages (tests use this).
ScenarioResult parse_scenario_text(std::string_view text, const std::string& source_name,
                                   const ParseOptions& options = {});
// A level: terrain and optional soldiers; the duration and soldiers may be missing.
ScenarioResult parse_level_file(const std::string& path);

// Every key the format accepts, dotted from the root ("world.boxes.x", "soldier.input.vx"),
// tables included; docs/formats.md documents each one.
std::vector<std::string> scenario_keys();

// Seed of the soldier at `index`: the scenario seed and the index mixed (splitmix64), so
// soldiers differ from each other but a replay repeats bit for bit.
std::uint64_t soldier_seed(std::uint64_t scenario_seed, std::size_t index);

// Gives `scenario` another seed: the scenario's and every soldier's, as the parser derives
// them (`soldier trace --seed`, `soldier render --seed`).
void reseed(Scenario& scenario, std::uint64_t seed);

}  // namespace game
