#pragma once
// Running a built program as a subprocess for the end-to-end tests (STYLE.md 8): its exit
// status, stdout and stderr captured in a scratch folder that is removed afterwards. Shared by
// the tests of `soldier` and `contact-sheet`. Not a test by itself.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace program_runner {

namespace fs = std::filesystem;

struct Run {
  int status = -1;  // exit status (-1: did not exit normally)
  std::string out;  // stdout
  std::string err;  // stderr
};

inline std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A scratch folder per test binary run, named after the test, removed at the end.
struct Scratch {
  fs::path dir;
  explicit Scratch(const std::string& name)
      : dir(fs::temp_directory_path() / (name + "_" + std::to_string(::getpid()))) {
    fs::create_directories(dir);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  fs::path operator/(const std::string& name) const { return dir / name; }
};

// Runs `[env] BIN_DIR/program args` with no stdin and both streams captured in `scratch`.
inline Run run(const Scratch& scratch, const std::string& program, const std::string& args, const std::string& env = "") {
  const fs::path out = scratch / "stdout.txt", err = scratch / "stderr.txt";
  const std::string cmd = env + (env.empty() ? "" : " ") + "'" + std::string(SOLDIER_BIN_DIR) + "/" + program + "' " +
                          args + " >'" + out.string() + "' 2>'" + err.string() + "' </dev/null";
  const int raw = std::system(cmd.c_str());
  Run r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = read_file(out);
  r.err = read_file(err);
  return r;
}

// `soldier args` (the program most tests run).
inline Run soldier(const Scratch& scratch, const std::string& args) { return run(scratch, "soldier", args); }

inline std::size_t count_lines(const std::string& s) {
  std::size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

inline std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

// Nothing (not even a temporary) left in the scratch folder but the captured streams.
inline bool only_streams_left(const Scratch& scratch) {
  for (const auto& e : fs::directory_iterator(scratch.dir)) {
    const std::string name = e.path().filename().string();
    if (name != "stdout.txt" && name != "stderr.txt") return false;
  }
  return true;
}

}  // namespace program_runner
