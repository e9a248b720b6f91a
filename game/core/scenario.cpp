// Scenario parsing: every check of INTERFACES.md "Scenario file", each failing with one line
// that names the file, the line and the key.
#include "game/core/scenario.hpp"

#include <toml++/toml.h>

#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <set>
#include <string_view>

namespace game {
namespace {

// Valid ranges (INTERFACES.md and anim's documented ranges), in one place.
constexpr double kMaxDt = 0.1;              // s: coarser steps break the gait's contacts
constexpr double kMaxDuration = 600.0;      // s: ten minutes of trace is ample for any check
constexpr double kMaxSpeed = 8.0;           // m/s: anim::Intent::vx_desired's range
constexpr double kMinHeight = 1.2;          // m: anim::Proportions' range
constexpr double kMaxHeight = 2.3;          // m

// Thrown inside this file only; the public functions turn it into a ScenarioError.
struct Failure {
  std::string message;
};

// Reads one document, remembering its name for the messages.
class Reader {
 public:
  explicit Reader(std::string source) : source_(std::move(source)) {}

  [[noreturn]] void fail(const toml::node& at, std::string_view key, std::string_view what) const {
    fail_line(at.source().begin.line, key, what);
  }
  [[noreturn]] void fail_line(std::size_t line, std::string_view key, std::string_view what) const {
    std::string m = source_ + ":" + std::to_string(line == 0 ? 1 : line) + ": ";
    if (!key.empty()) m += std::string(key) + ": ";
    throw Failure{m + std::string(what)};
  }

  // Every key of `table` must be one of `known` (unknown keys are errors, INTERFACES.md).
  void only_keys(const toml::table& table, std::string_view prefix,
                 std::initializer_list<std::string_view> known) const {
    for (auto&& [key, node] : table) {
      bool ok = false;
      for (auto k : known) ok = ok || key.str() == k;
      if (!ok) fail(node, join(prefix, key.str()), "unknown key");
    }
  }

  double number(const toml::node& node, std::string_view key) const {
    double v = 0.0;
    if (auto i = node.as_integer()) v = static_cast<double>(i->get());
    else if (auto f = node.as_floating_point()) v = f->get();
    else fail(node, key, "expected a number");
    if (!std::isfinite(v)) fail(node, key, "expected a finite number");
    return v;
  }

  // A number in [lo, hi]; `range` says the range in words for the message.
  double number_in(const toml::node& node, std::string_view key, double lo, double hi,
                   std::string_view range) const {
    const double v = number(node, key);
    if (v < lo || v > hi) fail(node, key, "expected " + std::string(range));
    return v;
  }

  std::int64_t integer(const toml::node& node, std::string_view key) const {
    auto i = node.as_integer();
    if (!i) fail(node, key, "expected an integer");
    return i->get();
  }

  bool boolean(const toml::node& node, std::string_view key) const {
    auto b = node.as_boolean();
    if (!b) fail(node, key, "expected true or false");
    return b->get();
  }

  std::string string(const toml::node& node, std::string_view key) const {
    auto s = node.as_string();
    if (!s) fail(node, key, "expected a string");
    return s->get();
  }

  anim::vec2 point(const toml::node& node, std::string_view key) const {
    auto a = node.as_array();
    if (!a || a->size() != 2) fail(node, key, "expected [x, y]");
    return {number((*a)[0], key), number((*a)[1], key)};
  }

  const toml::table& table(const toml::node& node, std::string_view key) const {
    auto t = node.as_table();
    if (!t) fail(node, key, "expected a table");
    return *t;
  }

  const toml::array& array(const toml::node& node, std::string_view key) const {
    auto a = node.as_array();
    if (!a) fail(node, key, "expected an array");
    return *a;
  }

  // The node of a required key.
  const toml::node& required(const toml::table& table, std::string_view key,
                             std::string_view prefix) const {
    const toml::node* n = table.get(key);
    if (!n) fail(table, join(prefix, key), "missing (required)");
    return *n;
  }

  static std::string join(std::string_view prefix, std::string_view key) {
    return prefix.empty() ? std::string(key) : std::string(prefix) + "." + std::string(key);
  }

 private:
  std::string source_;
};

anim::Stance parse_stance(const Reader& r, const toml::node& node, std::string_view key) {
  const std::string s = r.string(node, key);
  if (s == "stand") return anim::Stance::stand;
  if (s == "crouch") return anim::Stance::crouch;
  if (s == "prone") return anim::Stance::prone;
  if (s == "kneel") return anim::Stance::kneel;
  r.fail(node, key, "expected one of stand, crouch, prone, kneel");
}

std::vector<anim::vec2> parse_ground(const Reader& r, const toml::node& node) {
  constexpr std::string_view key = "world.ground";
  const toml::array& a = r.array(node, key);
  if (a.size() < 2) r.fail(node, key, "expected at least two [x, y] points");
  std::vector<anim::vec2> ground;
  for (const toml::node& p : a) {
    const anim::vec2 v = r.point(p, key);
    if (!ground.empty() && !(v.x > ground.back().x)) r.fail(p, key, "expected x strictly increasing");
    ground.push_back(v);
  }
  return ground;
}

anim::Box parse_box(const Reader& r, const toml::node& node) {
  constexpr std::string_view key = "world.boxes";
  const toml::table& t = r.table(node, key);
  r.only_keys(t, key, {"x", "width", "height"});
  anim::Box b;
  b.x = r.number(r.required(t, "x", key), "world.boxes.x");
  b.width = r.number_in(r.required(t, "width", key), "world.boxes.width", 1e-6, 1e6, "a width > 0");
  b.height = r.number_in(r.required(t, "height", key), "world.boxes.height", 1e-6, 1e6, "a height > 0");
  return b;
}

anim::Ladder parse_ladder(const Reader& r, const toml::node& node) {
  constexpr std::string_view key = "world.ladders";
  const toml::table& t = r.table(node, key);
  r.only_keys(t, key, {"x", "bottom", "top"});
  anim::Ladder l;
  l.x = r.number(r.required(t, "x", key), "world.ladders.x");
  l.bottom = r.number(r.required(t, "bottom", key), "world.ladders.bottom");
  const toml::node& top = r.required(t, "top", key);
  l.top = r.number(top, "world.ladders.top");
  if (!(l.top > l.bottom)) r.fail(top, "world.ladders.top", "expected top > bottom");
  return l;
}

anim::Terrain parse_world(const Reader& r, const toml::node& node) {
  const toml::table& t = r.table(node, "world");
  r.only_keys(t, "world", {"ground", "boxes", "ladders"});
  anim::Terrain terrain;
  if (auto g = t.get("ground")) terrain.ground = parse_ground(r, *g);
  if (auto b = t.get("boxes"))
    for (const toml::node& n : r.array(*b, "world.boxes")) terrain.boxes.push_back(parse_box(r, n));
  if (auto l = t.get("ladders"))
    for (const toml::node& n : r.array(*l, "world.ladders")) terrain.ladders.push_back(parse_ladder(r, n));
  return terrain;
}

InputEvent parse_input(const Reader& r, const toml::node& node, double previous_t) {
  constexpr std::string_view key = "soldier.input";
  const toml::table& t = r.table(node, key);
  r.only_keys(t, key, {"t", "vx", "aim", "stance", "fire", "die", "get_up", "climb"});
  InputEvent e;
  const toml::node& tn = r.required(t, "t", key);
  e.t = r.number_in(tn, "soldier.input.t", 0.0, 1e9, "a time >= 0");
  if (e.t < previous_t) r.fail(tn, "soldier.input.t", "times out of order (before the previous input)");
  if (auto n = t.get("vx")) e.vx = r.number_in(*n, "soldier.input.vx", -kMaxSpeed, kMaxSpeed, "a speed within -8..8 m/s");
  if (auto n = t.get("aim")) e.aim = r.point(*n, "soldier.input.aim");
  if (auto n = t.get("stance")) e.stance = parse_stance(r, *n, "soldier.input.stance");
  if (auto n = t.get("fire")) e.fire = r.boolean(*n, "soldier.input.fire");
  if (auto n = t.get("die")) e.die = r.point(*n, "soldier.input.die");
  if (auto n = t.get("get_up")) e.get_up = r.boolean(*n, "soldier.input.get_up");
  if (auto n = t.get("climb")) {
    const std::int64_t c = r.integer(*n, "soldier.input.climb");
    if (c < -1 || c > 1) r.fail(*n, "soldier.input.climb", "expected -1, 0 or 1");
    e.climb = static_cast<int>(c);
  }
  return e;
}

SoldierScript parse_soldier(const Reader& r, const toml::node& node) {
  constexpr std::string_view key = "soldier";
  const toml::table& t = r.table(node, key);
  r.only_keys(t, key, {"id", "x", "facing", "height", "input"});
  SoldierScript s;
  const toml::node& id = r.required(t, "id", key);
  s.spec.id = r.string(id, "soldier.id");
  if (s.spec.id.empty() || s.spec.id.find_first_of(",\"\r\n") != std::string::npos)
    r.fail(id, "soldier.id", "expected a non-empty id without commas, quotes or newlines");
  if (auto n = t.get("x")) s.spec.x = r.number(*n, "soldier.x");
  if (auto n = t.get("facing")) {
    const std::int64_t f = r.integer(*n, "soldier.facing");
    if (f != 1 && f != -1) r.fail(*n, "soldier.facing", "expected 1 or -1");
    s.spec.facing = static_cast<int>(f);
  }
  if (auto n = t.get("height"))
    s.spec.height = r.number_in(*n, "soldier.height", kMinHeight, kMaxHeight, "a height within 1.2..2.3 m");
  if (auto n = t.get("input")) {
    double previous_t = 0.0;
    for (const toml::node& in : r.array(*n, "soldier.input")) {
      s.inputs.push_back(parse_input(r, in, previous_t));
      previous_t = s.inputs.back().t;
    }
  }
  return s;
}

Scenario parse_document(const Reader& r, const toml::table& root, const ParseOptions& options) {
  r.only_keys(root, "", {"duration", "dt", "seed", "world", "soldier"});
  Scenario sc;
  if (auto n = root.get("duration"))
    sc.duration = r.number_in(*n, "duration", 1e-9, kMaxDuration, "a duration > 0 and <= 600 s");
  else if (!options.allow_missing_duration)
    r.fail_line(1, "duration", "missing (required)");
  if (auto n = root.get("dt")) sc.dt = r.number_in(*n, "dt", 1e-9, kMaxDt, "a step > 0 and <= 0.1 s");
  if (auto n = root.get("seed")) {
    const std::int64_t s = r.integer(*n, "seed");
    if (s < 0) r.fail(*n, "seed", "expected an integer >= 0");
    sc.seed = static_cast<std::uint64_t>(s);
  }
  if (auto n = root.get("world")) sc.terrain = parse_world(r, *n);

  std::set<std::string> ids;
  if (auto n = root.get("soldier")) {
    for (const toml::node& s : r.array(*n, "soldier")) {
      SoldierScript script = parse_soldier(r, s);
      if (!ids.insert(script.spec.id).second)
        r.fail(*s.as_table()->get("id"), "soldier.id", "duplicate id \"" + script.spec.id + "\"");
      script.spec.seed = soldier_seed(sc.seed, sc.soldiers.size());
      sc.soldiers.push_back(std::move(script));
    }
  }
  if (sc.soldiers.empty() && !options.allow_no_soldiers)
    r.fail_line(1, "soldier", "expected at least one [[soldier]]");
  return sc;
}

}  // namespace

std::uint64_t soldier_seed(std::uint64_t scenario_seed, std::size_t index) {
  // splitmix64 (Steele, Lea & Flood 2014) of the scenario seed offset by the index.
  std::uint64_t z = scenario_seed + 0x9E3779B97F4A7C15ull * (static_cast<std::uint64_t>(index) + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

ScenarioResult parse_scenario_text(std::string_view text, const std::string& source_name,
                                   const ParseOptions& options) {
  const Reader reader(source_name);
  try {
    const toml::table root = toml::parse(text, source_name);
    return parse_document(reader, root, options);
  } catch (const toml::parse_error& e) {
    std::string what(e.description());
    for (char& c : what)
      if (c == '\n' || c == '\r') c = ' ';  // one line, always
    return ScenarioError{source_name + ":" + std::to_string(e.source().begin.line) + ": " + what};
  } catch (const Failure& f) {
    return ScenarioError{f.message};
  }
}

ScenarioResult parse_scenario_file(const std::string& path, const ParseOptions& options) {
  std::string text;
  {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return ScenarioError{path + ": cannot open the file"};
    char buf[1 << 14];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    const bool bad = std::ferror(f) != 0;
    std::fclose(f);
    if (bad) return ScenarioError{path + ": cannot read the file"};
  }
  return parse_scenario_text(text, path, options);
}

ScenarioResult parse_level_file(const std::string& path) {
  return parse_scenario_file(path, ParseOptions{.allow_missing_duration = true, .allow_no_soldiers = true});
}

}  // namespace game
