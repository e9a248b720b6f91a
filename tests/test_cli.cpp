// The built `soldier` program run as a subprocess (STYLE.md 8): help, the trace contract,
// one-line errors that leave no file behind, determinism, and the PNG of `render`.
#include "program_runner.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

using program_runner::Run;
using program_runner::Scratch;
using program_runner::count_lines;
using program_runner::first_line;
using program_runner::only_streams_left;
using program_runner::read_file;
using program_runner::soldier;

std::string asset(const std::string& name) {
  return std::string(SOLDIER_SOURCE_DIR) + "/assets/scenarios/" + name;
}

}  // namespace

TEST_CASE("every command answers --help with exit 0") {
  Scratch s("soldier_test_cli");
  for (const char* args : {"--help", "play --help", "trace --help", "render --help", "critique --help", "export --help"}) {
    CAPTURE(args);
    const Run r = soldier(s, args);
    CHECK(r.status == 0);
    CHECK(r.out.find("Usage") != std::string::npos);
  }
}

TEST_CASE("trace writes the contract header and one row per soldier per step") {
  Scratch s("soldier_test_cli");
  const fs::path csv = s / "walk_short.csv";
  const Run r = soldier(s, "trace --scenario '" + asset("walk_short.toml") + "' --out '" + csv.string() + "'");
  REQUIRE_MESSAGE(r.status == 0, r.err);
  const std::string text = read_file(csv);
  std::string want = read_file(fs::path(SOLDIER_SOURCE_DIR) / "tests" / "data" / "trace_columns.txt");
  while (!want.empty() && (want.back() == '\n' || want.back() == '\r')) want.pop_back();
  // The required columns in order, then any extra columns (INTERFACES.md: extend at the end).
  const std::string header = first_line(text);
  CHECK(header.substr(0, want.size()) == want);
  CHECK((header.size() == want.size() || header[want.size()] == ','));
  CHECK(count_lines(text) == 1 + 120);  // 1 s at 1/120 s, one soldier
  // Every row has as many fields as the header.
  const auto fields = [](const std::string& line) { return std::count(line.begin(), line.end(), ',') + 1; };
  std::istringstream rows(text);
  std::string line;
  std::getline(rows, line);
  const auto columns = fields(line);
  while (std::getline(rows, line)) REQUIRE(fields(line) == columns);
}

TEST_CASE("trace --out - writes to stdout, --summary prints a row per soldier") {
  Scratch s("soldier_test_cli");
  const Run r = soldier(s, "trace --scenario '" + asset("walk_short.toml") + "' --out -");
  REQUIRE(r.status == 0);
  CHECK(r.out.rfind("t,id,state,facing,", 0) == 0);
  const Run sum = soldier(s, "trace --scenario '" + asset("squad.toml") + "' --out '" + (s / "q.csv").string() +
                                 "' --summary");
  REQUIRE_MESSAGE(sum.status == 0, sum.err);
  for (const char* id : {"lead", "tall", "short", "low", "cover"}) CHECK(sum.out.find(id) != std::string::npos);
}

TEST_CASE("the same scenario traced twice is byte-identical") {
  Scratch s("soldier_test_cli");
  for (const char* name : {"walk.toml", "squad.toml"}) {
    CAPTURE(name);
    const fs::path a = s / "a.csv", b = s / "b.csv";
    REQUIRE(soldier(s, "trace --scenario '" + asset(name) + "' --out '" + a.string() + "'").status == 0);
    REQUIRE(soldier(s, "trace --scenario '" + asset(name) + "' --out '" + b.string() + "'").status == 0);
    const std::string ta = read_file(a), tb = read_file(b);
    CHECK(ta.size() > 1000);
    CHECK(ta == tb);
  }
}

TEST_CASE("a bad scenario: one line naming the line and key, non-zero, no file written") {
  Scratch s("soldier_test_cli");
  const fs::path bad = s / "bad.toml";
  std::ofstream(bad) << "duration = 1.0\n[[soldier]]\nid = \"a\"\n  [[soldier.input]]\n  t = 0.0\n  vx = \"fast\"\n";
  const fs::path csv = s / "out.csv";
  const Run r = soldier(s, "trace --scenario '" + bad.string() + "' --out '" + csv.string() + "'");
  CHECK(r.status != 0);
  CHECK(count_lines(r.err) == 1);
  CHECK(r.err.find("bad.toml:6: soldier.input.vx") != std::string::npos);
  CHECK_FALSE(fs::exists(csv));
  fs::remove(bad);
  CHECK(only_streams_left(s));

  const fs::path png = s / "out.png";
  const Run rr = soldier(s, "render --scenario '" + bad.string() + "' --at 0.5 --out '" + png.string() + "'");
  CHECK(rr.status != 0);
  CHECK(count_lines(rr.err) == 1);
  CHECK_FALSE(fs::exists(png));
}

TEST_CASE("bad flags, files and values: one line, non-zero") {
  Scratch s("soldier_test_cli");
  const std::string walk = "'" + asset("walk_short.toml") + "'";
  const std::string cases[] = {
      "--no-such-flag",
      "frobnicate",
      "trace --scenario " + walk,                                       // no --out
      "trace --scenario " + walk + " --out x.csv --bogus",
      "trace --scenario /nonexistent.toml --out '" + (s / "x.csv").string() + "'",
      "trace --scenario " + walk + " --out /nonexistent/dir/x.csv",
      "render --scenario " + walk + " --at 0.5 --out '" + (s / "x.png").string() + "' --size 10by10",
      "render --scenario " + walk + " --at 5.0 --out '" + (s / "x.png").string() + "'",  // after the end
      "render --scenario " + walk + " --at abc --out '" + (s / "x.png").string() + "'",
      "play --quit-after -1",
  };
  for (const std::string& args : cases) {
    CAPTURE(args);
    const Run r = soldier(s, args);
    CHECK(r.status != 0);
    CHECK(count_lines(r.err) == 1);
    CHECK(only_streams_left(s));
  }
}

TEST_CASE("render writes a PNG with the frames side by side") {
  Scratch s("soldier_test_cli");
  const fs::path one = s / "one.png", two = s / "two.png";
  const Run r1 = soldier(s, "render --scenario '" + asset("walk_short.toml") + "' --at 0.5 --out '" +
                                one.string() + "' --size 320x240");
  REQUIRE_MESSAGE(r1.status == 0, r1.err);
  const Run r2 = soldier(s, "render --scenario '" + asset("walk_short.toml") + "' --at 0 --at 0.5 --at 1.0 --out '" +
                                two.string() + "' --size 320x240");
  REQUIRE_MESSAGE(r2.status == 0, r2.err);
  const std::string png1 = read_file(one), png2 = read_file(two);
  REQUIRE(png1.size() > 24);
  CHECK(png1.substr(1, 3) == "PNG");
  // The IHDR width (bytes 16..19, big-endian): three frames are three times as wide.
  const auto width = [](const std::string& png) {
    const auto b = [&](int i) { return static_cast<unsigned>(static_cast<unsigned char>(png[i])); };
    return (b(16) << 24) | (b(17) << 16) | (b(18) << 8) | b(19);
  };
  CHECK(width(png1) == 320);
  CHECK(width(png2) == 960);
}

TEST_CASE("critique writes the frame and the two reviewers' prompts") {
  Scratch s("soldier_test_cli");
  const fs::path dir = s / "packet";
  const Run r = soldier(s, "critique --scenario '" + asset("walk_short.toml") + "' --at 0.5 --out '" + dir.string() +
                               "' --size 320x240");
  REQUIRE_MESSAGE(r.status == 0, r.err);
  CHECK(fs::exists(dir / "frame.png"));
  CHECK_FALSE(fs::exists(dir / "side_by_side.png"));  // no reference given
  CHECK(read_file(dir / "art_director.txt").find("palette") != std::string::npos);
  CHECK(read_file(dir / "animator.txt").find("only the figures") != std::string::npos);

  const fs::path with_ref = s / "with_ref";
  const Run rr = soldier(s, "critique --scenario '" + asset("walk_short.toml") + "' --at 0.5 --out '" +
                                with_ref.string() + "' --size 320x240 --reference '" + (dir / "frame.png").string() + "'");
  REQUIRE_MESSAGE(rr.status == 0, rr.err);
  CHECK(fs::exists(with_ref / "side_by_side.png"));

  const fs::path bad = s / "bad_ref";
  const Run rb = soldier(s, "critique --scenario '" + asset("walk_short.toml") + "' --at 0.5 --out '" + bad.string() +
                                "' --reference /nonexistent.png");
  CHECK(rb.status != 0);
  CHECK(count_lines(rb.err) == 1);
  CHECK_FALSE(fs::exists(bad));
}
