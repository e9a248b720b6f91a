// The pose solve's shortcuts (issue 14: the solve's cost) give the answers of the long way,
// bit for bit: the straight piece of ground a search finds once, the roll clear of a riser
// found by the sum formulas, and the ankle's range tested without atan2.
#include "anim/gait/foothold.hpp"
#include "anim/gait/stance_roll.hpp"
#include "anim/terrain.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <random>

using namespace anim;

namespace {

// A course with a slope, a step's riser and a crate: every kind of piece and corner.
Terrain course() {
  Terrain t;
  t.ground = {{-20.0, 0.0}, {2.0, 0.0}, {4.0, 0.5}, {6.0, 0.5}, {6.02, 0.68}, {9.0, 0.68}, {20.0, -0.3}};
  t.boxes.push_back({11.0, 1.0, 0.4});
  return t;
}

// The same ground with a corner (a vertex in line with its neighbours) under x: no straight
// piece holds a span across it, so a search there takes the long way; the heights are the same.
Terrain with_corner_at(const Terrain& t, double x) {
  Terrain c = t;
  std::size_t i = 0;
  while (i < c.ground.size() && c.ground[i].x < x) ++i;
  if (i > 0 && i < c.ground.size() && c.ground[i].x != x) c.ground.insert(c.ground.begin() + i, {x, t.ground_at(x)});
  return c;
}

}  // namespace

TEST_CASE("a straight piece of ground is found only where it is one, and gives height_at's heights bit for bit") {
  const Terrain t = course();
  int found = 0, declined = 0;
  for (double from = -25.0; from < 25.0; from += 0.173) {
    const double to = from + 0.41;
    const auto piece = t.straight_over(from, to);
    if (!piece) {
      ++declined;
      continue;
    }
    ++found;
    for (int i = 0; i <= 20; ++i) {
      const double x = from + (to - from) * i / 20.0;
      REQUIRE(piece->height(x) == t.height_at(x));
    }
  }
  CHECK(found > 50);
  CHECK(declined > 5);
  CHECK_FALSE(t.straight_over(1.9, 2.1));    // the slope's foot, a corner
  CHECK_FALSE(t.straight_over(10.5, 11.5));  // the crate
  CHECK(t.straight_over(2.5, 3.5));          // along the slope
  CHECK(t.straight_over(2.5, 3.5)->slope() == doctest::Approx(0.25));
  CHECK(t.straight_over(30.0, 40.0)->level);  // beyond the last point: flat
  CHECK(Terrain{}.straight_over(-1e6, 1e6)->y == 0.0);
}

TEST_CASE("the roll clear of a riser ahead is the pose-by-pose answer, on flat ground, slopes, risers and crates") {
  const Terrain t = course();
  const Proportions body = proportions_for_height(1.78);
  std::mt19937_64 rng(14);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int short_of_most = 0, shortcut = 0, stopped_on_straight = 0;
  for (int k = 0; k < 4000; ++k) {
    // (every other toe within 30 cm short of the riser or the crate, where rolls are stopped)
    const double x = k % 2 == 0 ? -3.0 + 17.0 * unit(rng) : (k % 4 == 1 ? 5.7 : 10.7) + 0.3 * unit(rng);
    const double facing = unit(rng) < 0.5 ? (unit(rng) < 0.8 ? 1.0 : std::cos(2.0 * unit(rng))) : -1.0;
    const vec2 toe{x, t.height_at(x)};
    // (the ground's own pitch, or any: a foot pitched into the ground stops short on a
    // straight piece too, so the shortcut's answers are not all `most`)
    const double pitch = k % 3 == 0 ? ground_pitch(t, body, toe, facing) : -1.2 + 1.8 * unit(rng);
    const double bend = 0.5 + 0.5 * unit(rng), most = 1.5 * unit(rng);
    const double body_lengths = (2.0 * body.ball_to_tip() + body.toe_forward() + body.ankle_height) + 2e-3;
    if (t.straight_over(x - body_lengths, x + body_lengths)) ++shortcut;
    const double quick = roll_clear_of_ground(t, body, toe, pitch, facing, bend, most);
    const double long_way = roll_clear_of_ground(with_corner_at(t, x), body, toe, pitch, facing, bend, most);
    CAPTURE(x);
    CAPTURE(facing);
    REQUIRE(quick == long_way);
    if (quick < most) ++short_of_most;
    if (quick < most && t.straight_over(x - body_lengths, x + body_lengths)) ++stopped_on_straight;
  }
  CHECK(shortcut > 1000);   // most of the course is straight pieces
  CHECK(short_of_most > 30);  // and the riser and crate do stop some rolls
  CHECK(stopped_on_straight > 100);  // as a foot pitched into a straight piece does, past its first roll
}

TEST_CASE("the ankle's range is tested on the same side of its limits as atan2 says, and exactly near them") {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int k = 0; k < 200000; ++k) {
    const vec2 knee{0.5 * unit(rng), 0.5 * unit(rng)};
    const double pitch = 1.5 * unit(rng);
    const double exact = dorsiflexion(knee, pitch);
    // limits far off, near, and on the angle itself
    const double a = 0.44, b = exact + (k % 3 == 0 ? 1e-9 * unit(rng) : 0.3 * unit(rng)), c = exact;
    const double got = dorsiflexion_against(knee, pitch, {a, b, c});
    CAPTURE(knee.x);
    CAPTURE(knee.y);
    CAPTURE(pitch);
    REQUIRE(std::abs(got - exact) < 1e-9);
    REQUIRE((got > a) == (exact > a));
    REQUIRE((got > b) == (exact > b));
    REQUIRE((got < b) == (exact < b));
    REQUIRE(got == exact);  // (c is the angle itself: the exact one is given)
  }
  // a knee straight above the ankle, or on its level, behind it: atan2's own answers
  for (vec2 knee : {vec2{0.0, 0.4}, vec2{0.0, -0.4}, vec2{-0.3, 0.0}, vec2{0.3, 0.0}, vec2{-0.3, -0.0}})
    CHECK(dorsiflexion_against(knee, 0.1, {0.44}) == dorsiflexion(knee, 0.1));
}
