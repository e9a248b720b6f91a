// Issue 17: the trace writer never prints garbage -- every double prints in full in fixed
// notation with 6 decimals, however large (a 64-byte buffer overflowed at 1e57 and put stack
// memory into the CSV) -- the phase never prints as 1.000000, and the t column tells steps
// apart at the smallest dt a file may give.
#include "game/core/scenario.hpp"
#include "game/core/trace_writer.hpp"
#include "game/core/world.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace {

// The rows the writer makes for `frames` at time t, as text (header left out).
std::string rows_of(double t, const std::vector<anim::CharacterFrame>& frames) {
  std::FILE* f = std::tmpfile();
  REQUIRE(f);
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < frames.size(); ++i) ids.push_back("s" + std::to_string(i));
  game::TraceWriter writer(f, ids);
  writer.rows(t, frames);
  std::fflush(f);
  std::string text(static_cast<std::size_t>(std::ftell(f)), '\0');
  std::rewind(f);
  const std::size_t n = std::fread(text.data(), 1, text.size(), f);
  std::fclose(f);
  text.resize(n);
  return text;
}

std::vector<std::string> fields_of(const std::string& row) {
  std::vector<std::string> out;
  std::stringstream in(row.substr(0, row.find('\n')));
  std::string field;
  while (std::getline(in, field, ',')) out.push_back(field);
  return out;
}

// A trace field is a number, a state name or an id: nothing but these characters.
bool printable(const std::string& text) {
  for (char c : text) {
    const bool ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '.' || c == ',' || c == '-' || c == '\n';
    if (!ok) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("finding 3: huge values print in full, never the stack") {
  anim::CharacterFrame f;
  f.x = 1e300;
  f.vx = -std::numeric_limits<double>::max();
  f.ax = 1e57;
  f.aim_world = {1e57, -1e200};
  for (anim::vec2& j : f.joints) j = {std::numeric_limits<double>::max(), 1e20};
  const std::string row = rows_of(1.0, {f, f});
  CHECK(printable(row));
  CHECK(std::count(row.begin(), row.end(), '\n') == 2);
  const std::vector<std::string> fields = fields_of(row);
  REQUIRE(fields.size() > 12);
  // t, id, state, facing, x, vx, ax, ...: x is 1e300 to its last digit, 6 decimals.
  CHECK(fields[4].size() == 301 + 7);
  CHECK(fields[4].substr(0, 4) == "1000");
  CHECK(fields[4].substr(fields[4].size() - 7) == ".000000");
  CHECK(fields[5].size() == 1 + 309 + 7);  // -DBL_MAX
  CHECK(fields[5][0] == '-');
  char expect[128];
  std::snprintf(expect, sizeof expect, "%.6f", 1e57);
  CHECK(fields[6] == expect);
  CHECK(fields[11] == expect);
}

TEST_CASE("non-finite values print as words a CSV reader knows, not garbage") {
  anim::CharacterFrame f;
  f.x = std::numeric_limits<double>::quiet_NaN();
  f.vx = std::numeric_limits<double>::infinity();
  f.ax = -std::numeric_limits<double>::infinity();
  const std::vector<std::string> fields = fields_of(rows_of(0.5, {f}));
  CHECK(fields[4] == "nan");
  CHECK(fields[5] == "inf");
  CHECK(fields[6] == "-inf");
}

TEST_CASE("finding 6: the phase, in [0, 1), never prints as 1.000000") {
  for (double phase : {0.9999995, 0.99999951, 0.9999999, std::nextafter(1.0, 0.0)}) {
    CAPTURE(phase);
    anim::CharacterFrame f;
    f.phase = phase;
    CHECK(fields_of(rows_of(0.0, {f}))[7] == "0.999999");
  }
  anim::CharacterFrame f;
  f.phase = 0.9999994;
  CHECK(fields_of(rows_of(0.0, {f}))[7] == "0.999999");
  f.phase = 0.25;
  CHECK(fields_of(rows_of(0.0, {f}))[7] == "0.250000");
}

TEST_CASE("finding 6: at the smallest dt the t column still tells every step apart") {
  // dt below 1e-6 made t repeat; the parser takes dt >= 1e-4, 100 printed units per step.
  game::ScenarioResult r = game::parse_scenario_text("duration = 0.05\ndt = 0.0001\n[[soldier]]\nid = \"a\"\n", "t.toml");
  REQUIRE(std::holds_alternative<game::Scenario>(r));
  std::FILE* f = std::tmpfile();
  REQUIRE(f);
  game::TraceWriter writer(f, {"a"});
  game::simulate(std::get<game::Scenario>(r), [&](const game::SimStep& step, std::span<const anim::CharacterFrame> frames) {
    writer.rows(step.t, frames);
    return true;
  });
  std::fflush(f);
  std::rewind(f);
  std::string previous;
  int rows = 0;
  char line[1 << 14];
  while (std::fgets(line, sizeof line, f)) {
    const std::string t = fields_of(line)[0];
    CHECK(t != previous);
    previous = t;
    ++rows;
  }
  std::fclose(f);
  CHECK(rows == 500);
}
