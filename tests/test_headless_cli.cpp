// The headless commands as a new user tried them (issue 16), run as subprocesses (STYLE.md
// 8): a critique packet that must name a folder, a render too large to allocate, refused
// before it starts. Every bad input: one line, non-zero, nothing written.
#include "program_runner.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace {

using program_runner::Run;
using program_runner::Scratch;
using program_runner::count_lines;
using program_runner::only_streams_left;

Run soldier(const Scratch& scratch, const std::string& args) { return program_runner::run(scratch, "soldier", args); }

std::string scenario(const std::string& name) {
  return "'" + std::string(SOLDIER_SOURCE_DIR) + "/assets/scenarios/" + name + "'";
}

void check_refused(const Scratch& s, const std::string& args, const std::string& says) {
  CAPTURE(args);
  const Run r = soldier(s, args);
  CHECK(r.status != 0);
  CHECK(count_lines(r.err) == 1);
  CHECK_MESSAGE(r.err.find(says) != std::string::npos, r.err);
  CHECK(only_streams_left(s));
}

}  // namespace

TEST_CASE("critique --out must name a folder, not a file") {
  const Scratch s("soldier_headless_cli");
  const std::string base = "critique --scenario " + scenario("walk_short.toml") + " --at 0.5 --out ";
  check_refused(s, base + "'" + (s / "x.png").string() + "'", "names a folder");
  check_refused(s, base + "'" + (s / "notes.TXT").string() + "'", "names a folder");
  // An existing file is not a folder either (and is left alone).
  const fs::path file = s / "stdout.txt";
  const Run r = soldier(s, base + "'" + file.string() + "'");
  CHECK(r.status != 0);
  CHECK(r.err.find("is a file") != std::string::npos);
  // A folder name with a dot that is not a file type is still a folder.
  const fs::path ok = s / "review.v2";
  const Run good = soldier(s, base + "'" + ok.string() + "' --size 160x120");
  REQUIRE_MESSAGE(good.status == 0, good.err);
  CHECK(fs::exists(ok / "frame.png"));
}

TEST_CASE("render refuses a combined image too large to hold before it allocates it") {
  const Scratch s("soldier_headless_cli");
  std::string args = "render --scenario " + scenario("walk_short.toml") + " --size 8192x8192 --out '" +
                     (s / "big.png").string() + "'";
  for (int i = 0; i < 8; ++i) args += " --at 0." + std::to_string(i + 1);
  check_refused(s, args, "65536x8192");
  // Two frames of 4096x4096 are as many pixels as one of 8192x8192: allowed, and the check
  // is the only thing that stopped the eight above (not the scenario or the times).
  const Run r = soldier(s, "render --scenario " + scenario("walk_short.toml") + " --size 64x64 --at 0.1 --at 0.2 --out '" +
                               (s / "small.png").string() + "'");
  CHECK_MESSAGE(r.status == 0, r.err);
}
