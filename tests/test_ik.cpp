// Two-bone IK (issue 2): sweeps of random targets, each bad input alone, and every property
// again MIRRORED (facing -x), the classic source of flipped knees in 2D IK (STYLE.md 6).
#include "anim/ik.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>

using anim::BendSide;
using anim::TwoBoneIkInput;
using anim::TwoBoneIkOutput;
using anim::vec2;

namespace {

constexpr int kSweep = 100000;

vec2 mirror(vec2 p) { return {-p.x, p.y}; }

TwoBoneIkInput mirrored_input(TwoBoneIkInput in) {
  in.root = mirror(in.root);
  in.target = mirror(in.target);
  in.bend = anim::mirrored(in.bend);
  in.rest_angle = anim::kPi - in.rest_angle;
  return in;
}

bool finite(const TwoBoneIkOutput& o) {
  return anim::is_finite(o.mid) && anim::is_finite(o.end) && std::isfinite(o.upper_angle) && std::isfinite(o.lower_angle);
}

// Random chains: bone lengths 0.05..1 m, roots anywhere in +-5 m, targets up to 1.5x reach.
struct Case {
  TwoBoneIkInput in;
  double dist;
};
Case random_case(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> len(0.05, 1.0), pos(-5.0, 5.0), ang(-anim::kPi, anim::kPi), unit(0.0, 1.0);
  Case c;
  c.in.upper = len(rng);
  c.in.lower = len(rng);
  c.in.root = {pos(rng), pos(rng)};
  c.dist = unit(rng) * 1.5 * (c.in.upper + c.in.lower);
  c.in.target = c.in.root + c.dist * anim::direction(ang(rng));
  c.in.bend = unit(rng) < 0.5 ? BendSide::counter_clockwise : BendSide::clockwise;
  return c;
}

void check_properties(const TwoBoneIkInput& in, double dist) {
  const TwoBoneIkOutput o = anim::solve_two_bone_ik(in);
  REQUIRE(finite(o));
  const double a = in.upper, b = in.lower;
  // Both bones keep their length within 1e-9 relative.
  CHECK(std::abs(glm::length(o.mid - in.root) - a) <= 1e-9 * a);
  CHECK(std::abs(glm::length(o.end - o.mid) - b) <= 1e-9 * b);
  const double reach = a + b;
  if (dist <= reach * (1.0 - 1e-9) && dist >= std::abs(a - b) * (1.0 + 1e-9)) {
    // Reachable: the end is on the target.
    CHECK(glm::length(o.end - in.target) <= 1e-6);
    CHECK(o.reached);
    // The bend side is respected (the middle joint is off the line on the asked side).
    const double side = anim::cross(in.target - in.root, o.mid - in.root);
    const double expect = in.bend == BendSide::counter_clockwise ? 1.0 : -1.0;
    CHECK(side * expect >= -1e-12);
  } else if (dist > reach) {
    // Out of reach: straight toward the target and exactly full length, never longer.
    CHECK(std::abs(glm::length(o.end - in.root) - reach) <= 1e-9 * reach);
    CHECK(std::abs(anim::cross(o.mid - in.root, o.end - in.root)) <= 1e-9 * reach * reach);
    CHECK(glm::dot(o.end - in.root, in.target - in.root) > 0.0);
    CHECK_FALSE(o.reached);
  }
  CHECK(glm::length(o.end - in.root) <= reach * (1.0 + 1e-12));
}

}  // namespace

TEST_CASE("invalid inputs are reported one at a time and still give a finite pose") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  TwoBoneIkInput good;
  good.root = {0, 1};
  good.target = {0.3, 0.2};
  good.upper = 0.45;
  good.lower = 0.45;
  CHECK(anim::is_valid(good));
  auto one_bad = [&](auto mutate) {
    TwoBoneIkInput in = good;
    mutate(in);
    CHECK_FALSE(anim::is_valid(in));
    CHECK(finite(anim::solve_two_bone_ik(in)));
  };
  one_bad([&](TwoBoneIkInput& in) { in.upper = 0.0; });
  one_bad([&](TwoBoneIkInput& in) { in.lower = -1.0; });
  one_bad([&](TwoBoneIkInput& in) { in.upper = nan; });
  one_bad([&](TwoBoneIkInput& in) { in.lower = inf; });
  one_bad([&](TwoBoneIkInput& in) { in.target = {nan, 0.0}; });
  one_bad([&](TwoBoneIkInput& in) { in.target = {0.0, inf}; });
  one_bad([&](TwoBoneIkInput& in) { in.root = {nan, nan}; });
  one_bad([&](TwoBoneIkInput& in) { in.rest_angle = nan; });
}

TEST_CASE("100,000 random targets: reach, bone lengths, bend side, straight when out of reach") {
  std::mt19937_64 rng(20261130);
  for (int i = 0; i < kSweep; ++i) {
    const Case c = random_case(rng);
    check_properties(c.in, c.dist);
  }
}

TEST_CASE("100,000 random targets, mirrored: the mirrored chain solves to the mirrored pose") {
  std::mt19937_64 rng(777);
  for (int i = 0; i < kSweep; ++i) {
    const Case c = random_case(rng);
    const TwoBoneIkInput m = mirrored_input(c.in);
    check_properties(m, c.dist);
    const TwoBoneIkOutput o = anim::solve_two_bone_ik(c.in);
    const TwoBoneIkOutput om = anim::solve_two_bone_ik(m);
    const double scale = c.in.upper + c.in.lower;
    REQUIRE(glm::length(om.mid - mirror(o.mid)) <= 1e-9 * scale);
    REQUIRE(glm::length(om.end - mirror(o.end)) <= 1e-9 * scale);
  }
}

TEST_CASE("a knee bends forward and an elbow down, facing +x and facing -x") {
  for (int facing : {1, -1}) {
    CAPTURE(facing);
    // Leg: hip above, ankle below and a little ahead. Forward is +x * facing.
    TwoBoneIkInput leg;
    leg.root = {0.0, 0.9};
    leg.target = {0.1 * facing, 0.15};
    leg.upper = 0.44;
    leg.lower = 0.44;
    leg.bend = facing > 0 ? BendSide::counter_clockwise : BendSide::clockwise;
    const TwoBoneIkOutput l = anim::solve_two_bone_ik(leg);
    const vec2 on_line = leg.root + (leg.target - leg.root) * (glm::dot(l.mid - leg.root, leg.target - leg.root) /
                                                                 glm::dot(leg.target - leg.root, leg.target - leg.root));
    CHECK((l.mid.x - on_line.x) * facing > 0.01);  // the knee is in front of the hip-ankle line
    // Arm: shoulder to a hand ahead at chest height, elbows down.
    TwoBoneIkInput arm;
    arm.root = {0.0, 1.45};
    arm.target = {0.35 * facing, 1.35};
    arm.upper = 0.33;
    arm.lower = 0.30;
    arm.bend = facing > 0 ? BendSide::clockwise : BendSide::counter_clockwise;
    const TwoBoneIkOutput a = anim::solve_two_bone_ik(arm);
    CHECK(a.mid.y < std::min(arm.root.y, arm.target.y));
  }
}

TEST_CASE("degenerate targets give a defined, finite pose") {
  for (BendSide bend : {BendSide::counter_clockwise, BendSide::clockwise}) {
    for (double lower : {0.44, 0.3}) {
      TwoBoneIkInput in;
      in.root = {1.0, 1.0};
      in.upper = 0.44;
      in.lower = lower;
      in.bend = bend;
      in.target = in.root;  // on the root
      const TwoBoneIkOutput on_root = anim::solve_two_bone_ik(in);
      REQUIRE(finite(on_root));
      CHECK(std::abs(glm::length(on_root.mid - in.root) - in.upper) < 1e-12);
      // Folded as close as it gets: |upper - lower| from the root.
      CHECK(std::abs(glm::length(on_root.end - in.root) - std::abs(in.upper - lower)) < 1e-9);
      in.target = in.root + vec2{1e-300, 0.0};
      CHECK(finite(anim::solve_two_bone_ik(in)));
      in.target = in.root + vec2{1e6, -1e6};
      const TwoBoneIkOutput far = anim::solve_two_bone_ik(in);
      CHECK(finite(far));
      CHECK(std::abs(glm::length(far.end - in.root) - (in.upper + lower)) < 1e-9);
    }
  }
}

TEST_CASE("softness: near full reach the limb eases straight instead of snapping") {
  TwoBoneIkInput in;
  in.root = {0.0, 0.0};
  in.upper = 0.33;
  in.lower = 0.30;
  in.bend = BendSide::clockwise;
  in.softness = 0.03;
  double prev_bend = -1.0, worst_jump = 0.0;
  // Pull the target out through full reach in 0.1 mm steps.
  for (double d = 0.50; d <= 0.70; d += 0.0001) {
    in.target = {d, 0.0};
    const TwoBoneIkOutput o = anim::solve_two_bone_ik(in);
    const double bend = std::abs(anim::wrap_angle(o.lower_angle - o.upper_angle));
    if (prev_bend >= 0.0) worst_jump = std::max(worst_jump, std::abs(bend - prev_bend));
    prev_bend = bend;
    CHECK(glm::length(o.end - in.root) <= in.upper + in.lower + 1e-12);
  }
  // Without softness the last 0.1 mm before full reach swings the elbow by ~0.05 rad; with
  // it no 0.1 mm step moves the elbow by more than a few thousandths of a radian.
  CHECK(worst_jump < 0.01);
  in.softness = 0.0;
  in.target = {0.63 - 1e-4, 0.0};
  const double bent = std::abs(anim::wrap_angle(anim::solve_two_bone_ik(in).lower_angle - anim::solve_two_bone_ik(in).upper_angle));
  CHECK(bent > 0.02);  // the snap the softness removes is real
}
