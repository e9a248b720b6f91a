// `soldier` as a new user first meets it (issue 16): the bare command takes the flags of
// `soldier play`, and without a display the window says so in one line and exits non-zero
// at once, pointing at the headless commands and at xvfb-run.
#include "render/png_io.hpp"

#include "program_runner.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <string>

namespace {

using program_runner::Run;
using program_runner::Scratch;
using program_runner::count_lines;

// No display of any kind, and no driver asked for by name.
const std::string kNoDisplay = "env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER";

void check_no_display_line(const Run& r) {
  CHECK(r.status != 0);
  CHECK(count_lines(r.err) == 1);
  CHECK(r.err.find("no display") != std::string::npos);
  CHECK(r.err.find("xvfb-run") != std::string::npos);
  CHECK(r.err.find("soldier render") != std::string::npos);
}

}  // namespace

TEST_CASE("a bare soldier takes the flags of soldier play (the README's first command)") {
  const Scratch dir("soldier_play_cli");
  const std::string shot = (dir / "a.png").string();
  const Run r = program_runner::run(dir, "soldier", "--quit-after 1 --screenshot '" + shot + "'", "SDL_VIDEODRIVER=dummy");
  REQUIRE_MESSAGE(r.status == 0, r.err);
  std::string error;
  const auto png = render::read_png(shot, error);
  REQUIRE_MESSAGE(png.has_value(), error);
  CHECK(png->width() == 1280);
  // A bad flag of the bare command is still one line and a non-zero exit.
  const Run bad = program_runner::run(dir, "soldier", "--quit-after 1 --no-such-flag", "SDL_VIDEODRIVER=dummy");
  CHECK(bad.status != 0);
  CHECK(count_lines(bad.err) == 1);
}

TEST_CASE("without a display, soldier and soldier play say so in one line and exit non-zero at once") {
  const Scratch dir("soldier_play_cli");
  const std::string shot = "'" + (dir / "x.png").string() + "'";  // never the working directory
  for (const std::string& args : {std::string(), std::string("play"), std::string("--quit-after 2"),
                                  "play --quit-after 2 --screenshot " + shot}) {
    CAPTURE(args);
    const auto start = std::chrono::steady_clock::now();
    // `timeout` turns a hang into a failure instead of a stuck test.
    const Run r = program_runner::run(dir, "soldier", args, kNoDisplay + " timeout 20");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    check_no_display_line(r);
    CHECK(r.status != 124);  // not killed by the timeout
    CHECK(seconds < 10.0);   // generous for a loaded machine; a hang takes 20
    CHECK(program_runner::only_streams_left(dir));
  }
}

TEST_CASE("a DISPLAY that cannot be reached is one line too") {
  const Scratch dir("soldier_play_cli");
  const Run r = program_runner::run(dir, "soldier", "--quit-after 2",
                                    "env -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER DISPLAY=:7391 timeout 20");
  check_no_display_line(r);
  CHECK(r.err.find("DISPLAY=:7391") != std::string::npos);
}

TEST_CASE("under a real DISPLAY the bare soldier opens the window (Xvfb in CI)") {
  if (!std::getenv("DISPLAY")) {
    MESSAGE("no DISPLAY: skipped (run under Xvfb to test the window on X11)");
    return;
  }
  const Scratch dir("soldier_play_cli");
  const std::string shot = (dir / "x.png").string();
  const Run r = program_runner::run(dir, "soldier", "--quit-after 1 --screenshot '" + shot + "'", "env -u SDL_VIDEODRIVER");
  REQUIRE_MESSAGE(r.status == 0, r.err);
  std::string error;
  CHECK(render::read_png(shot, error).has_value());
}
