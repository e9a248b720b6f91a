// Issue 14, the benchmarks' command lines: a bad flag is one line and exit 2 (before, `bench_raster
// --reps 0`, `--reps abc` and `--px-per-m 0` ran and exited 0), --help says what each flag does,
// and a benchmark run from the checkout never writes its CSV into the source tree (before, two
// overwrote tracked CSVs at its root). Never a timing assert (DEVELOPERS.md).
#include "program_runner.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;
using program_runner::Scratch;

constexpr const char* kBenches[] = {"bench_crowd", "bench_gait", "bench_ragdoll", "bench_raster", "bench_soak"};

}  // namespace

TEST_CASE("every benchmark rejects a bad value with one line and exit 2, and answers --help") {
  Scratch scratch("test_bench_cli");
  for (const char* bench : kBenches) {
    CAPTURE(bench);
    const bool has_reps = std::string(bench) != "bench_soak";
    for (const std::string& bad : {std::string(has_reps ? "--reps 0" : "--soldiers 0"), std::string(has_reps ? "--reps abc" : "--seconds abc"),
                                  std::string("--no-such-flag")}) {
      CAPTURE(bad);
      const auto r = program_runner::run(scratch, bench, bad);
      CHECK(r.status == 2);
      CHECK(program_runner::count_lines(r.err) == 1);
    }
    const auto help = program_runner::run(scratch, bench, "--help");
    CHECK(help.status == 0);
    CHECK(help.out.find(has_reps ? "--reps" : "--soldiers") != std::string::npos);
  }
  for (const char* bad : {"--px-per-m 0", "--px-per-m abc", "--png-dir /no/such/folder"}) {
    const auto r = program_runner::run(scratch, "bench_raster", bad);
    CHECK_MESSAGE(r.status == 2, bad);
    CHECK_MESSAGE(program_runner::count_lines(r.err) == 1, bad);
  }
  CHECK(program_runner::run(scratch, "bench_crowd", "--threads 0").status == 2);
  CHECK(program_runner::run(scratch, "bench_crowd", "--soldiers 0").status == 2);
  for (const char* bad : {"--ragdolls 0", "--ragdolls 1,,100", "--ragdolls 100,abc", "--ragdolls 5001", "--ragdolls"}) {
    const auto r = program_runner::run(scratch, "bench_ragdoll", bad);
    CHECK_MESSAGE(r.status == 2, bad);
    CHECK_MESSAGE(program_runner::count_lines(r.err) == 1, bad);
  }
  CHECK(program_runner::only_streams_left(scratch));  // nothing written on the way out
}

TEST_CASE("run from the source tree, a benchmark writes its CSV into the build directory, never the checkout") {
  const fs::path source = SOLDIER_SOURCE_DIR;
  const fs::path build = fs::path(SOLDIER_BIN_DIR).parent_path();
  const fs::path in_source = source / "bench_crowd.csv", in_build = build / "bench_crowd.csv";
  REQUIRE_FALSE(fs::exists(in_source));
  std::error_code ec;
  fs::remove(in_build, ec);
  Scratch scratch("test_bench_cli_where");
  const auto r = program_runner::run(scratch, "bench_crowd", "--soldiers 10 --reps 1", "cd '" + source.string() + "' &&");
  REQUIRE_MESSAGE(r.status == 0, r.err);
  CHECK_FALSE(fs::exists(in_source));
  CHECK(fs::exists(in_build));
  CHECK(r.out.find("wrote " + in_build.string()) != std::string::npos);
  // The frame is the same on 1 and 2 threads (the row's hash; bench_crowd exits 1 otherwise).
  const std::string csv = program_runner::read_file(in_build);
  CHECK(program_runner::count_lines(csv) == 3);  // the header and the 1- and 2-thread rows
  fs::remove(in_build, ec);
}

TEST_CASE("bench_ragdoll --ragdolls measures the counts it is given, a CSV row each") {
  Scratch scratch("test_bench_cli_ragdolls");
  const auto csv_path = scratch / "r.csv";
  const auto r = program_runner::run(scratch, "bench_ragdoll", "--ragdolls 1,2 --reps 1 --no-box2d --csv '" + csv_path.string() + "'");
  REQUIRE_MESSAGE(r.status == 0, r.err);
  const std::string csv = program_runner::read_file(csv_path);
  CHECK(program_runner::count_lines(csv) == 3);  // the header, then the rows of 1 and 2 ragdolls
  CHECK(csv.find("\n1,600,") != std::string::npos);
  CHECK(csv.find("\n2,600,") != std::string::npos);
}
