#include "game/core/character_file.hpp"

#include "game/core/toml_reader.hpp"

#include <toml++/toml.h>

#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>

namespace game {
namespace {

namespace fs = std::filesystem;

constexpr double kMinHeight = 1.2;  // m: anim::Proportions' range
constexpr double kMaxHeight = 2.3;

// Every segment: its key and its field (one table, so the keys and the fields cannot part).
struct Segment {
  std::string_view key;
  double anim::SegmentFractions::*field;
  bool stacked;  // one of the segments from the floor to the crown
};
constexpr std::array<Segment, 12> kSegments = {{
    {"thigh", &anim::SegmentFractions::thigh, true},
    {"shank", &anim::SegmentFractions::shank, true},
    {"ankle_height", &anim::SegmentFractions::ankle_height, true},
    {"foot", &anim::SegmentFractions::foot, false},
    {"pelvis_width", &anim::SegmentFractions::pelvis_width, false},
    {"trunk", &anim::SegmentFractions::trunk, true},
    {"neck", &anim::SegmentFractions::neck, true},
    {"head", &anim::SegmentFractions::head, true},
    {"upper_arm", &anim::SegmentFractions::upper_arm, false},
    {"forearm", &anim::SegmentFractions::forearm, false},
    {"hand", &anim::SegmentFractions::hand, false},
    {"shoulder_width", &anim::SegmentFractions::shoulder_width, false},
}};

const Segment* segment(std::string_view key) {
  for (const Segment& s : kSegments)
    if (s.key == key) return &s;
  return nullptr;
}

std::string segment_names() {
  std::string names;
  for (const Segment& s : kSegments) names += (names.empty() ? "" : ", ") + std::string(s.key);
  return names;
}

// One [fractions] or [lengths] table into `build`; `metres` converts by the height.
void read_segments(const TomlReader& r, const toml::table& t, std::string_view table, bool metres,
                   CharacterBuild& build, std::set<std::string>& seen) {
  const anim::SegmentFractions winter;
  for (auto&& [key, node] : t) {
    const std::string full = TomlReader::join(table, key.str());
    const Segment* s = segment(key.str());
    if (!s) r.fail(node, full, "unknown key (expected one of " + segment_names() + ")");
    if (!seen.insert(std::string(key.str())).second)
      r.fail(node, full, "given in both [fractions] and [lengths]; give it once");
    const double w = winter.*(s->field);
    const double lo = kMinFractionShare * w, hi = kMaxFractionShare * w;
    // number_in's message gives the bounds it checks (issue 17); the unit says whence they come.
    char unit[120];
    if (metres) {
      std::snprintf(unit, sizeof unit, "m (0.7..1.3 of Winter's %.3f of the height)", w);
      build.fractions.*(s->field) = r.number_in(node, full, lo * build.height, hi * build.height, unit) / build.height;
    } else {
      std::snprintf(unit, sizeof unit, "of the height (0.7..1.3 of Winter's %.3f)", w);
      build.fractions.*(s->field) = r.number_in(node, full, lo, hi, unit);
    }
  }
}

CharacterBuild parse_document(const TomlReader& r, const toml::table& root) {
  constexpr std::string_view kKeys[] = {"height", "fractions", "lengths"};
  r.only_keys(root, "", kKeys);
  CharacterBuild build;
  if (auto n = root.get("height"))
    build.height = r.number_in(*n, "height", kMinHeight, kMaxHeight, "m");
  std::set<std::string> seen;
  if (auto n = root.get("fractions")) read_segments(r, r.table(*n, "fractions"), "fractions", false, build, seen);
  if (auto n = root.get("lengths")) read_segments(r, r.table(*n, "lengths"), "lengths", true, build, seen);

  double stack = 0.0;
  for (const Segment& s : kSegments)
    if (s.stacked) stack += build.fractions.*(s.field);
  if (std::abs(stack - 1.0) > kStackTolerance) {
    char what[260];
    std::snprintf(what, sizeof what,
                  "ankle_height + shank + thigh + trunk + neck + head make %.3f of the height, expected 1 (within "
                  "%.2f): a body's segments stack up to its height, so a longer leg needs a shorter trunk",
                  stack, kStackTolerance);
    const toml::node* at = root.get("fractions") ? root.get("fractions") : root.get("lengths");
    if (at) r.fail(*at, at == root.get("fractions") ? "fractions" : "lengths", what);
    r.fail_line(1, "", what);
  }
  return build;
}

}  // namespace

bool is_character_name(const std::string& ref) {
  if (ref.empty()) return false;
  for (char c : ref)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) return false;
  return true;
}

CharacterResult parse_character_text(std::string_view text, const std::string& source_name) {
  const TomlReader reader(source_name);
  try {
    const toml::table root = parse_toml(text, source_name);  // behind the guard (issue 17)
    return parse_document(reader, root);
  } catch (const TomlFailure& f) {
    return CharacterError{f.message};
  }
}

CharacterResult load_character_file(const std::string& path) {
  std::string error;
  const std::optional<std::string> text = read_toml_file(path, error);  // bounded (issue 17)
  if (!text) return CharacterError{error};
  return parse_character_text(*text, path);
}

std::string shipped_characters(std::span<const std::string> roots) {
  std::set<std::string> names;
  for (const std::string& root : roots) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(fs::path(root) / "characters", ec))
      if (e.path().extension() == ".toml") names.insert(e.path().stem().string());
  }
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "none found" : out;
}

std::string find_character(const std::string& ref, const std::string& base, std::span<const std::string> roots,
                           std::string& error) {
  std::error_code ec;
  if (is_character_name(ref)) {
    for (const std::string& root : roots) {
      const fs::path p = fs::path(root) / "characters" / (ref + ".toml");
      if (fs::is_regular_file(p, ec)) return p.string();
    }
    error = "no character \"" + ref + "\" in assets/characters/ (there: " + shipped_characters(roots) +
            "); a path to a .toml file works too";
    return {};
  }
  const fs::path p = fs::path(ref).is_absolute() ? fs::path(ref) : fs::path(base) / ref;
  if (fs::is_regular_file(p, ec)) return p.string();
  error = "no character file " + p.string();
  return {};
}

}  // namespace game
