#pragma once
// What every benchmark shares (STYLE.md 11): its command line (CLI11, so a bad flag is one
// line and exit 2, and --help says what each flag does), the thread CPU clock, best of N, and
// where its CSV goes by default: the working directory, but never the source tree (issue 14:
// benchmarks run from the checkout overwrote tracked CSVs at its root) -- there it is the
// build directory instead.
#include "game/core/output_file.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#ifndef SOLDIER_SOURCE_DIR
#error "bench/CMakeLists.txt defines SOLDIER_SOURCE_DIR and SOLDIER_BUILD_DIR"
#endif

namespace bench {

// CPU time of the calling thread, ms: unlike the wall clock it does not count time the
// thread was preempted, so it stays meaningful on a machine shared with other work.
inline double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

inline double wall_ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// True when `dir` is the source tree or inside it (but not inside a build directory there).
inline bool inside_source_tree(const std::filesystem::path& dir) {
  std::error_code ec;
  const std::filesystem::path here = std::filesystem::weakly_canonical(dir, ec);
  const std::filesystem::path src = std::filesystem::weakly_canonical(SOLDIER_SOURCE_DIR, ec);
  const std::filesystem::path build = std::filesystem::weakly_canonical(SOLDIER_BUILD_DIR, ec);
  auto under = [](const std::filesystem::path& p, const std::filesystem::path& root) {
    const auto mismatch = std::mismatch(root.begin(), root.end(), p.begin(), p.end());
    return mismatch.first == root.end();
  };
  return under(here, src) && !under(here, build);
}

// The default CSV path for `file_name`: in the working directory, or in the build directory
// when the working directory is in the source tree.
inline std::string default_csv(const std::string& file_name) {
  if (inside_source_tree(std::filesystem::current_path())) return (std::filesystem::path(SOLDIER_BUILD_DIR) / file_name).string();
  return file_name;
}

// The flags every benchmark has: --csv (its default named `csv_names`, for --help) and --reps.
inline void add_csv_and_reps(CLI::App& app, std::string& csv, const std::string& csv_names, int& reps) {
  app.add_option("--csv", csv, "CSV to write (default " + csv_names +
                                   " in the working directory; the build directory when that is the source tree)");
  app.add_option("--reps", reps, "Runs per measurement, the best kept (1..1000, default " + std::to_string(reps) + ")")
      ->check(CLI::Range(1, 1000));
}

// Parses the command line; returns the exit status when the program should stop now
// (--help: 0; a bad flag: one line on stderr, 2).
inline std::optional<int> parse(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "%s: %s (see --help)\n", app.get_name().c_str(), e.what());
    return 2;
  }
  return std::nullopt;
}

// Whether the CSV `path` can be written, tried before a long run (and let go again, so an
// interrupted run leaves nothing); else one line on stderr.
inline bool can_write(const char* program, const std::string& path) {
  std::string error;
  if (game::OutputFile::open(path, error)) return true;
  std::fprintf(stderr, "%s: %s\n", program, error.c_str());
  return false;
}

// Writes the CSV `path` whole (game::OutputFile): rows(stream) prints its lines. Prints
// "wrote PATH", or one line on stderr and returns false.
template <class F>
bool write_csv(const char* program, const std::string& path, F&& rows) {
  std::string error;
  const std::unique_ptr<game::OutputFile> out = game::OutputFile::open(path, error);
  if (out) rows(out->stream());
  if (!out || !out->commit(error)) {
    std::fprintf(stderr, "%s: %s\n", program, error.c_str());
    return false;
  }
  std::printf("wrote %s\n", path.c_str());
  return true;
}

// Best of `reps` runs of f: the smallest wall and thread CPU time, ms.
struct Best {
  double wall_ms = 1e300, cpu_ms = 1e300;
};
template <class F>
Best best_of(int reps, F&& f) {
  Best best;
  for (int r = 0; r < reps; ++r) {
    const double c0 = thread_cpu_ms();
    const auto t0 = std::chrono::steady_clock::now();
    f();
    best.wall_ms = std::min(best.wall_ms, wall_ms_since(t0));
    best.cpu_ms = std::min(best.cpu_ms, thread_cpu_ms() - c0);
  }
  return best;
}

}  // namespace bench
