// Issue 17, finding 7: the inputs on which Debian's toml++ 3.3.0 reaches undefined behaviour
// (TOML_UNREACHABLE in is_non_ascii_horizontal_whitespace) or an internal assertion
// (parse_key on `[.`) get one line naming the file and line, through both parsers; valid
// files with non-ASCII text in strings and comments are untouched. Under the sanitizer build
// toml++ is compiled from its headers with its assertions on (SOLDIER_TOML_FROM_SOURCE), so
// without the guard these cases abort or are reported by UndefinedBehaviorSanitizer.
#include "game/core/scenario.hpp"
#include "game/core/tuning_file.hpp"

#include <doctest/doctest.h>

#include <string>
#include <utility>

namespace {

std::string scenario_error(const std::string& text) {
  const game::ScenarioResult r = game::parse_scenario_text(text, "g.toml");
  const auto* e = std::get_if<game::ScenarioError>(&r);
  return e ? e->message : std::string("(parsed without error)");
}

std::string tuning_error(const std::string& text) {
  const game::TuningResult r = game::parse_tuning_text(text, "g.toml");
  const auto* e = std::get_if<game::TuningError>(&r);
  return e ? e->message : std::string("(parsed without error)");
}

// UTF-8 of a code point below U+10000.
std::string utf8(char32_t c) {
  std::string s;
  if (c < 0x80) {
    s += static_cast<char>(c);
  } else if (c < 0x800) {
    s += static_cast<char>(0xC0 | (c >> 6));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    s += static_cast<char>(0xE0 | (c >> 12));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  }
  return s;
}

const std::string kSoldier = "[[soldier]]\nid = \"a\"\n";

void check_one_line(const std::string& message, const std::string& prefix) {
  CHECK_MESSAGE(message.find(prefix) == 0, message);
  CHECK(message.find('\n') == std::string::npos);
}

}  // namespace

TEST_CASE("`[.` and other table headers that do not start with a key") {
  for (const char* text : {"[.", "[.]\n", "[[.a]]\n", "[ .a]\n", "[=]\n", "[\n", "[[\n", "[,", "[#"}) {
    CAPTURE(text);
    check_one_line(scenario_error(text), "g.toml:1: ");
    check_one_line(tuning_error(text), "g.toml:1: ");
  }
  check_one_line(scenario_error("duration = 1\n\n[.world]\n"), "g.toml:3: a table header must start with a key");
}

TEST_CASE("an array that hands parse_value a terminator: `[}` and control characters") {
  // Found by fuzz/fuzz_formats with the guard off: parse_value asserts it does not start on a
  // value terminator; `}`, a vertical tab, a form feed or a lone CR in an array break that.
  const std::pair<const char*, const char*> cases[] = {
      {"u=[}", "g.toml:1: a '}' inside an array"},
      {"u = [1, }", "g.toml:1: a '}' inside an array"},
      {"u = [\v1]", "g.toml:1: control character outside a string"},
      {"u = [1,\f2]", "g.toml:1: control character"},
      {"u = [\r1]", "g.toml:1: control character"},
      {"duration = 1\n[world]\nground = [\n  [0, 0],\n  }", "g.toml:5: a '}' inside an array"},
  };
  for (const auto& [text, expect] : cases) {
    CAPTURE(text);
    check_one_line(scenario_error(text), expect);
    check_one_line(tuning_error(text), expect);
  }
  // CRLF line ends and tabs are ordinary TOML.
  game::ScenarioResult r = game::parse_scenario_text("duration = 1\r\n[[soldier]]\r\n\tid = \"a\"\r\n", "g.toml");
  if (const auto* e = std::get_if<game::ScenarioError>(&r)) FAIL(e->message);
}

TEST_CASE("a value followed by a non-ASCII code point of the unreachable ranges") {
  // One code point from each range the fuzzing found, and the ends of the ranges.
  for (char32_t c : {char32_t{0xE9}, char32_t{0xA1}, char32_t{0x499}, char32_t{0x2C5E}, char32_t{0x2FFF},
                     char32_t{0x3001}, char32_t{0x3057}, char32_t{0xFB26}, char32_t{0xFEFE}}) {
    CAPTURE(static_cast<unsigned>(c));
    const std::string e = utf8(c);
    check_one_line(scenario_error("duration = 1" + e + "\n" + kSoldier),
                   "g.toml:1: non-ASCII character outside a string or comment");
    check_one_line(scenario_error("duration = 1\ndt = 0.01 " + e + "\n" + kSoldier), "g.toml:2: non-ASCII");
    check_one_line(scenario_error("duration = true" + e + "\n"), "g.toml:1: non-ASCII");
    check_one_line(scenario_error("duration = [1, 2" + e + "]\n"), "g.toml:1: non-ASCII");
    check_one_line(scenario_error(e + "duration = 1\n"), "g.toml:1: non-ASCII");
    check_one_line(scenario_error("dura" + e + "tion = 1\n"), "g.toml:1: non-ASCII");
    check_one_line(scenario_error("[" + e + "]\n"), "g.toml:1: ");
    check_one_line(tuning_error("[body]\naccel_limit = 4" + e + "\n"), "g.toml:2: non-ASCII");
    // After a bare value toml++ scans on to a value terminator, across quotes: a string does
    // not start there (found by fuzz/fuzz_formats: `8.0zccc"""...`).
    check_one_line(scenario_error("duration = 8.0z\"\"\"" + e + "\"\"\"\n"), "g.toml:1: non-ASCII");
    check_one_line(scenario_error("duration = 1=\"" + e + "\"\n"), "g.toml:1: non-ASCII");
    check_one_line(scenario_error("duration = true'" + e + "'\n"), "g.toml:1: non-ASCII");
    check_one_line(scenario_error("duration = [1, 2\"" + e + "\"]\n"), "g.toml:1: non-ASCII");
    check_one_line(scenario_error("duration = 1979-05-27 07:32:00\"" + e + "\"\n"), "g.toml:1: non-ASCII");
    // In a multi-line basic string: after a backslash, and after a line-ending backslash.
    check_one_line(scenario_error("duration = 1\nx = \"\"\"a\\" + e + "\"\"\"\n"), "g.toml:2: non-ASCII");
    // Up to two quotes before the closing three belong to the string: then the code resumes.
    check_one_line(scenario_error("[[soldier]]\nid = \"\"\"a\"\"\"\"" + e + "\n"), "g.toml:2: non-ASCII");
    check_one_line(scenario_error("x = \"\"\"a\\\n\n   " + e + "\"\"\"\n"), "g.toml:3: non-ASCII character right after a line-ending backslash");
  }
}

TEST_CASE("non-ASCII text where TOML allows it parses as before") {
  const std::string e = utf8(0xE9), ideograph = utf8(0x3001);
  const std::string text = "\xEF\xBB\xBF# d" + e + "part, " + ideograph + "\nduration = 1 # fin" + e + "\n" +
                           "[[soldier]]\nid = \"Jos" + e + "\"\n[[soldier]]\nid = 'lit" + e + "ral'\n" +
                           "[[soldier]]\nid = \"\"\"multi" + e + "\"\"\"\n[[soldier]]\nid = '''ml" + ideograph + "'''\n" +
                           "[[soldier]]\nid = \"esc\\\\[.\\u00e9\"\n" +
                           "[[soldier]]\nid = \"\"\"line \\\n  end\"\"\"\n";
  game::ScenarioResult r = game::parse_scenario_text(text, "g.toml");
  if (const auto* err = std::get_if<game::ScenarioError>(&r)) FAIL(err->message);
  const game::Scenario s = std::get<game::Scenario>(r);
  REQUIRE(s.soldiers.size() == 6);
  CHECK(s.soldiers[0].spec.id == "Jos" + e);
  CHECK(s.soldiers[1].spec.id == "lit" + e + "ral");
  CHECK(s.soldiers[2].spec.id == "multi" + e);
  CHECK(s.soldiers[3].spec.id == "ml" + ideograph);
  CHECK(s.soldiers[4].spec.id == "esc\\[." + e);
  CHECK(s.soldiers[5].spec.id == "line end");
  // A quoted key in a table header may hold non-ASCII text: the parser's own error, not the guard's.
  CHECK(game::parse_scenario_text("duration = 1\n[\"w" + e + "\"]\n", "g.toml").index() == 1);
  const auto keyed = game::parse_scenario_text("duration = 1\n[[\"w" + e + "\".x]]\n", "g.toml");
  CHECK(std::get<game::ScenarioError>(keyed).message.find("unknown key") != std::string::npos);
  // A string value after `=` and in arrays is a string, wherever it stands.
  game::ScenarioResult values = game::parse_scenario_text(
      "duration=1\n[[soldier]]\nid=\"" + e + "\"\n[[soldier]]\nid = 'b'\n", "g.toml");
  if (const auto* err = std::get_if<game::ScenarioError>(&values)) FAIL(err->message);
  // A `[` inside a value, at the start of a line, is an array, not a table header.
  game::ScenarioResult g = game::parse_scenario_text(
      "duration = 1\n[world]\nground = [\n[0.0, 0.0],\n  [1.0, 0.5], # a comment with " + e + "\n]\n" + kSoldier, "g.toml");
  if (const auto* err = std::get_if<game::ScenarioError>(&g)) FAIL(err->message);
  CHECK(std::get<game::Scenario>(g).terrain.ground.size() == 2);
}
