// The upper body (issue 5, Rule 2b, seeds 000 and 001): the barrel on the aim point, the
// hands on the rifle, the lean from the real acceleration, the clamped look-at, and the
// order of the frame (the trunk is set before the hands are solved).
#include "anim/aim.hpp"
#include "anim/character.hpp"
#include "anim/lean.hpp"
#include "anim/look_at.hpp"
#include "anim/metrics.hpp"
#include "gait_runs.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

using namespace anim;
using gait_runs::kDt;

namespace {

constexpr double kDeg = kPi / 180.0;

// Angle between the bore and the line from the bore's start to the aim point, rad.
double barrel_error(const CharacterFrame& f, const RifleSpec& spec) {
  const int sgn = f.body.sign();
  const vec2 d = bore_direction(f.rifle, spec, sgn);
  const vec2 to_aim = f.aim_world - bore_start(f.rifle, spec, sgn);
  return std::abs(wrap_angle(angle_of(to_aim) - angle_of(d)));
}

double hand_error(const CharacterFrame& f) {
  return std::max(glm::length(f.joints[index(Joint::hand_near)] - f.rifle.grip),
                  glm::length(f.joints[index(Joint::hand_far)] - f.rifle.fore));
}

// Signed height of the rear (near) elbow above the weapon line, m (< 0: below).
double rear_elbow_height(const CharacterFrame& f, const RifleSpec& spec) {
  const int sgn = f.body.sign();
  const vec2 d = bore_direction(f.rifle, spec, sgn);
  const vec2 up = sgn < 0 ? vec2{d.y, -d.x} : vec2{-d.y, d.x};
  return glm::dot(f.joints[index(Joint::elbow_near)] - bore_start(f.rifle, spec, sgn), up);
}

struct AimCase {
  double speed, accel_limit;
};

}  // namespace

TEST_CASE("the barrel holds the aim point and both hands hold the rifle, over aims, speeds and leans") {
  const RifleSpec spec;
  double worst_barrel = 0.0, worst_hand = 0.0;
  for (int facing : {1, -1}) {
    for (double elevation_deg = -40.0; elevation_deg <= 45.0; elevation_deg += 8.5) {
      for (double range : {4.0, 25.0}) {
        // Speeds and accelerations: the lean changes, the shoulders move, the aim must not.
        for (const AimCase& c : {AimCase{0.0, 4.0}, AimCase{1.4, 4.0}, AimCase{3.5, 2.0}, AimCase{-1.5, 6.0}, AimCase{6.0, 1.0}}) {
          CAPTURE(facing);
          CAPTURE(elevation_deg);
          CAPTURE(range);
          CAPTURE(c.speed);
          CharacterSpec cs;
          cs.facing = facing;
          Tuning tuning;
          tuning.body.accel_limit = c.accel_limit;
          const Terrain flat;
          Character ch(cs, tuning, flat);
          for (int i = 0; i < 600; ++i) {
            Intent in;
            in.vx_desired = c.speed * facing;
            in.has_aim = true;
            const vec2 shoulder = ch.frame().joints[index(Joint::shoulder_near)];
            in.aim_world = shoulder + range * vec2{facing * std::cos(elevation_deg * kDeg), std::sin(elevation_deg * kDeg)};
            ch.step(in, kDt, flat);
            const CharacterFrame& f = ch.frame();
            if (i < 240) continue;  // steady state: the rifle has swung onto the aim
            REQUIRE(f.aim_mode == static_cast<std::uint8_t>(AimMode::aimed));
            worst_barrel = std::max(worst_barrel, barrel_error(f, spec));
            worst_hand = std::max(worst_hand, hand_error(f));
            CHECK(rear_elbow_height(f, spec) < 0.0);
            CHECK(glm::length(f.joints[index(Joint::hand_near)] - f.joints[index(Joint::shoulder_near)]) <= f.body_size.arm() + 1e-9);
            CHECK(glm::length(f.joints[index(Joint::hand_far)] - f.joints[index(Joint::shoulder_far)]) <= f.body_size.arm() + 1e-9);
          }
        }
      }
    }
  }
  MESSAGE("worst barrel error " << worst_barrel / kDeg << " deg, worst hand error " << worst_hand * 1000.0 << " mm");
  CHECK(worst_barrel < 0.5 * kDeg);
  CHECK(worst_hand < 0.001);
}

TEST_CASE("five soldiers at different places and speeds aim at one point") {
  const Terrain flat;
  const RifleSpec spec;
  const vec2 target{30.0, 4.0};
  std::vector<Character> squad;
  const double xs[] = {-6.0, -3.0, 0.0, 4.0, 9.0};
  const double vs[] = {0.0, 1.2, 2.5, 4.0, -1.0};
  for (int i = 0; i < 5; ++i) {
    CharacterSpec cs;
    cs.id = std::string(1, static_cast<char>('a' + i));
    cs.x = xs[i];
    cs.seed = static_cast<std::uint64_t>(i);
    cs.height = 1.65 + 0.05 * i;
    squad.emplace_back(cs, Tuning{}, flat);
  }
  for (int step = 0; step < 480; ++step) {
    for (int i = 0; i < 5; ++i) {
      Intent in;
      in.vx_desired = vs[i];
      in.has_aim = true;
      in.aim_world = target;
      squad[i].step(in, kDt, flat);
      if (step > 240) CHECK(barrel_error(squad[i].frame(), spec) < 0.5 * kDeg);
    }
  }
}

TEST_CASE("an aim point out of range gives a ready, never an overstretched arm; degenerate points are defined") {
  const Terrain flat;
  const RifleSpec spec;
  CharacterSpec cs;
  Character ch(cs, Tuning{}, flat);
  auto settle = [&](vec2 aim) {
    for (int i = 0; i < 120; ++i) {
      Intent in;
      in.has_aim = true;
      in.aim_world = aim;
      ch.step(in, kDt, flat);
      const CharacterFrame& f = ch.frame();
      for (const vec2& p : f.joints) REQUIRE(is_finite(p));
      REQUIRE(is_finite(f.rifle.muzzle));
      CHECK(hand_error(f) < 0.01);
      CHECK(bone_error(f) < 1e-9);
    }
    return ch.frame();
  };
  const CharacterFrame above = settle({2.0, 40.0});
  CHECK(above.aim_mode == static_cast<std::uint8_t>(AimMode::high_ready));
  const CharacterFrame below = settle({3.0, -20.0});
  CHECK(below.aim_mode == static_cast<std::uint8_t>(AimMode::low_ready));
  // On the shoulder, and on the muzzle: defined poses, no NaN.
  const CharacterFrame on_shoulder = settle(ch.frame().joints[index(Joint::shoulder_near)]);
  CHECK(on_shoulder.aim_mode != static_cast<std::uint8_t>(AimMode::aimed));
  settle(ch.frame().rifle.muzzle);
  // No aim point: a relaxed carry that moves with the gait.
  std::vector<double> pitches;
  for (int i = 0; i < 240; ++i) {
    Intent in;
    in.vx_desired = 1.4;
    ch.step(in, kDt, flat);
    pitches.push_back(angle_of(ch.frame().rifle.muzzle - ch.frame().rifle.butt));
    CHECK(ch.frame().aim_mode == static_cast<std::uint8_t>(AimMode::carry));
  }
  const auto [lo, hi] = std::minmax_element(pitches.begin(), pitches.end());
  CHECK(*hi - *lo > 0.03);
}

TEST_CASE("a shot kicks the rifle and it settles in a few tenths of a second, hands on it throughout") {
  const Terrain flat;
  const RifleSpec spec;
  CharacterSpec cs;
  Character ch(cs, Tuning{}, flat);
  Intent aim;
  aim.has_aim = true;
  aim.aim_world = {20.0, 1.5};
  for (int i = 0; i < 240; ++i) ch.step(aim, kDt, flat);
  const vec2 rest_muzzle = ch.frame().rifle.muzzle;
  Intent shot = aim;
  shot.fire = true;
  ch.step(shot, kDt, flat);
  double peak = 0.0, settled_at = -1.0;
  for (int i = 1; i < 120; ++i) {
    ch.step(aim, kDt, flat);
    const double off = glm::length(ch.frame().rifle.muzzle - rest_muzzle);
    peak = std::max(peak, off);
    CHECK(hand_error(ch.frame()) < 0.001);
    if (settled_at < 0.0 && i > 5 && off < 0.002) settled_at = i * kDt;
  }
  CHECK(peak > 0.01);  // the kick is there
  CHECK(settled_at > 0.05);
  CHECK(settled_at < 0.5);
  CHECK(barrel_error(ch.frame(), spec) < 0.5 * kDeg);
}

TEST_CASE("seed 000: the lean settles at atan2(a, g) x strength, forward accelerating, back braking, capped") {
  const Terrain flat;
  for (double a : {1.0, 2.5, 4.0}) {
    CAPTURE(a);
    Tuning tuning;
    tuning.body.accel_limit = a;
    CharacterSpec cs;
    Character ch(cs, tuning, flat);
    Intent go;
    go.vx_desired = 8.0;
    for (int i = 0; i < 180; ++i) ch.step(go, kDt, flat);  // 1.5 s of constant acceleration
    const double want = tuning.lean.strength * std::atan2(a, kGravity);
    CHECK(std::abs(ch.frame().lean_accel - want) < 1.0 * kDeg);
    CHECK(ch.frame().lean_accel > 0.0);
    // Brake from full speed: the lean goes back.
    for (int i = 0; i < 600; ++i) ch.step(go, kDt, flat);
    Intent stop;
    for (int i = 0; i < 90; ++i) ch.step(stop, kDt, flat);
    CHECK(std::abs(ch.frame().lean_accel + want) < 1.0 * kDeg);
  }
  // The cap.
  LeanTuning t;
  t.strength = 1.0;
  LeanState s;
  for (int i = 0; i < 600; ++i) step_lean(s, 30.0, t, kDt);
  CHECK(step_lean(s, 30.0, t, kDt) == doctest::Approx(t.max_lean));
  CHECK(raw_lean(30.0, t) > t.max_lean);
}

TEST_CASE("seed 001: the look-at tables reproduce step for step") {
  // Target 70 deg off the trunk, 45 deg cone, 200 deg/s, dt 0.1: 0, 20, 40, 45, 45.
  {
    LookAtTuning t;
    t.turn_speed = 200.0 * kDeg;
    t.cone = 45.0 * kDeg;
    LookAtState s;
    const double expect[] = {20, 40, 45, 45};
    for (double e : expect) CHECK(step_look_at(s, 70.0 * kDeg, 0.0, t, 0.1) / kDeg == doctest::Approx(e));
  }
  // Target 100 deg, 60 deg cone, 300 deg/s: 0, 30, 60, 60.
  {
    LookAtTuning t;
    t.turn_speed = 300.0 * kDeg;
    t.cone = 60.0 * kDeg;
    LookAtState s;
    const double expect[] = {30, 60, 60};
    for (double e : expect) CHECK(step_look_at(s, 100.0 * kDeg, 0.0, t, 0.1) / kDeg == doctest::Approx(e));
  }
  // The weight fades the whole look-at; a huge dt never overshoots.
  LookAtTuning half;
  half.weight = 0.5;
  LookAtState s;
  CHECK(step_look_at(s, 0.5, 0.1, half, 10.0) == doctest::Approx(0.1 + 0.5 * (0.5 - 0.1)));
  CHECK(rotate_towards(0.0, 1.0, 100.0) == 1.0);
}

TEST_CASE("the head never turns faster than its turn speed and the gaze stays in its cone") {
  const Terrain flat;
  Tuning tuning;
  CharacterSpec cs;
  Character ch(cs, tuning, flat);
  double prev = ch.frame().look;
  for (int i = 0; i < 720; ++i) {
    Intent in;
    in.vx_desired = i < 360 ? 2.0 : 0.0;
    in.has_aim = true;
    // A target that jumps around in front of him, sometimes far out of the cone.
    const double a = (i / 60 % 2 == 0) ? 1.2 : -0.9;
    in.aim_world = ch.frame().joints[index(Joint::head)] + 6.0 * vec2{std::cos(a), std::sin(a)};
    ch.step(in, kDt, flat);
    const double look = ch.frame().look;
    CHECK(std::abs(look - prev) <= tuning.look.turn_speed * kDt + 1e-12);
    CHECK(std::abs(look) <= tuning.look.cone + 1e-12);
    prev = look;
  }
}
