// The README as a new user reads it (issue 16): it shows every flag the programs take,
// every key and gamepad control the window listens to, and its gait table is tested in
// test_sheet_flags.cpp. A flag or key added without the README fails here.
#include "game/core/hud.hpp"
#include "game/core/input_map.hpp"

#include "program_runner.hpp"

#include <doctest/doctest.h>

#include <regex>
#include <set>
#include <string>

namespace {

std::string readme() { return program_runner::read_file(std::string(SOLDIER_SOURCE_DIR) + "/README.md"); }

// The long flags a program's --help lists.
std::set<std::string> flags_of(const std::string& program, const std::string& command) {
  const program_runner::Scratch s("soldier_readme");
  const program_runner::Run r = program_runner::run(s, program, command + " --help");
  REQUIRE(r.status == 0);
  std::set<std::string> flags;
  const std::regex flag("--[a-z][a-z-]*");
  for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), flag); it != std::sregex_iterator(); ++it)
    flags.insert(it->str());
  flags.erase("--help");
  return flags;
}

}  // namespace

TEST_CASE("the README shows every command and every flag of the programs") {
  const std::string text = readme();
  for (const char* command : {"play", "render", "trace", "critique", "export"}) {
    CAPTURE(command);
    CHECK(text.find(std::string("soldier ") + command) != std::string::npos);
    for (const std::string& flag : flags_of("soldier", command)) {
      CAPTURE(flag);
      CHECK(text.find(flag) != std::string::npos);
    }
  }
  for (const std::string& flag : flags_of("contact-sheet", "")) {
    CAPTURE(flag);
    CHECK(text.find(flag) != std::string::npos);
  }
}

TEST_CASE("the README's controls list every key and gamepad control the window has") {
  const std::string text = readme();
  const std::size_t from = text.find("| keyboard / mouse |"), to = text.find("## Programs");
  REQUIRE(from != std::string::npos);
  REQUIRE(to > from);
  const std::string controls = text.substr(from, to - from);
  for (const game::KeyBinding& b : game::key_bindings()) {
    std::string name(game::key_name(b.key));
    if (name.size() == 1 && name[0] >= '1' && name[0] <= '9') name = "1–9";
    if (name == "[" || name == "]" || name == ".") name = "`" + name + "`";
    CAPTURE(name);
    CHECK(controls.find(name) != std::string::npos);
  }
  for (const std::string& line : game::help_pad_lines()) {
    const std::size_t tab = line.find('\t');
    if (tab == std::string::npos || line.rfind("cursor", 0) == 0 || line.rfind("left click", 0) == 0 ||
        line.rfind("wheel", 0) == 0)
      continue;  // headings, and the mouse (in the keyboard table)
    CAPTURE(line);
    CHECK(controls.find("| " + line.substr(0, tab)) != std::string::npos);
  }
}
