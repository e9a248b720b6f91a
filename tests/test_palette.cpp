// Value ladders: even L* steps of at most 18, far limbs one step darker, boots lighter than
// the background they stand against (Rule 9, "Drawing with discs").
#include "render/palette.hpp"

#include <doctest/doctest.h>

#include <cmath>

TEST_CASE("lightness is CIE L*") {
  CHECK(render::lightness({0, 0, 0, 255}) == doctest::Approx(0.0).epsilon(0.001));
  CHECK(render::lightness({255, 255, 255, 255}) == doctest::Approx(100.0).epsilon(0.001));
  CHECK(render::lightness({119, 119, 119, 255}) == doctest::Approx(50.0).epsilon(0.01));  // sRGB 119 grey is L* ~50
  CHECK(render::lightness({255, 0, 0, 255}) == doctest::Approx(53.24).epsilon(0.005));
}

TEST_CASE("every ladder of the default palette steps evenly, at most 18 L*") {
  const render::Palette p = render::default_palette();
  for (const render::Ladder* l : {&p.helmet, &p.skin, &p.fabric, &p.gear, &p.boots, &p.rifle, &p.ground, &p.crate}) {
    REQUIRE(l->steps.size() >= 2);
    REQUIRE(l->base < l->steps.size());
    for (std::size_t i = 0; i + 1 < l->steps.size(); ++i) {
      const double step = render::lightness(l->steps[i + 1]) - render::lightness(l->steps[i]);
      CAPTURE(i);
      CHECK(step > 8.0);                          // a visible step, darkest first
      CHECK(step <= render::kMaxLadderStep);      // never a big jump
    }
  }
  // The figure's ladders are anchored high enough that the far step below the base is not
  // near-black ("anchor the ladder high enough").
  for (const render::Ladder* l : {&p.helmet, &p.skin, &p.fabric, &p.gear, &p.boots, &p.rifle}) {
    CHECK(render::lightness(l->at(render::kFarStep)) > 15.0);
    CHECK(render::lightness(l->at(render::kNearStep)) > 30.0);
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

TEST_CASE("boots are lighter than the background behind them (never holes)") {
  const render::Palette p = render::default_palette();
  const double darkest_boot = render::lightness(p.boots.at(render::kFarStep));
  CHECK(darkest_boot > render::lightness(p.sky_horizon));
  CHECK(darkest_boot > render::lightness(p.sky_top));
  CHECK(darkest_boot > render::lightness(p.ground.at(0)));
  CHECK(darkest_boot > render::lightness(p.ground.at(render::kHighlightStep)));
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
  const glm::vec2 l = render::light_dir_px();
  CHECK(l.x < 0.0f);
  CHECK(l.y < 0.0f);  // canvas y down: negative is up
  CHECK(std::abs(std::hypot(l.x, l.y) - 1.0f) < 1e-5f);
}
