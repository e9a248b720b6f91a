// Issue 17: geometry far beyond what a file may give (a program can still build it) stays
// finite and bounded -- the terrain's queries on points whose differences overflow a double
// (finding 4), and a ladder from -1e9 to 1e9 m or -1e300 to 1e300 m is drawn rung by rung
// only where the camera looks (finding 2: it never finished, or looped forever).
#include "anim/terrain.hpp"
#include "render/palette.hpp"
#include "render/scene.hpp"

#include <doctest/doctest.h>

#include <cmath>

TEST_CASE("finding 4: ground points whose slope overflows give finite heights, levels and normals") {
  anim::Terrain t;
  t.ground = {{-1.0, 1.7e308}, {1.0, -1.7e308}};
  for (double x = -1.5; x <= 1.5; x += 0.01) {
    CAPTURE(x);
    CHECK(std::isfinite(t.ground_at(x)));
    CHECK(std::isfinite(t.height_at(x)));
    CHECK(std::isfinite(t.level_at(x)));
    CHECK(anim::is_finite(t.normal_at(x)));
    CHECK(std::abs(glm::length(t.normal_at(x)) - 1.0) < 1e-12);
  }
  CHECK(t.ground_at(-1.0) == 1.7e308);
  CHECK(t.ground_at(1.0) == -1.7e308);
  CHECK(std::abs(t.ground_at(0.0)) < 1e300);  // halfway between the ends
  anim::Terrain wide;
  wide.ground = {{-1.7e308, 0.0}, {1.7e308, 1.0}};
  CHECK(t.ground_at(0.0) == doctest::Approx(0.0).epsilon(1e-6).scale(1e300));
  CHECK(wide.ground_at(0.0) == doctest::Approx(0.5));
  // Ordinary ground keeps its exact interpolation.
  anim::Terrain slope;
  slope.ground = {{0.0, 0.0}, {4.0, 1.0}};
  CHECK(slope.ground_at(1.0) == 0.25);
}

namespace {

// Pixels of the ladder's wood colour in a canvas.
int wood_pixels(const render::Canvas& c, const render::Palette& p) {
  int n = 0;
  for (int y = 0; y < c.height(); ++y)
    for (int x = 0; x < c.width(); ++x) n += c.pixel(x, y) == p.ladder_wood;
  return n;
}

}  // namespace

TEST_CASE("finding 2: a ladder of +-1e9 or +-1e300 m draws only the rungs in view") {
  const render::Palette palette = render::default_palette();
  render::Camera camera;
  camera.width = 320;
  camera.height = 240;
  camera.center_world = {0.0, 1.0};
  camera.px_per_m = 100.0;
  int reference = 0;
  for (double extent : {2.8, 1e9, 1e300}) {
    CAPTURE(extent);
    anim::Terrain t;
    t.ladders.push_back({0.0, -extent, extent});  // -2.8 and -1e9 put the rungs at the same heights
    render::Canvas canvas(camera.width, camera.height);
    render::draw_terrain(canvas, camera, t, palette);
    const int wood = wood_pixels(canvas, palette);
    CHECK(wood > 500);  // rails and rungs across the whole view
    if (extent == 2.8) reference = wood;
    // The 2.4 m in view look the same whatever lies beyond (1e300: the rungs there are
    // spaced by the double's own spacing, so only the count is compared).
    if (extent == 1e9) CHECK(wood == reference);
  }
  // A ladder seen from so far away that its rungs are closer than a pixel: the rails only.
  camera.px_per_m = 1e-6;
  anim::Terrain t;
  t.ladders.push_back({0.0, -1e9, 1e9});
  render::Canvas canvas(camera.width, camera.height);
  render::draw_terrain(canvas, camera, t, palette);
  CHECK(wood_pixels(canvas, palette) > 0);
}
