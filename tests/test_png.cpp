// PNG files: exact round trip, atomic writes, clear errors, no stray temporary files.
#include "render/png_io.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::path(SOLDIER_BIN_DIR) / "test_png_out" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

int entries(const fs::path& dir) {
  int n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
  return n;
}

render::Canvas pattern(int w, int h) {
  render::Canvas c(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      c.set_pixel(x, y, {static_cast<std::uint8_t>(x * 7), static_cast<std::uint8_t>(y * 13),
                         static_cast<std::uint8_t>((x ^ y) * 3), static_cast<std::uint8_t>(255 - x)});
  return c;
}

}  // namespace

TEST_CASE("PNG round trip is exact, pixel for pixel, and leaves no temporary file") {
  const fs::path dir = fresh_dir("round_trip");
  const render::Canvas c = pattern(37, 23);
  std::string error;
  const std::string path = (dir / "a.png").string();
  REQUIRE_MESSAGE(render::write_png(c, path, error), error);
  CHECK(entries(dir) == 1);  // just a.png
  const auto back = render::read_png(path, error);
  REQUIRE_MESSAGE(back.has_value(), error);
  REQUIRE(back->width() == 37);
  REQUIRE(back->height() == 23);
  for (int y = 0; y < 23; ++y)
    for (int x = 0; x < 37; ++x) REQUIRE(back->pixel(x, y) == c.pixel(x, y));
  // Overwriting an existing file is atomic too and still leaves only the one file.
  REQUIRE_MESSAGE(render::write_png(pattern(5, 5), path, error), error);
  CHECK(entries(dir) == 1);
}

TEST_CASE("writing to an unwritable path fails with one clear line and leaves nothing") {
  std::string error;
  const std::string path = "/nonexistent-dir/x.png";
  CHECK_FALSE(render::write_png(pattern(4, 4), path, error));
  CHECK(error.find(path) != std::string::npos);
  CHECK(error.find("No such file or directory") != std::string::npos);
  CHECK(error.find('\n') == std::string::npos);
  CHECK_FALSE(fs::exists(path));
}

TEST_CASE("a path that is a directory fails and leaves no temporary file behind") {
  const fs::path dir = fresh_dir("is_dir");
  fs::create_directories(dir / "sub.png");
  std::string error;
  CHECK_FALSE(render::write_png(pattern(4, 4), (dir / "sub.png").string(), error));
  CHECK(error.find("sub.png") != std::string::npos);
  CHECK(entries(dir) == 1);  // only the directory that was there
}

TEST_CASE("reading a missing or non-PNG file fails with a clear error") {
  std::string error;
  CHECK_FALSE(render::read_png("/nonexistent-dir/x.png", error).has_value());
  CHECK(error.find("/nonexistent-dir/x.png") != std::string::npos);
  const fs::path dir = fresh_dir("bad");
  const fs::path bad = dir / "bad.png";
  std::ofstream(bad) << "not a png";
  error.clear();
  CHECK_FALSE(render::read_png(bad.string(), error).has_value());
  CHECK(error.find("bad.png") != std::string::npos);
}

TEST_CASE("an empty canvas is refused") {
  const fs::path dir = fresh_dir("empty");
  std::string error;
  CHECK_FALSE(render::write_png(render::Canvas(0, 0), (dir / "e.png").string(), error));
  CHECK(entries(dir) == 0);
  CHECK_FALSE(error.empty());
}
