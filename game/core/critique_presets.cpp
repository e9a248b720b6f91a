#include "game/core/critique_presets.hpp"

#include <array>

namespace game {
namespace {

// A line of four on a low rise, shooting at one point downrange: staggered shots, so the
// frame holds a flash, a rifle at the top of its kick, and cases in the air (t = 2.50 s:
// the gunner fired 0.02 s before, rifleman a 0.04 s, rifleman b 0.07 s and 0.20 s).
constexpr std::string_view kFiringLine = R"(duration = 3.0
seed = 11
[world]
ground = [[-20.0, 0.0], [5.0, 0.0], [8.0, 0.3], [40.0, 0.3]]
[[soldier]]
id = "a"
x = 0.6
role = "rifleman"
  [[soldier.input]]
  t = 0.0
  aim = [24.0, 1.6]
  [[soldier.input]]
  t = 1.20
  fire = true
  [[soldier.input]]
  t = 2.46
  fire = true
[[soldier]]
id = "gunner"
x = -0.8
role = "gunner"
height = 1.84
  [[soldier.input]]
  t = 0.0
  aim = [24.0, 1.1]
  [[soldier.input]]
  t = 2.38
  fire = true
  [[soldier.input]]
  t = 2.48
  fire = true
[[soldier]]
id = "radio"
x = -2.7
role = "radioman"
height = 1.74
  [[soldier.input]]
  t = 0.0
  aim = [22.0, 4.0]
[[soldier]]
id = "b"
x = -3.9
role = "rifleman"
height = 1.70
  [[soldier.input]]
  t = 0.0
  aim = [26.0, 1.9]
  [[soldier.input]]
  t = 2.30
  fire = true
  [[soldier.input]]
  t = 2.43
  fire = true
)";

// A file of five on the move over a rise: walking at slightly different paces, the point
// man at the low ready, the rest carrying, the last man jogging to close up.
constexpr std::string_view kPatrol = R"(duration = 6.0
seed = 21
[world]
ground = [[-30.0, 0.0], [-1.0, 0.0], [4.0, 0.55], [8.0, 0.55], [12.0, 0.15], [40.0, 0.15]]
[[soldier]]
id = "point"
x = 2.0
  [[soldier.input]]
  t = 0.0
  vx = 1.4
  aim = [14.0, 0.2]
[[soldier]]
id = "b"
x = 0.3
height = 1.82
  [[soldier.input]]
  t = 0.0
  vx = 1.45
[[soldier]]
id = "radio"
x = -1.8
role = "radioman"
height = 1.72
  [[soldier.input]]
  t = 0.0
  vx = 1.4
[[soldier]]
id = "gunner"
x = -3.6
role = "gunner"
height = 1.86
  [[soldier.input]]
  t = 0.0
  vx = 1.35
[[soldier]]
id = "last"
x = -7.5
height = 1.76
  [[soldier.input]]
  t = 0.0
  vx = 2.6
)";

// The level's obstacles with soldiers at each: 0.3 m steps up, a knee-high crate, a
// chest-high wall, a ladder to a platform.
constexpr std::string_view kObstacles = R"(duration = 5.0
seed = 31
[world]
ground = [[-20.0, 0.0], [1.0, 0.0], [1.02, 0.3], [1.9, 0.3], [1.92, 0.6], [2.8, 0.6], [2.82, 0.9], [7.0, 0.9],
          [7.02, 0.3], [30.0, 0.3]]
boxes = [ { x = 3.6, width = 0.8, height = 0.45 }, { x = 6.0, width = 0.35, height = 1.3 },
          { x = 8.3, width = 3.0, height = 3.0 } ]
ladders = [ { x = 8.0, bottom = 0.3, top = 3.6 } ]
[[soldier]]
id = "steps"
x = -1.0
  [[soldier.input]]
  t = 0.0
  vx = 1.4
[[soldier]]
id = "crate"
x = 1.6
role = "gunner"
  [[soldier.input]]
  t = 0.0
  vx = 1.2
[[soldier]]
id = "wall"
x = 4.5
role = "radioman"
  [[soldier.input]]
  t = 0.0
  vx = 0.65
[[soldier]]
id = "ladder"
x = 7.6
  [[soldier.input]]
  t = 0.0
  vx = 0.3
  [[soldier.input]]
  t = 0.5
  vx = 0.0
  climb = 1
)";

// One soldier in each state side by side: standing aimed, walking, running, crouched,
// kneeling, prone, and one shot down.
constexpr std::string_view kStates = R"(duration = 4.0
seed = 41
[[soldier]]
id = "run"
x = -8.2
  [[soldier.input]]
  t = 0.0
  vx = 3.5
[[soldier]]
id = "stand"
x = 0.6
  [[soldier.input]]
  t = 0.0
  aim = [20.0, 1.5]
[[soldier]]
id = "walk"
x = -0.9
role = "radioman"
  [[soldier.input]]
  t = 0.0
  vx = 1.4
[[soldier]]
id = "crouch"
x = 3.9
  [[soldier.input]]
  t = 0.0
  stance = "crouch"
  aim = [20.0, 1.0]
[[soldier]]
id = "kneel"
x = 5.3
role = "gunner"
  [[soldier.input]]
  t = 0.0
  stance = "kneel"
  aim = [20.0, 0.9]
[[soldier]]
id = "prone"
x = 6.7
  [[soldier.input]]
  t = 0.0
  stance = "prone"
  aim = [20.0, 0.3]
[[soldier]]
id = "down"
x = 8.2
  [[soldier.input]]
  t = 1.0
  die = [-3.0, 1.0]
)";

constexpr std::array<CritiquePreset, 4> kPresets = {{
    {"firing-line", "four soldiers firing at one point, a flash and a kick in the frame", kFiringLine, 2.50},
    {"patrol", "a file of five walking over a rise, the last jogging to close up", kPatrol, 4.0},
    {"obstacles", "soldiers at 0.3 m steps, a crate, a wall and a ladder", kObstacles, 2.2},
    {"states", "stand, walk, run, crouch, kneel, prone and a soldier shot down", kStates, 2.5},
}};

}  // namespace

std::span<const CritiquePreset> critique_presets() { return kPresets; }

const CritiquePreset* find_critique_preset(std::string_view name) {
  for (const CritiquePreset& p : kPresets)
    if (p.name == name) return &p;
  return nullptr;
}

std::string critique_preset_names() {
  std::string names;
  for (const CritiquePreset& p : kPresets) names += (names.empty() ? "" : "|") + std::string(p.name);
  return names;
}

}  // namespace game
