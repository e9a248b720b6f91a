// docs/formats.md is the complete reference of the file formats (issues 16 and 17): its
// tables must list exactly the keys the parsers accept and the trace columns the writer
// writes, in order, and the tuning table the units, ranges and defaults of the code. When
// a key is added to a parser, this test names the row docs/formats.md still needs.
#include "game/core/scenario.hpp"
#include "game/core/trace_writer.hpp"
#include "game/core/tuning_fields.hpp"

#include <doctest/doctest.h>

#include <charconv>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

// The rows of the tables under the "## <title>" heading: key (first cell, without its
// backticks) -> all cells, trimmed.
using Rows = std::map<std::string, std::vector<std::string>>;

struct Doc {
  std::map<std::string, Rows> sections;
  std::map<std::string, std::vector<std::string>> order;  // keys in the order written
};

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

Doc read_doc() {
  std::ifstream in(std::string(SOLDIER_SOURCE_DIR) + "/docs/formats.md");
  REQUIRE_MESSAGE(in, "docs/formats.md is missing");
  Doc doc;
  std::string line, section;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) section = line.substr(3);
    if (line.rfind("| `", 0) != 0 || section.empty()) continue;
    std::vector<std::string> cells;
    std::stringstream row(line.substr(1));
    std::string cell;
    while (std::getline(row, cell, '|')) cells.push_back(trim(cell));
    if (!cells.empty() && cells.back().empty()) cells.pop_back();
    const std::string key = cells[0].substr(1, cells[0].find('`', 1) - 1);
    CHECK_MESSAGE(doc.sections[section].count(key) == 0, "docs/formats.md: " << key << " twice in " << section);
    doc.sections[section][key] = cells;
    doc.order[section].push_back(key);
  }
  return doc;
}

std::string number(double v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

// Every key of `want` has a row and every row is a key of `want`.
void check_same_keys(const Rows& rows, const std::set<std::string>& want, const std::string& section) {
  for (const std::string& k : want)
    CHECK_MESSAGE(rows.count(k) == 1, "docs/formats.md, " << section << ": no row for `" << k << "`, which the parser accepts");
  for (const auto& [k, cells] : rows)
    CHECK_MESSAGE(want.count(k) == 1, "docs/formats.md, " << section << ": `" << k << "` is documented but not accepted");
}

}  // namespace

TEST_CASE("the scenario and level tables list exactly the keys the parser accepts") {
  const Doc doc = read_doc();
  const std::vector<std::string> keys = game::scenario_keys();
  const std::set<std::string> want(keys.begin(), keys.end());
  CHECK(want.size() > 20);
  for (const char* section : {"Scenario file", "Level file"}) {
    CAPTURE(section);
    REQUIRE(doc.sections.count(section) == 1);
    check_same_keys(doc.sections.at(section), want, section);
  }
  // Every scenario row gives a type, a unit cell, a range, a default and a meaning.
  for (const auto& [key, cells] : doc.sections.at("Scenario file")) {
    CAPTURE(key);
    CHECK(cells.size() == 6);
  }
}

TEST_CASE("the scenario keys are those the parser takes: each documented leaf key parses") {
  // Black-box: a file naming each documented key of an input is accepted, an undocumented
  // one is not (the parser and scenario_keys() share their lists, this proves the lists).
  for (const std::string& key : game::scenario_keys()) {
    if (key.rfind("soldier.input.", 0) != 0) continue;
    const std::string name = key.substr(std::string("soldier.input.").size());
    if (name == "t") continue;
    std::string value = "true";
    if (name == "vx") value = "1.0";
    if (name == "aim" || name == "die") value = "[1.0, 1.0]";
    if (name == "stance") value = "\"stand\"";
    if (name == "climb") value = "0";
    const std::string text = "duration = 1\n[[soldier]]\nid = \"a\"\n[[soldier.input]]\nt = 0\n" + name + " = " + value + "\n";
    CAPTURE(text);
    CHECK(std::holds_alternative<game::Scenario>(game::parse_scenario_text(text, "k.toml")));
  }
  CHECK(std::holds_alternative<game::ScenarioError>(
      game::parse_scenario_text("duration = 1\n[[soldier]]\nid = \"a\"\nspeed = 1\n", "k.toml")));
}

TEST_CASE("the tuning table lists every section, field and curve with the code's unit, range and default") {
  const Doc doc = read_doc();
  REQUIRE(doc.sections.count("Tuning file") == 1);
  const Rows& rows = doc.sections.at("Tuning file");
  std::set<std::string> want;
  for (std::string_view s : game::tuning_sections()) want.insert(std::string(s));
  anim::Tuning defaults;
  for (const game::TuningField& f : game::tuning_fields()) {
    const std::string key = std::string(f.section) + "." + std::string(f.name);
    want.insert(key);
    CAPTURE(key);
    const auto it = rows.find(key);
    if (it == rows.end()) continue;  // reported by check_same_keys
    REQUIRE(it->second.size() == 6);
    CHECK(it->second[2] == f.unit);
    CHECK(it->second[3] == number(f.lo) + ".." + number(f.hi));
    CHECK(it->second[4] == number(f.access(defaults)));
  }
  for (const game::TuningCurve& c : game::tuning_curves()) {
    const std::string key = std::string(c.section) + "." + std::string(c.name);
    for (const std::string& k : {key, key + ".speed", key + ".value"}) want.insert(k);
    CAPTURE(key);
    const auto it = rows.find(key + ".value");
    if (it == rows.end()) continue;
    CHECK(it->second[2] == c.unit);
    CHECK(it->second[3] == number(c.lo) + ".." + number(c.hi) + " each");
    std::string values = "[";
    for (std::size_t i = 0; i < c.access(defaults).value.size(); ++i)
      values += (i ? ", " : "") + number(c.access(defaults).value[i]);
    CHECK(it->second[4] == values + "]");
  }
  check_same_keys(rows, want, "Tuning file");
}

TEST_CASE("the trace table lists every column the writer writes, in order") {
  const Doc doc = read_doc();
  REQUIRE(doc.order.count("Trace columns") == 1);
  std::vector<std::string> header;
  std::stringstream in(game::trace_header());
  std::string column;
  while (std::getline(in, column, ',')) header.push_back(column);
  CHECK(doc.order.at("Trace columns") == header);
}
