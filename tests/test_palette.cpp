// Value ladders and the scene's value plan (Rule 9, "Drawing with discs"; issue 15): even L*
// steps of at most 18, far limbs one step darker, every figure tone clear of every plane that
// can be behind a figure, boots below the face, shade steps cooler and lit steps warmer.
#include "render/palette.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

// The figure's shaded materials (the team accents are one flat colour each).
std::vector<const render::Ladder*> figure_ladders(const render::Palette& p) {
  return {&p.helmet, &p.skin, &p.fabric, &p.gear, &p.boots, &p.rifle};
}

// How warm a colour is: its a*b* along the direction of a low sun's yellow (hue 80 deg).
double warmth(render::Rgba c) {
  const render::Lab l = render::to_lab(c);
  return l.a * std::cos(80.0 * 3.14159265 / 180.0) + l.b * std::sin(80.0 * 3.14159265 / 180.0);
}

void check_even(const render::Ladder& l) {
  REQUIRE(l.steps.size() >= 2);
  REQUIRE(l.base < l.steps.size());
  std::vector<double> steps;
  for (std::size_t i = 0; i + 1 < l.steps.size(); ++i)
    steps.push_back(render::lightness(l.steps[i + 1]) - render::lightness(l.steps[i]));
  for (double step : steps) {
    CHECK(step > 8.0);                      // a visible step, darkest first
    CHECK(step <= render::kMaxLadderStep);  // never a big jump
  }
  // Even: no step differs from another by more than 1.5 L* (8-bit rounding).
  const auto [lo, hi] = std::minmax_element(steps.begin(), steps.end());
  CHECK(*hi - *lo < 1.5);
}

}  // namespace

TEST_CASE("lightness is CIE L*") {
  CHECK(render::lightness({0, 0, 0, 255}) == doctest::Approx(0.0).epsilon(0.001));
  CHECK(render::lightness({255, 255, 255, 255}) == doctest::Approx(100.0).epsilon(0.001));
  CHECK(render::lightness({119, 119, 119, 255}) == doctest::Approx(50.0).epsilon(0.01));  // sRGB 119 grey is L* ~50
  CHECK(render::lightness({255, 0, 0, 255}) == doctest::Approx(53.24).epsilon(0.005));
}

TEST_CASE("every ladder of both palettes steps evenly, at most 18 L*") {
  for (const render::Palette& p : {render::default_palette(), render::sheet_palette()}) {
    for (const render::Ladder* l : figure_ladders(p)) check_even(*l);
    check_even(p.ground);
    check_even(p.crate);
    // Anchored high enough that the far step below the base is not near-black ("anchor the
    // ladder high enough"); the rifle, darkest, keeps its far step above L* 10.
    for (const render::Ladder* l : figure_ladders(p)) CHECK(render::lightness(l->at(render::kFarStep)) > 10.0);
  }
}

TEST_CASE("the far limb is one ladder step darker than the near limb") {
  const render::Palette p = render::default_palette();
  for (const render::Ladder* l : {&p.skin, &p.fabric, &p.gear, &p.boots}) {
    const double near = render::lightness(l->at(render::kNearStep)), far = render::lightness(l->at(render::kFarStep));
    CHECK(near - far > 8.0);
    CHECK(near - far <= render::kMaxLadderStep);
    CHECK(l->at(render::kFarStep) == l->steps[l->base - 1]);
  }
}

TEST_CASE("every figure tone, front and back rank, is clear of every plane behind a figure") {
  const render::Palette p = render::default_palette();
  // What can lie behind a standing soldier: the sky (its whole gradient), both ridges, the
  // crates' faces.
  const double planes_min = std::min({render::lightness(p.sky_top), render::lightness(p.sky_horizon),
                                      render::lightness(p.far_ridge), render::lightness(p.near_ridge)});
  double brightest = 0.0;
  for (const render::Palette& q : {p, render::hazed(p, 0.15)}) {
    for (const render::Ladder* l : figure_ladders(q))
      for (const render::Rgba c : l->steps) brightest = std::max(brightest, render::lightness(c));
    for (const render::Ladder& a : q.accent) {
      CHECK(a.steps.size() == 1);
      brightest = std::max(brightest, render::lightness(a.at(0)));
    }
  }
  MESSAGE("brightest figure tone L* " << brightest << ", darkest plane behind figures L* " << planes_min);
  CHECK(planes_min - brightest >= 6.0);
  // The planes themselves stand apart: sky > far ridge > near ridge by 8+ each.
  CHECK(render::lightness(p.sky_horizon) - render::lightness(p.far_ridge) >= 8.0);
  CHECK(render::lightness(p.far_ridge) - render::lightness(p.near_ridge) >= 8.0);
  // Highlights below the brightest fabric tone and below the background ("a highlight
  // brighter than the reference's brightest fabric AND brighter than the background").
  const double cloth = std::max(render::lightness(p.fabric.at(render::kHighlightStep)), render::lightness(p.gear.at(render::kHighlightStep)));
  for (const render::Ladder* l : figure_ladders(p)) CHECK(render::lightness(l->at(render::kHighlightStep)) <= cloth + 0.5);
}

TEST_CASE("boots sit below the face in value, and apart from the ground they stand on") {
  for (const render::Palette& p : {render::default_palette(), render::sheet_palette()}) {
    const double boot = render::lightness(p.boots.at(render::kNearStep)), face = render::lightness(p.skin.at(render::kNearStep));
    CHECK(face - boot >= 10.0);
  }
  const render::Palette p = render::default_palette();
  CHECK(render::lightness(p.ground.at(render::kHighlightStep)) - render::lightness(p.boots.at(render::kHighlightStep)) >= 6.0);
  CHECK(render::lightness(p.boots.at(render::kFarStep)) - render::lightness(p.contact_shadow) >= -2.0);
}

TEST_CASE("shade steps turn toward the sky, lit steps toward the sun: not one hue at three lightnesses") {
  const render::Palette p = render::default_palette();
  for (const render::Ladder* l : figure_ladders(p)) {
    const double shade = warmth(l->at(-1)), base = warmth(l->at(0)), lit = warmth(l->at(1));
    CHECK(lit - base > 1.5);
    CHECK(base - shade > 1.5);
  }
  // The contact sheets' studio light leaves the same materials in other colours (they are
  // graded into their own light, not copied).
  const render::Palette sheet = render::sheet_palette();
  CHECK_FALSE(sheet.fabric.at(1) == p.fabric.at(1));
  CHECK_FALSE(sheet.skin.at(-1) == p.skin.at(-1));
  CHECK(sheet.fabric.at(0) == p.fabric.at(0));  // the material itself is the same cloth
}

TEST_CASE("the back rank's haze keeps the ladders even and moves them toward the far ridge") {
  const render::Palette p = render::default_palette();
  const render::Palette back = render::hazed(p, 0.15);
  for (const render::Ladder* l : figure_ladders(back)) check_even(*l);
  const double haze = render::lightness(p.far_ridge);
  for (std::size_t i = 0; i < p.fabric.steps.size(); ++i) {
    const double before = render::lightness(p.fabric.steps[i]), after = render::lightness(back.fabric.steps[i]);
    CHECK(after - before == doctest::Approx(0.15 * (haze - before)).epsilon(0.05));
  }
}

TEST_CASE("make_ladder keeps the base and clamps the step to 18") {
  const render::Rgba base{104, 114, 84, 255};
  const render::Ladder l = render::make_ladder(base, 2, 3, 40.0);
  CHECK(l.steps.size() == 6);
  CHECK(l.at(0) == base);
  CHECK(l.at(-99) == l.steps.front());
  CHECK(l.at(99) == l.steps.back());
  for (std::size_t i = 0; i + 1 < l.steps.size(); ++i)
    CHECK(render::lightness(l.steps[i + 1]) - render::lightness(l.steps[i]) <= render::kMaxLadderStep + 0.5);
}

TEST_CASE("the light comes from the upper left") {
  const glm::vec2 l = render::default_palette().light.toward_px;
  CHECK(l.x < 0.0f);
  CHECK(l.y < 0.0f);  // canvas y down: negative is up
  CHECK(std::abs(std::hypot(l.x, l.y) - 1.0f) < 1e-5f);
}
