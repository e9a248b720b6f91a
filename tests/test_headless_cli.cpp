// The headless commands as a new user tried them (issue 16), run as subprocesses (STYLE.md
// 8): a critique packet that must name a folder, a render too large to allocate, refused
// before it starts. Every bad input: one line, non-zero, nothing written.
#include "anim/character.hpp"
#include "game/core/frame_sheet.hpp"
#include "game/core/headless_view.hpp"
#include "render/png_io.hpp"

#include "program_runner.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>
#include <string>

namespace fs = std::filesystem;

namespace {

using program_runner::Run;
using program_runner::Scratch;
using program_runner::count_lines;
using program_runner::only_streams_left;
using program_runner::soldier;

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

namespace {

std::string far_apart() { return "'" + std::string(SOLDIER_SOURCE_DIR) + "/tests/data/far_apart.toml'"; }

std::optional<render::Canvas> png(const fs::path& p) {
  std::string error;
  auto c = render::read_png(p.string(), error);
  if (!c) MESSAGE(error);
  return c;
}

// A pixel of the overlay's bone colour (saturated cyan, debug_overlay.cpp kBone 110,225,255),
// full or blended over what is behind it: green and blue both well above red. The scene's
// bluest pixel, the sky's zenith (render/palette.cpp sky_top, 139,185,223), has them 46 and
// 84 above; the figures, ridges, ground and grass far less (a test of b and g alone took the
// zenith for bone).
bool is_bone(const render::Rgba& p) { return p.g - p.r > 60 && p.b - p.r > 60; }

// Pixels of the overlay's bone colour, which no figure or scene uses.
int overlay_pixels(const render::Canvas& c) {
  int n = 0;
  for (int y = 0; y < c.height(); ++y)
    for (int x = 0; x < c.width(); ++x) n += is_bone(c.pixel(x, y));
  return n;
}

// The vertical span of the overlay's skeleton lines, px: the figure's height (head centre to
// toes) as drawn; 0 when no skeleton is in view.
int skeleton_rows(const render::Canvas& c) {
  int top = c.height(), bottom = -1;
  for (int y = 0; y < c.height(); ++y)
    for (int x = 0; x < c.width(); ++x) {
      if (is_bone(c.pixel(x, y))) {
        top = std::min(top, y);
        bottom = std::max(bottom, y);
      }
    }
  return bottom >= top ? bottom - top + 1 : 0;
}

}  // namespace

TEST_CASE("render --follow keeps one soldier large and centred; --zoom and --center fix the view") {
  const Scratch s("soldier_headless_cli");
  const auto shot = [&](const std::string& name, const std::string& flags) {
    const fs::path out = s / name;
    const Run r = soldier(s, "render --scenario " + far_apart() + " --at 3 --size 640x480 --overlay --out '" +
                                 out.string() + "' " + flags);
    REQUIRE_MESSAGE(r.status == 0, r.err);
    auto c = png(out);
    REQUIRE(c.has_value());
    return *c;
  };
  const render::Canvas all = shot("all.png", "");
  const render::Canvas near = shot("near.png", "--follow near");
  const render::Canvas zoomed = shot("zoom.png", "--follow near --zoom 20");
  const render::Canvas centred = shot("centre.png", "--center 200,1 --zoom 40");
  // Head centre to toes is ~1.6 m of a 1.78 m soldier.
  CHECK(skeleton_rows(all) < 40);                     // both in view: a few pixels tall
  CHECK(skeleton_rows(near) > 200);                   // the followed soldier fills the frame
  CHECK(skeleton_rows(zoomed) == doctest::Approx(20 * 1.6).epsilon(0.2));
  CHECK(skeleton_rows(centred) == 0);                 // nobody near x = 200 m
}

TEST_CASE("the headless camera: centred on the followed soldier, one scale, bad values refused") {
  game::Scenario sc;
  sc.duration = 1.0;
  game::SoldierScript a, b;
  a.spec.id = "a";
  b.spec.id = "b";
  b.spec.x = 30.0;
  sc.soldiers = {a, b};
  game::FrameView view;
  view.follow = "b";
  CHECK(game::check_view(sc, view).empty());
  CHECK(game::view_subject(sc, view) == 1);
  anim::Character ca(a.spec, {}, sc.terrain), cb(b.spec, {}, sc.terrain);
  const anim::CharacterFrame frames[] = {ca.frame(), cb.frame()};
  const render::Camera cam = game::view_camera(frames, sc.terrain, view, 1, 100.0, 640, 480);
  CHECK(cam.center_world.x == doctest::Approx(30.0));
  CHECK(cam.center_world.y == doctest::Approx(0.5 * frames[1].body_size.height));
  view.follow = "c";
  CHECK(game::check_view(sc, view).find("ids: a, b") != std::string::npos);
  view.follow = "a";
  view.center = anim::vec2{0.0, 1.0};
  CHECK_FALSE(game::check_view(sc, view).empty());
  view = {};
  view.zoom = 1.0;
  CHECK_FALSE(game::check_view(sc, view).empty());
}

TEST_CASE("render --overlay draws the F2 overlay into the headless frame") {
  const Scratch s("soldier_headless_cli");
  const fs::path plain = s / "plain.png", over = s / "over.png";
  const std::string base = "render --scenario " + far_apart() + " --at 2 --follow near --size 640x480 --out '";
  REQUIRE(soldier(s, base + plain.string() + "'").status == 0);
  const Run r = soldier(s, base + over.string() + "' --overlay");
  REQUIRE_MESSAGE(r.status == 0, r.err);
  const auto a = png(plain), b = png(over);
  REQUIRE((a && b));
  CHECK(overlay_pixels(*a) == 0);
  CHECK(overlay_pixels(*b) > 150);  // the skeleton lines and the Rule 8 panel's bars
  // The panel never covers the soldier it is about: his skeleton starts below its band.
  game::FrameView view;
  view.overlay = true;
  int top = b->height();
  for (int y = 0; y < b->height() && top == b->height(); ++y)
    for (int x = 0; x < b->width(); ++x) {
      if (is_bone(b->pixel(x, y))) {
        top = y;
        break;
      }
    }
  CHECK(top > game::overlay_band(view, 480));
}

TEST_CASE("bad camera flags: one line, non-zero, nothing written") {
  const Scratch s("soldier_headless_cli");
  const std::string base = "render --scenario " + far_apart() + " --at 1 --out '" + (s / "x.png").string() + "' ";
  check_refused(s, base + "--follow nobody", "ids: near, far");
  check_refused(s, base + "--zoom 0", "--zoom");
  check_refused(s, base + "--zoom 1e9", "--zoom");
  check_refused(s, base + "--zoom abc", "--zoom");
  check_refused(s, base + "--center 1", "X,Y");
  check_refused(s, base + "--center a,b", "X,Y");
  check_refused(s, base + "--center 1,nan", "X,Y");
  check_refused(s, base + "--follow near --center 0,1", "not both");
}

TEST_CASE("render --from --to --fps writes a numbered PNG sequence, each frame the --at frame of its time") {
  const Scratch s("soldier_headless_cli");
  const fs::path dir = s / "clip";
  const std::string base = "render --scenario " + far_apart() + " --follow near --zoom 60 --size 160x120 ";
  const Run r = soldier(s, base + "--from 1 --to 2 --fps 10 --out '" + dir.string() + "/'");
  REQUIRE_MESSAGE(r.status == 0, r.err);
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  REQUIRE(names.size() == 11);  // 1.0, 1.1, ... 2.0 s
  CHECK(names.front() == "frame_000000.png");
  CHECK(names.back() == "frame_000010.png");
  // Frame 5 is t = 1.5 s: the same pixels as `render --at 1.5` through the same camera.
  const fs::path single = s / "single.png";
  REQUIRE(soldier(s, base + "--at 1.5 --out '" + single.string() + "'").status == 0);
  const auto a = png(dir / "frame_000005.png"), b = png(single);
  REQUIRE((a && b));
  CHECK(std::equal(a->data(), a->data() + 160 * 120 * 4, b->data()));
  // An empty folder that exists is used as well.
  fs::create_directory(s / "empty");
  CHECK(soldier(s, base + "--from 0 --to 0.2 --fps 10 --out '" + (s / "empty").string() + "'").status == 0);
  CHECK(fs::exists(s / "empty" / "frame_000002.png"));
}

TEST_CASE("render --out FILE.mp4 and FILE.gif are encoded by ffmpeg, and say so when it is missing") {
  const Scratch s("soldier_headless_cli");
  const std::string base = "render --scenario " + far_apart() + " --follow far --size 160x120 --from 0 --to 1 --fps 12 --out ";
  // Missing ffmpeg: one line that names it and the install step, nothing written.
  const fs::path missing = s / "none.mp4";
  const Run no = program_runner::run(s, "soldier", base + "'" + missing.string() + "'", "env PATH=/nonexistent");
  CHECK(no.status != 0);
  CHECK(count_lines(no.err) == 1);
  CHECK(no.err.find("ffmpeg") != std::string::npos);
  CHECK(no.err.find("install-deps") != std::string::npos);
  CHECK(only_streams_left(s));
  if (program_runner::run(s, "soldier", "--help", "command -v ffmpeg >/dev/null &&").status != 0) {
    MESSAGE("ffmpeg is not installed here: the encoding itself is not tested (scripts/install-deps.sh installs it)");
    return;
  }
  for (const char* name : {"clip.mp4", "clip.gif"}) {
    CAPTURE(name);
    const fs::path out = s / name;
    const Run r = soldier(s, base + "'" + out.string() + "'");
    REQUIRE_MESSAGE(r.status == 0, r.err);
    const std::string bytes = program_runner::read_file(out);
    REQUIRE(bytes.size() > 1000);
    if (out.extension() == ".mp4") CHECK(bytes.substr(4, 4) == "ftyp");
    else CHECK(bytes.substr(0, 6) == "GIF89a");
  }
  // Only the two videos and the streams: no frames or temporaries left behind.
  std::size_t files = 0;
  for (const auto& e : fs::directory_iterator(s.dir)) files += e.is_regular_file() || e.is_directory();
  CHECK(files == 4);
}

TEST_CASE("bad sequence flags: one line, non-zero, nothing written") {
  const Scratch s("soldier_headless_cli");
  const std::string sc = "render --scenario " + far_apart() + " ";
  const std::string dir = " --out '" + (s / "d").string() + "/'";
  check_refused(s, sc + "--from 1 --fps 10" + dir, "--from T0, --to T1 and --fps N");
  check_refused(s, sc + "--from 1 --to 2" + dir, "--fps");
  check_refused(s, sc + "--from 1 --to 2 --fps 0" + dir, "--fps 0");
  check_refused(s, sc + "--from 1 --to 2 --fps 240" + dir, "--fps 240");
  check_refused(s, sc + "--from 1 --to 2 --fps abc" + dir, "--fps");
  check_refused(s, sc + "--from 2 --to 1 --fps 10" + dir, "--to 1");
  check_refused(s, sc + "--from 1 --to 99 --fps 10" + dir, "--to 99");
  check_refused(s, sc + "--from -1 --to 1 --fps 10" + dir, "--from -1");
  check_refused(s, sc + "--at 1 --from 1 --to 2 --fps 10" + dir, "not both");
  check_refused(s, sc + "--out '" + (s / "x.png").string() + "'", "give --at");
  check_refused(s, sc + "--from 0 --to 1 --fps 10 --out '" + (s / "x.png").string() + "'", "a folder (DIR/) or a video");
  check_refused(s, sc + "--at 1" + dir, "--at writes one PNG");
  check_refused(s, sc + "--from 0 --to 1 --fps 10 --out /nonexistent_soldier/d/", "does not exist");
  // A folder with something in it is not overwritten.
  fs::create_directory(s / "full");
  { std::ofstream(s / "full" / "keep.txt") << "mine"; }
  const Run r = soldier(s, sc + "--from 0 --to 1 --fps 10 --out '" + (s / "full").string() + "/'");
  CHECK(r.status != 0);
  CHECK(r.err.find("not empty") != std::string::npos);
  CHECK(program_runner::read_file(s / "full" / "keep.txt") == "mine");
}

TEST_CASE("an interrupted sequence leaves nothing behind") {
  const Scratch s("soldier_headless_cli");
  // A long sequence, stopped by SIGINT after half a second.
  const fs::path dir = s / "long";
  const Run r = program_runner::run(
      s, "soldier",
      "render --scenario " + far_apart() + " --size 1280x720 --from 0 --to 4 --fps 120 --out '" + dir.string() + "/'",
      "timeout -s INT 0.5");
  CHECK(r.status != 0);
  CHECK_FALSE(fs::exists(dir));
  CHECK(only_streams_left(s));
}

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

}  // namespace

TEST_CASE("trace --every N keeps the rows of every Nth step, unchanged") {
  const Scratch s("soldier_headless_cli");
  const fs::path all = s / "all.csv", sparse = s / "sparse.csv";
  REQUIRE(soldier(s, "trace --scenario " + scenario("walk.toml") + " --out '" + all.string() + "'").status == 0);
  const Run r = soldier(s, "trace --scenario " + scenario("walk.toml") + " --every 12 --out '" + sparse.string() + "'");
  REQUIRE_MESSAGE(r.status == 0, r.err);
  const std::vector<std::string> a = lines_of(program_runner::read_file(all)), b = lines_of(program_runner::read_file(sparse));
  REQUIRE(a.size() == 961);  // 8 s at 120 Hz, one soldier
  REQUIRE(b.size() == 1 + 960 / 12);
  CHECK(b[0] == a[0]);
  for (std::size_t k = 1; k < b.size(); ++k) CHECK(b[k] == a[12 * k]);  // steps 12, 24, ...
}

TEST_CASE("trace --seed replaces the scenario's seed, for every soldier as the parser derives them") {
  const Scratch s("soldier_headless_cli");
  // The squad scenario with its seed edited in the file, against the original with --seed.
  std::string text = program_runner::read_file(std::string(SOLDIER_SOURCE_DIR) + "/assets/scenarios/squad.toml");
  const std::size_t at = text.find("seed = 5");
  REQUIRE(at != std::string::npos);
  text.replace(at, 8, "seed = 77");
  { std::ofstream(s / "seed77.toml") << text; }
  const fs::path edited = s / "edited.csv", flagged = s / "flagged.csv", plain = s / "plain.csv";
  REQUIRE(soldier(s, "trace --scenario '" + (s / "seed77.toml").string() + "' --out '" + edited.string() + "'").status == 0);
  REQUIRE(soldier(s, "trace --scenario " + scenario("squad.toml") + " --seed 77 --out '" + flagged.string() + "'").status == 0);
  REQUIRE(soldier(s, "trace --scenario " + scenario("squad.toml") + " --out '" + plain.string() + "'").status == 0);
  CHECK(program_runner::read_file(edited) == program_runner::read_file(flagged));
  CHECK(program_runner::read_file(plain) != program_runner::read_file(flagged));
}

TEST_CASE("trace --compare: identical, per-column differences, and what cannot be compared") {
  const Scratch s("soldier_headless_cli");
  const fs::path a = s / "a.csv", b = s / "b.csv", sparse = s / "sparse.csv";
  const std::string walk = "trace --scenario " + scenario("walk.toml");
  REQUIRE(soldier(s, walk + " --out '" + a.string() + "'").status == 0);
  REQUIRE(soldier(s, walk + " --seed 9 --out '" + b.string() + "'").status == 0);
  REQUIRE(soldier(s, walk + " --every 10 --out '" + sparse.string() + "'").status == 0);
  const auto compare = [&](const fs::path& x, const fs::path& y) {
    return soldier(s, "trace --compare '" + x.string() + "' '" + y.string() + "'");
  };
  const Run same = compare(a, a);
  CHECK(same.status == 0);
  CHECK(same.out.find("identical") != std::string::npos);
  // Another seed varies lift, lean and head (Rule 10), not where the feet plant or the body goes.
  const Run differ = compare(a, b);
  CHECK(differ.status == 1);
  CHECK(differ.out.find("960 rows matched") != std::string::npos);
  CHECK(differ.out.find("\nhead_x ") != std::string::npos);
  CHECK(differ.out.find("\nx ") == std::string::npos);
  CHECK(differ.out.find("\nstep ") == std::string::npos);
  // Rows are matched by time and soldier: the sparse trace's rows are the full trace's.
  const Run subset = compare(a, sparse);
  CHECK(subset.status == 1);
  CHECK(subset.out.find("0 rows differ") != std::string::npos);
  CHECK(subset.out.find("rows only in") != std::string::npos);
  // Not comparable: one line, status 2.
  { std::ofstream(s / "junk.csv") << "hello,world\n1,2\n"; }
  for (const fs::path& bad : {s / "junk.csv", s / "missing.csv"}) {
    const Run r = compare(a, bad);
    CHECK(r.status == 2);
    CHECK(count_lines(r.err) == 1);
  }
}

TEST_CASE("bad trace flags: one line, non-zero, nothing written") {
  const Scratch s("soldier_headless_cli");
  const std::string base = "trace --scenario " + scenario("walk_short.toml") + " --out '" + (s / "x.csv").string() + "' ";
  check_refused(s, base + "--every 0", "--every");
  check_refused(s, base + "--every -3", "--every");
  check_refused(s, base + "--every 2.5", "--every");
  check_refused(s, base + "--seed -1", "seed");
  check_refused(s, base + "--seed 12ab", "seed");
  check_refused(s, "trace --compare '" + (s / "stdout.txt").string() + "'", "--compare");
  check_refused(s, "trace --compare a.csv b.csv --every 2", "no other option");
  check_refused(s, "trace --out '" + (s / "x.csv").string() + "'", "--scenario is required");
  check_refused(s, "render --scenario " + scenario("walk_short.toml") + " --at 0.5 --seed -4 --out '" +
                       (s / "x.png").string() + "'", "seed");
}
