#include "game/core/tuning_file.hpp"

#include "game/core/toml_reader.hpp"

#include "game/core/output_file.hpp"
#include "game/core/tuning_fields.hpp"

#include <toml++/toml.h>

#include <cmath>
#include <cstdio>
#include <filesystem>

namespace game {
namespace {


void read_curve(const TomlReader& r, const toml::table& t, std::string_view outer, const TuningCurve& c,
                anim::SpeedCurve& curve) {
  const std::string prefix = TomlReader::join(outer, TomlReader::join(c.section, c.name));
  for (auto&& [key, node] : t)
    if (key.str() != "speed" && key.str() != "value") r.fail(node, TomlReader::join(prefix, key.str()), "unknown key");
  anim::SpeedCurve out = curve;
  auto read_array = [&](std::string_view key, auto&& store) {
    const toml::node* n = t.get(key);
    if (!n) return;
    const auto* a = n->as_array();
    const std::string full = TomlReader::join(prefix, key);
    if (!a || a->size() != anim::SpeedCurve::kPoints)
      r.fail(*n, full, "expected an array of " + std::to_string(anim::SpeedCurve::kPoints) + " numbers");
    for (std::size_t i = 0; i < a->size(); ++i) store(i, (*a)[i], full);
  };
  read_array("speed", [&](std::size_t i, const toml::node& n, const std::string& key) {
    out.speed[i] = r.number_in(n, key, 0.0, 20.0, "m/s");
  });
  read_array("value", [&](std::size_t i, const toml::node& n, const std::string& key) {
    out.value[i] = r.number_in(n, key, c.lo, c.hi, c.unit);
  });
  const toml::node* speeds = t.get("speed");
  for (int i = 1; i < anim::SpeedCurve::kPoints; ++i)
    if (!(out.speed[i] > out.speed[i - 1]))
      r.fail(speeds ? *speeds : static_cast<const toml::node&>(t), TomlReader::join(prefix, "speed"),
             "expected speeds strictly increasing");
  curve = out;
}

void read_section(const TomlReader& r, const toml::table& t, std::string_view outer, std::string_view section,
                  anim::Tuning& tuning) {
  for (auto&& [key, node] : t) {
    const std::string full = TomlReader::join(outer, TomlReader::join(section, key.str()));
    bool known = false;
    for (const TuningField& f : tuning_fields()) {
      if (f.section != section || f.name != key.str()) continue;
      f.access(tuning) = r.number_in(node, full, f.lo, f.hi, f.unit);
      known = true;
    }
    for (const TuningCurve& c : tuning_curves()) {
      if (c.section != section || c.name != key.str()) continue;
      read_curve(r, r.table(node, full), outer, c, c.access(tuning));
      known = true;
    }
    if (!known) r.fail(node, full, "unknown key");
  }
}

}  // namespace

void read_tuning_tables(const TomlReader& r, const toml::table& root, std::string_view prefix, anim::Tuning& tuning) {
  for (auto&& [key, node] : root) {
    bool known = false;
    for (std::string_view s : tuning_sections()) known = known || key.str() == s;
    const std::string full = TomlReader::join(prefix, key.str());
    if (!known) {
      std::string sections;
      for (std::string_view s : tuning_sections()) sections += (sections.empty() ? "" : ", ") + std::string(s);
      r.fail(node, full, "unknown key (expected one of " + sections + ")");
    }
    read_section(r, r.table(node, full), prefix, key.str(), tuning);
  }
}

bool same_tuning(const anim::Tuning& a_in, const anim::Tuning& b_in) {
  anim::Tuning a = a_in, b = b_in;  // access() hands out mutable refs; these copies are only read
  for (const TuningField& f : tuning_fields())
    if (f.access(a) != f.access(b)) return false;
  for (const TuningCurve& c : tuning_curves())
    if (c.access(a).speed != c.access(b).speed || c.access(a).value != c.access(b).value) return false;
  return true;
}

TuningResult parse_tuning_text(std::string_view text, const std::string& source_name, const anim::Tuning& base) {
  const TomlReader r(source_name);
  anim::Tuning tuning = base;
  try {
    const toml::table root = parse_toml(text, source_name);
    read_tuning_tables(r, root, "", tuning);
  } catch (const TomlFailure& f) {
    return TuningError{f.message};
  }
  return tuning;
}

TuningResult load_tuning_file(const std::string& path, const anim::Tuning& base) {
  std::string error;
  const std::optional<std::string> text = read_toml_file(path, error);
  if (!text) return TuningError{error};
  return parse_tuning_text(*text, path, base);
}

std::string tuning_to_toml(const anim::Tuning& tuning_in, std::string_view prefix) {
  anim::Tuning tuning = tuning_in;  // access() hands out mutable refs; this copy is only read
  const std::string outer = prefix.empty() ? std::string() : std::string(prefix) + ".";
  std::string out = prefix.empty()
                        ? "# soldier tuning file (game/core/tuning_file.hpp): keys are anim::Tuning's members, units\n"
                          "# as in anim/tuning.hpp. Keys left out keep their defaults.\n"
                        : "";
  for (std::string_view section : tuning_sections()) {
    out += "\n[" + outer + std::string(section) + "]\n";
    for (const TuningField& f : tuning_fields()) {
      if (f.section != section) continue;
      out += std::string(f.name) + " = " + toml_number(f.access(tuning)) + "  # " + std::string(f.unit) + "\n";
    }
    for (const TuningCurve& c : tuning_curves()) {
      if (c.section != section) continue;
      const anim::SpeedCurve& curve = c.access(tuning);
      out += "\n[" + outer + std::string(section) + "." + std::string(c.name) + "]  # value in " + std::string(c.unit) +
             " at speed in m/s\n";
      auto array = [&](const auto& a) {
        std::string s = "[";
        for (std::size_t i = 0; i < a.size(); ++i) s += (i ? ", " : "") + toml_number(a[i]);
        return s + "]";
      };
      out += "speed = " + array(curve.speed) + "\n";
      out += "value = " + array(curve.value) + "\n";
    }
  }
  return out;
}

bool save_tuning_file(const anim::Tuning& tuning, const std::string& path, std::string& error) {
  std::error_code ec;
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  const std::unique_ptr<OutputFile> file = OutputFile::open(path, error);
  if (!file) return false;
  const std::string text = tuning_to_toml(tuning);
  std::fwrite(text.data(), 1, text.size(), file->stream());
  return file->commit(error);
}

}  // namespace game
