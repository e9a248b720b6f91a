// Issue 17 at the command line: hostile files and requests get one line and a non-zero exit
// before any work (a file read without limit, a 10.7 GB image), a trace interrupted by
// SIGINT or SIGTERM leaves no temporary behind, and the shortest run still has rows and a
// summary without -nan.
#include "program_runner.hpp"

#include <doctest/doctest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

using program_runner::Run;
using program_runner::Scratch;
using program_runner::count_lines;
using program_runner::only_streams_left;
using program_runner::soldier;

std::string asset(const std::string& name) { return std::string(SOLDIER_SOURCE_DIR) + "/assets/scenarios/" + name; }

// Starts `soldier args...` with SIGINT and SIGTERM at their defaults (a shell's background
// job would ignore SIGINT), stdout and stderr to /dev/null; returns its pid.
pid_t spawn_soldier(const std::vector<std::string>& args) {
  const std::string program = std::string(SOLDIER_BIN_DIR) + "/soldier";
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    std::freopen("/dev/null", "w", stdout);
    std::freopen("/dev/null", "w", stderr);
    std::vector<char*> argv{const_cast<char*>(program.c_str())};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  return pid;
}

}  // namespace

TEST_CASE("finding 1: a trace interrupted by SIGINT or SIGTERM leaves no temporary") {
  Scratch s("soldier_test_hostile");
  // 600 s at 1e-4 s: 6e6 steps, minutes of work, inside the bound.
  const fs::path long_run = s / "long.toml";
  std::ofstream(long_run) << "duration = 600\ndt = 0.0001\n[[soldier]]\nid = \"a\"\n";
  for (int sig : {SIGINT, SIGTERM}) {
    CAPTURE(sig);
    const fs::path csv = s / "out.csv";
    const pid_t pid = spawn_soldier({"trace", "--scenario", long_run.string(), "--out", csv.string()});
    REQUIRE(pid > 0);
    // Wait until the temporary exists and has rows in it.
    bool writing = false;
    for (int i = 0; i < 600 && !writing; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      for (const auto& e : fs::directory_iterator(s.dir))
        writing = writing || (e.path().extension() == ".tmp" && fs::file_size(e.path()) > 100000);
    }
    CHECK(writing);
    ::kill(pid, sig);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    CHECK(WIFSIGNALED(status));
    if (WIFSIGNALED(status)) CHECK(WTERMSIG(status) == sig);  // the shell sees 130 / 143
    int left = 0;
    for (const auto& e : fs::directory_iterator(s.dir)) left += e.path().filename() != "long.toml";
    CHECK(left == 0);
  }
}

TEST_CASE("finding 6: /dev/zero as a scenario or tuning file is one line, not an unbounded read") {
  Scratch s("soldier_test_hostile");
  for (const std::string& args : {"trace --scenario /dev/zero --out '" + (s / "x.csv").string() + "'",
                                 "trace --scenario '" + asset("walk_short.toml") + "' --tuning /dev/zero --out '" +
                                     (s / "x.csv").string() + "'",
                                 "render --scenario /dev/zero --at 0 --out '" + (s / "x.png").string() + "'"}) {
    CAPTURE(args);
    const Run r = soldier(s, args);
    CHECK(r.status == 1);
    CHECK(count_lines(r.err) == 1);
    CHECK(r.err.find("/dev/zero: larger than 16 MiB") != std::string::npos);
    CHECK(only_streams_left(s));
  }
}

TEST_CASE("finding 6: a sheet larger than the image limit is refused before any work") {
  Scratch s("soldier_test_hostile");
  std::string args = "render --scenario '" + asset("walk_short.toml") + "' --size 8192x8192 --out '" +
                     (s / "big.png").string() + "'";
  for (int i = 0; i < 40; ++i) args += " --at 0.5";  // 40 x 8192 x 8192 x 4 bytes: 10.7 GB
  const Run r = soldier(s, args);
  CHECK(r.status == 2);
  CHECK(count_lines(r.err) == 1);
  CHECK(r.err.find("40 frames of 8192x8192 px") != std::string::npos);
  CHECK(only_streams_left(s));
}

TEST_CASE("finding 6: the shortest run has a row and its summary has no nan") {
  Scratch s("soldier_test_hostile");
  const fs::path one = s / "one.toml";
  std::ofstream(one) << "duration = 0.01\ndt = 0.01\n[[soldier]]\nid = \"a\"\n";
  const Run r = soldier(s, "trace --scenario '" + one.string() + "' --out '" + (s / "one.csv").string() + "' --summary");
  REQUIRE_MESSAGE(r.status == 0, r.err);
  CHECK(r.out.find("nan") == std::string::npos);
  CHECK(count_lines(program_runner::read_file(s / "one.csv")) == 2);
  // Shorter than a step: refused, where it used to give zero rows and "-nan%".
  std::ofstream(one) << "duration = 0.001\n[[soldier]]\nid = \"a\"\n";
  const Run z = soldier(s, "trace --scenario '" + one.string() + "' --out '" + (s / "z.csv").string() + "' --summary");
  CHECK(z.status == 1);
  CHECK(count_lines(z.err) == 1);
  CHECK(z.out.find("nan") == std::string::npos);
  CHECK_FALSE(fs::exists(s / "z.csv"));
}

TEST_CASE("finding 6: a reference image larger than the image limit is refused from its header") {
  Scratch s("soldier_test_hostile");
  // A PNG whose header claims 10000 x 10000 px (400 MB as RGBA, which stb would decode): only the header is read.
  const unsigned char header[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
                                  0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10, 8, 6, 0, 0, 0, 0, 0, 0, 0};
  const fs::path big = s / "big.png";
  std::ofstream(big, std::ios::binary).write(reinterpret_cast<const char*>(header), sizeof header);
  const fs::path dir = s / "packet";
  const Run r = soldier(s, "critique --scenario '" + asset("walk_short.toml") + "' --at 0.5 --out '" + dir.string() +
                               "' --reference '" + big.string() + "'");
  CHECK(r.status == 1);
  CHECK(count_lines(r.err) == 1);
  CHECK(r.err.find("10000x10000 px is larger than the 67 Mpx") != std::string::npos);
  CHECK_FALSE(fs::exists(dir));
}
