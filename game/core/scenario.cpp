// Scenario parsing: every check of INTERFACES.md "Scenario file", each failing with one line
// that names the file, the line and the key.
#include "game/core/scenario.hpp"

#include "game/core/character_file.hpp"
#include "game/core/play_level.hpp"
#include "game/core/toml_reader.hpp"
#include "game/core/tuning_file.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>
#include <span>
#include <string_view>

namespace game {
namespace {

// Valid ranges (INTERFACES.md, anim's documented ranges and limits:: in scenario.hpp).
constexpr double kMaxSpeed = 8.0;           // m/s: anim::Intent::vx_desired's range
constexpr double kMinHeight = 1.2;          // m: anim::Proportions' range
constexpr double kMaxHeight = 2.3;          // m
constexpr double kMinSize = 1e-6;           // m: a box's smallest width and height

using limits::kWorld;

// The keys of each table of the format, in one place: the parser accepts exactly these, and
// scenario_keys() lists them for docs/formats.md (tests/test_formats_doc.cpp keeps the two in
// step).
constexpr std::string_view kRootKeys[] = {"duration", "dt", "seed", "world", "tuning", "soldier", "battle"};
constexpr std::string_view kWorldKeys[] = {"ground", "boxes", "ladders"};
constexpr std::string_view kBoxKeys[] = {"x", "width", "height"};
constexpr std::string_view kLadderKeys[] = {"x", "bottom", "top"};
constexpr std::string_view kSoldierKeys[] = {"id", "x", "facing", "height", "character", "role", "team", "input"};
constexpr std::string_view kInputKeys[] = {"t", "vx", "aim", "stance", "fire", "die", "get_up", "climb", "take"};

// A world coordinate, m (issue 17: beyond +-kWorld a double cannot hold a bone to a millimetre).
double coordinate(const TomlReader& r, const toml::node& node, std::string_view key) {
  return r.number_in(node, key, -kWorld, kWorld, "m");
}

// A world point [x, y], both coordinates within +-kWorld.
anim::vec2 world_point(const TomlReader& r, const toml::node& node, std::string_view key) {
  r.point(node, key);  // the shape [x, y] and finite numbers
  const toml::array& a = *node.as_array();
  return {coordinate(r, a[0], key), coordinate(r, a[1], key)};
}

// At most `most` entries in the array at `node`.
const toml::array& bounded_array(const TomlReader& r, const toml::node& node, std::string_view key, std::size_t most) {
  const toml::array& a = r.array(node, key);
  if (a.size() > most) r.fail(node, key, "expected at most " + std::to_string(most) + " entries");
  return a;
}

anim::Stance parse_stance(const TomlReader& r, const toml::node& node, std::string_view key) {
  const std::string s = r.string(node, key);
  if (s == "stand") return anim::Stance::stand;
  if (s == "crouch") return anim::Stance::crouch;
  if (s == "prone") return anim::Stance::prone;
  if (s == "kneel") return anim::Stance::kneel;
  r.fail(node, key, "expected one of stand, crouch, prone, kneel");
}

anim::Role parse_role(const TomlReader& r, const toml::node& node) {
  const std::string s = r.string(node, "soldier.role");
  for (anim::Role role : {anim::Role::rifleman, anim::Role::radioman, anim::Role::gunner})
    if (s == anim::role_name(role)) return role;
  r.fail(node, "soldier.role", "expected one of rifleman, radioman, gunner");
}

std::vector<anim::vec2> parse_ground(const TomlReader& r, const toml::node& node) {
  constexpr std::string_view key = "world.ground";
  const toml::array& a = bounded_array(r, node, key, limits::kMaxGroundPoints);
  if (a.size() < 2) r.fail(node, key, "expected at least two [x, y] points");
  std::vector<anim::vec2> ground;
  for (const toml::node& p : a) {
    const anim::vec2 v = world_point(r, p, key);
    if (!ground.empty() && !(v.x > ground.back().x)) r.fail(p, key, "expected x strictly increasing");
    ground.push_back(v);
  }
  return ground;
}

// A box's right edge and top are world coordinates too: its width and height are bounded by
// the room left to +kWorld from its left edge and from the ground under it.
anim::Box parse_box(const TomlReader& r, const toml::node& node, const anim::Terrain& terrain) {
  constexpr std::string_view key = "world.boxes";
  const toml::table& t = r.table(node, key);
  r.only_keys(t, key, kBoxKeys);
  anim::Box b;
  b.x = coordinate(r, r.required(t, "x", key), "world.boxes.x");
  b.width = r.number_in(r.required(t, "width", key), "world.boxes.width", kMinSize, kWorld - b.x, "m");
  b.height = r.number_in(r.required(t, "height", key), "world.boxes.height", kMinSize, kWorld - terrain.ground_at(b.x),
                         "m");
  return b;
}

anim::Ladder parse_ladder(const TomlReader& r, const toml::node& node) {
  constexpr std::string_view key = "world.ladders";
  const toml::table& t = r.table(node, key);
  r.only_keys(t, key, kLadderKeys);
  anim::Ladder l;
  l.x = coordinate(r, r.required(t, "x", key), "world.ladders.x");
  l.bottom = coordinate(r, r.required(t, "bottom", key), "world.ladders.bottom");
  const toml::node& top = r.required(t, "top", key);
  l.top = coordinate(r, top, "world.ladders.top");
  if (!(l.top > l.bottom)) r.fail(top, "world.ladders.top", "expected top > bottom");
  return l;
}

anim::Terrain parse_world(const TomlReader& r, const toml::node& node) {
  const toml::table& t = r.table(node, "world");
  r.only_keys(t, "world", kWorldKeys);
  anim::Terrain terrain;
  if (auto g = t.get("ground")) terrain.ground = parse_ground(r, *g);
  if (auto b = t.get("boxes"))
    for (const toml::node& n : bounded_array(r, *b, "world.boxes", limits::kMaxBoxes))
      terrain.boxes.push_back(parse_box(r, n, terrain));
  if (auto l = t.get("ladders"))
    for (const toml::node& n : bounded_array(r, *l, "world.ladders", limits::kMaxLadders))
      terrain.ladders.push_back(parse_ladder(r, n));
  return terrain;
}

InputEvent parse_input(const TomlReader& r, const toml::node& node, double previous_t) {
  constexpr std::string_view key = "soldier.input";
  const toml::table& t = r.table(node, key);
  r.only_keys(t, key, kInputKeys);
  InputEvent e;
  const toml::node& tn = r.required(t, "t", key);
  e.t = r.number_in(tn, "soldier.input.t", 0.0, limits::kMaxDuration, "s");
  if (e.t < previous_t) r.fail(tn, "soldier.input.t", "times out of order (before the previous input)");
  if (auto n = t.get("vx")) e.vx = r.number_in(*n, "soldier.input.vx", -kMaxSpeed, kMaxSpeed, "m/s");
  if (auto n = t.get("aim")) e.aim = world_point(r, *n, "soldier.input.aim");
  if (auto n = t.get("stance")) e.stance = parse_stance(r, *n, "soldier.input.stance");
  if (auto n = t.get("fire")) e.fire = r.boolean(*n, "soldier.input.fire");
  if (auto n = t.get("take")) e.take = r.boolean(*n, "soldier.input.take");
  if (auto n = t.get("die")) e.die = r.point(*n, "soldier.input.die");
  if (auto n = t.get("get_up")) e.get_up = r.boolean(*n, "soldier.input.get_up");
  if (auto n = t.get("climb")) {
    const std::int64_t c = r.integer(*n, "soldier.input.climb");
    if (c < -1 || c > 1) r.fail(*n, "soldier.input.climb", "expected -1, 0 or 1");
    e.climb = static_cast<int>(c);
  }
  return e;
}

// `character = "NAME"`: the build of assets/characters/NAME.toml (or of a path, relative to
// the scenario's folder `base`); the soldier's own `height` wins over the file's.
void parse_character(const TomlReader& r, const toml::node& node, const std::string& base, SoldierScript& s) {
  constexpr std::string_view key = "soldier.character";
  const std::string ref = r.string(node, key);
  std::string error;
  const std::string path = find_character(ref, base, asset_roots(), error);
  if (path.empty()) r.fail(node, key, error);
  const CharacterResult c = load_character_file(path);
  if (const auto* e = std::get_if<CharacterError>(&c)) r.fail(node, key, e->message);
  s.spec.build = std::get<CharacterBuild>(c).fractions;
  s.spec.height = std::get<CharacterBuild>(c).height;
  // Kept as given when a name, else as an absolute path: a recording written elsewhere
  // (game/core/session_recorder) still finds it.
  s.character = is_character_name(ref) ? ref : std::filesystem::absolute(path).lexically_normal().string();
}

SoldierScript parse_soldier(const TomlReader& r, const toml::node& node, const std::string& base) {
  constexpr std::string_view key = "soldier";
  const toml::table& t = r.table(node, key);
  r.only_keys(t, key, kSoldierKeys);
  SoldierScript s;
  const toml::node& id = r.required(t, "id", key);
  s.spec.id = r.string(id, "soldier.id");
  // The id is a field of every trace row: nothing that would split or garble a CSV field
  // (commas, quotes, line breaks and the other control characters; UTF-8 text is fine).
  const bool garbles = std::any_of(s.spec.id.begin(), s.spec.id.end(), [](char c) {
    const unsigned char u = static_cast<unsigned char>(c);
    return c == ',' || c == '"' || u < 0x20 || u == 0x7f;
  });
  if (s.spec.id.empty() || garbles)
    r.fail(id, "soldier.id", "expected a non-empty id without commas, quotes, newlines or other control characters");
  if (auto n = t.get("x")) s.spec.x = coordinate(r, *n, "soldier.x");
  if (auto n = t.get("facing")) {
    const std::int64_t f = r.integer(*n, "soldier.facing");
    if (f != 1 && f != -1) r.fail(*n, "soldier.facing", "expected 1 or -1");
    s.spec.facing = static_cast<int>(f);
  }
  if (auto n = t.get("character")) parse_character(r, *n, base, s);
  if (auto n = t.get("height"))
    s.spec.height = r.number_in(*n, "soldier.height", kMinHeight, kMaxHeight, "m");
  if (auto n = t.get("role")) s.spec.role = parse_role(r, *n);
  if (auto n = t.get("team")) {
    const std::int64_t team = r.integer(*n, "soldier.team");
    if (team < 0 || team >= anim::kTeams) r.fail(*n, "soldier.team", "expected a team 0..3");
    s.spec.team = static_cast<std::uint8_t>(team);
  }
  if (auto n = t.get("input")) {
    double previous_t = 0.0;
    for (const toml::node& in : r.array(*n, "soldier.input")) {
      s.inputs.push_back(parse_input(r, in, previous_t));
      previous_t = s.inputs.back().t;
    }
  }
  return s;
}

Scenario parse_document(const TomlReader& r, const toml::table& root, const ParseOptions& options,
                        const std::string& base) {
  r.only_keys(root, "", kRootKeys);
  if (options.reject_run_keys) {
    for (const char* key : {"duration", "dt"})
      if (const toml::node* n = root.get(key))
        r.fail(*n, key, "a scenario's key, not a level's (the window steps at 120 Hz until it is closed): "
                        "remove it, or give the file to render, trace or critique");
    if (const toml::node* n = root.get("soldier"); n && n->is_array())
      for (const toml::node& s : *n->as_array())
        if (const toml::table* t = s.as_table(); t && t->get("input"))
          r.fail(*t->get("input"), "soldier.input", "a scenario's key, not a level's (in the window the player and the "
                                                    "squad's following drive the soldiers): remove it, or give the file "
                                                    "to render, trace or critique");
  }
  Scenario sc;
  if (auto n = root.get("dt")) sc.dt = r.number_in(*n, "dt", limits::kMinDt, limits::kMaxDt, "s");
  // At least one step, so a trace has rows and a summary has time to divide by.
  if (auto n = root.get("duration"))
    sc.duration = r.number_in(*n, "duration", sc.dt, limits::kMaxDuration, "s (one step of dt to ten minutes)");
  else if (!options.allow_missing_duration)
    r.fail_line(1, "duration", "missing (required)");
  if (auto n = root.get("seed")) {
    const std::int64_t s = r.integer(*n, "seed");
    if (s < 0) r.fail(*n, "seed", "expected an integer >= 0");
    sc.seed = static_cast<std::uint64_t>(s);
  }
  if (auto n = root.get("world")) sc.terrain = parse_world(r, *n);
  if (auto n = root.get("battle")) {
    // The window's battle (game/core/battle.hpp) drives every soldier itself: a file run by
    // trace or render has its inputs for that, and the battle's own men replace a level's.
    if (!options.reject_run_keys)
      r.fail(*n, "battle", "a level's key (soldier play's two lines that advance, take cover and fire), not a "
                           "scenario's: remove it, or give the file to soldier play --level");
    sc.battle = r.boolean(*n, "battle");
    if (sc.battle && root.get("soldier"))
      r.fail(*root.get("soldier"), "soldier", "a battle level lines up its own two lines (--soldiers N): remove the "
                                              "[[soldier]] entries or battle = true");
  }
  if (auto n = root.get("tuning")) {
    anim::Tuning tuning;
    read_tuning_tables(r, r.table(*n, "tuning"), "tuning", tuning);
    sc.tuning = tuning;
  }

  std::set<std::string> ids;
  if (auto n = root.get("soldier")) {
    for (const toml::node& s : bounded_array(r, *n, "soldier", limits::kMaxSoldiers)) {
      SoldierScript script = parse_soldier(r, s, base);
      if (!ids.insert(script.spec.id).second)
        r.fail(*s.as_table()->get("id"), "soldier.id", "duplicate id \"" + script.spec.id + "\"");
      script.spec.seed = soldier_seed(sc.seed, sc.soldiers.size());
      sc.soldiers.push_back(std::move(script));
    }
  }
  if (sc.soldiers.empty() && !options.allow_no_soldiers)
    r.fail_line(1, "soldier", "expected at least one [[soldier]]");
  // Bounded work (issue 17): a run of the file must end in minutes, not days.
  const double work = std::round(sc.duration / sc.dt) * static_cast<double>(sc.soldiers.size());
  if (work > limits::kMaxSoldierSteps) {
    char what[160];
    std::snprintf(what, sizeof what, "%.3g steps x %zu soldiers is more than the %.0e soldier-steps a file may ask for "
                  "(shorten the duration, raise dt or use fewer soldiers)", std::round(sc.duration / sc.dt),
                  sc.soldiers.size(), limits::kMaxSoldierSteps);
    const toml::node* at = root.get("duration");
    r.fail_line(at ? at->source().begin.line : 1, "duration", what);
  }
  return sc;
}

}  // namespace

std::vector<std::string> scenario_keys() {
  std::vector<std::string> keys;
  const auto add = [&](std::string_view prefix, std::span<const std::string_view> table) {
    for (std::string_view k : table) keys.push_back(TomlReader::join(prefix, k));
  };
  add("", kRootKeys);
  add("world", kWorldKeys);
  add("world.boxes", kBoxKeys);
  add("world.ladders", kLadderKeys);
  add("soldier", kSoldierKeys);
  add("soldier.input", kInputKeys);
  return keys;
}

std::uint64_t soldier_seed(std::uint64_t scenario_seed, std::size_t index) {
  // splitmix64 (Steele, Lea & Flood 2014) of the scenario seed offset by the index.
  std::uint64_t z = scenario_seed + 0x9E3779B97F4A7C15ull * (static_cast<std::uint64_t>(index) + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

void reseed(Scenario& scenario, std::uint64_t seed) {
  scenario.seed = seed;
  for (std::size_t i = 0; i < scenario.soldiers.size(); ++i) scenario.soldiers[i].spec.seed = soldier_seed(seed, i);
}

ScenarioResult parse_scenario_text(std::string_view text, const std::string& source_name,
                                   const ParseOptions& options) {
  const TomlReader reader(source_name);
  try {
    const toml::table root = parse_toml(text, source_name);
    // Paths in the file (a soldier's character) are relative to the file's folder.
    return parse_document(reader, root, options, std::filesystem::path(source_name).parent_path().string());
  } catch (const TomlFailure& f) {
    return ScenarioError{f.message};
  }
}

ScenarioResult parse_scenario_file(const std::string& path, const ParseOptions& options) {
  std::string error;
  const std::optional<std::string> text = read_toml_file(path, error);
  if (!text) return ScenarioError{error};
  return parse_scenario_text(*text, path, options);
}

ScenarioResult parse_level_file(const std::string& path) {
  return parse_scenario_file(path, kLevelOptions);
}

}  // namespace game
