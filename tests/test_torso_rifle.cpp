// The trunk and the rifle against human motion (issue 10; MOTION.md "Running", "Slopes and
// stairs", "Holding a rifle"): the lean grows with speed and leans into slopes, and it is the
// spine that leans; aimed, the buttpad sits in the shoulder pocket, the eye on the sight line
// (cheek weld), the elevation shared by trunk, head and arms; unaimed, the rifle answers the
// gait and goes to port arms at speed; a backpedal turned into a run completes its turn.
#include "anim/character.hpp"
#include "anim/metrics.hpp"
#include "anim/rifle.hpp"
#include "gait_runs.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace anim;
using gait_runs::kDt;

namespace {

constexpr double kDeg = kPi / 180.0;

Terrain slope(double degrees) {
  const double s = std::tan(degrees * kDeg);
  Terrain t;
  t.ground = {{-100.0, -100.0 * s}, {200.0, 200.0 * s}};
  return t;
}

// The upper spine's lean from vertical, read off the joints (chest -> neck), + forward.
double upper_spine_lean(const CharacterFrame& f) {
  const vec2 d = f.joints[index(Joint::neck)] - f.joints[index(Joint::chest)];
  return std::atan2(d.x * f.body.sign(), d.y);
}
double lower_spine_lean(const CharacterFrame& f) {
  const vec2 d = f.joints[index(Joint::chest)] - f.joints[index(Joint::pelvis)];
  return std::atan2(d.x * f.body.sign(), d.y);
}

// Steady state of a run at v on `terrain`, aiming at `elevation` deg (NaN: no aim): frames
// from 2.5 s to 5 s.
std::vector<CharacterFrame> steady(double v, const Terrain& terrain, double elevation = std::nan("")) {
  CharacterSpec cs;
  Character ch(cs, Tuning{}, terrain);
  std::vector<CharacterFrame> out;
  for (int i = 0; i < 600; ++i) {
    Intent in;
    in.vx_desired = v;
    if (!std::isnan(elevation)) {
      in.has_aim = true;
      in.aim_world = ch.frame().joints[index(Joint::shoulder_near)] +
                     25.0 * vec2{std::cos(elevation * kDeg), std::sin(elevation * kDeg)};
    }
    ch.step(in, kDt, terrain);
    if (i >= 300) out.push_back(ch.frame());
  }
  return out;
}

double mean_lean(const std::vector<CharacterFrame>& fs) {
  double s = 0.0;
  for (const CharacterFrame& f : fs) s += f.lean;
  return s / static_cast<double>(fs.size());
}

// The trunk segment's forward lean from vertical (hips -> neck base), as gait labs measure
// the trunk (Teng & Powers 2015: the thorax against vertical), mean over the frames.
double mean_trunk(const std::vector<CharacterFrame>& fs) {
  double s = 0.0;
  for (const CharacterFrame& f : fs) {
    const vec2 d = f.joints[index(Joint::neck)] - f.joints[index(Joint::pelvis)];
    s += std::atan2(d.x * f.body.sign(), d.y);
  }
  return s / static_cast<double>(fs.size());
}

// Distance of the eye from the sight line (the sights sight_height above the bore).
double eye_off_sight_line(const CharacterFrame& f, const RifleSpec& spec) {
  const int sgn = f.body.sign();
  const vec2 d = bore_direction(f.rifle, spec, sgn);
  const vec2 up = sgn < 0 ? vec2{d.y, -d.x} : vec2{-d.y, d.x};
  const vec2 sight = bore_start(f.rifle, spec, sgn) + spec.sight_height * up;
  return std::abs(glm::dot(f.eye - sight, up));
}

}  // namespace

TEST_CASE("the trunk leans with speed as runners do, into slopes, and the spine carries the lean") {
  const Terrain flat;
  const double walk = mean_trunk(steady(1.4, flat)) / kDeg;
  const double run = mean_trunk(steady(3.5, flat)) / kDeg;
  const double sprint = mean_trunk(steady(7.0, flat)) / kDeg;
  MESSAGE("trunk lean: " << walk << " deg at 1.4 m/s, " << run << " at 3.5, " << sprint << " at 7");
  CHECK(walk >= 0.0);  // walking: nearly upright, 0-5 deg forward (MOTION.md)
  CHECK(walk <= 5.0);
  CHECK(run >= 4.0);   // running 3.4 m/s: 4-11 deg (Teng & Powers 2015)
  CHECK(run <= 11.0);
  CHECK(sprint > run + 2.0);  // more at a sprint
  // Slopes: uphill 5-10 deg further forward on a steep grade; downhill near upright.
  const double up = mean_trunk(steady(1.4, slope(20.0))) / kDeg - walk;
  const double down = mean_trunk(steady(1.4, slope(-20.0))) / kDeg;
  MESSAGE("on 20 deg slopes: " << up << " deg more uphill; " << down << " deg downhill");
  CHECK(up >= 5.0);
  CHECK(up <= 10.0);
  CHECK(std::abs(down) <= 3.0);
  CHECK(down < walk);
  // The lean is the spine's: the upper spine points along the lean, the lower spine takes its
  // share (seed 000), in every frame, facing either way.
  const Tuning tuning;
  for (int facing : {1, -1}) {
    for (double v : {0.0, 1.4, 3.5, 7.0}) {
      CAPTURE(facing);
      CAPTURE(v);
      for (const CharacterFrame& f : steady(v * facing, slope(10.0))) {
        if (f.body.sign() != facing) continue;  // (still turning round at the start)
        CHECK(std::abs(lower_spine_lean(f) - tuning.lean.lower_spine_share * f.lean) < 1e-6);
        // The upper spine: the whole lean, less only the breath at rest (a few tenths of a degree).
        CHECK(std::abs(upper_spine_lean(f) - f.lean) < tuning.torso.breathing_depth + 1e-6);
      }
    }
  }
}

TEST_CASE("aimed, the buttpad sits in the shoulder pocket and the eye on the sight line (cheek weld)") {
  const RifleSpec spec;
  double worst_pocket = 0.0, worst_eye = 0.0;
  for (double elevation : {-30.0, -10.0, 0.0, 15.0, 35.0}) {
    for (double v : {0.0, 1.4, 3.5}) {
      CAPTURE(elevation);
      CAPTURE(v);
      for (const CharacterFrame& f : steady(v, Terrain{}, elevation)) {
        REQUIRE(f.aim_mode == static_cast<std::uint8_t>(AimMode::aimed));
        const vec2 shoulder = f.joints[index(Joint::shoulder_near)];
        // The pocket is inside the shoulder joint, a few cm from it, never behind the spine:
        // a rifle anchored anywhere else (at the grip, with the stock through the chest) fails.
        const double from_shoulder = glm::length(f.rifle.butt - shoulder);
        worst_pocket = std::max(worst_pocket, from_shoulder);
        CHECK(from_shoulder < 0.08);
        const vec2 spine = glm::normalize(f.joints[index(Joint::neck)] - f.joints[index(Joint::pelvis)]);
        const vec2 forward = f.body.sign() > 0 ? vec2{spine.y, -spine.x} : vec2{-spine.y, spine.x};
        CHECK(glm::dot(f.rifle.butt - f.joints[index(Joint::neck)], forward) > 0.0);
        // The grip is ahead of the buttpad along the bore, the muzzle further ahead.
        CHECK(glm::dot(f.rifle.grip - f.rifle.butt, f.rifle.muzzle - f.rifle.butt) > 0.0);
        // The eye on the sight line, the head down on the stock.
        const double eye = eye_off_sight_line(f, spec);
        worst_eye = std::max(worst_eye, eye);
        CHECK(eye < 0.005);
        CHECK(f.pose.neck - f.pose.head > 10.0 * kDeg);  // the face tipped forward onto the stock
        // The firing elbow out from the body: below the grip, but not hanging at the belt.
        const double elbow = f.rifle.grip.y - f.joints[index(Joint::elbow_near)].y;
        CHECK(elbow > 0.0);
        CHECK(elbow < 0.25);
        CHECK(bone_error(f) < 1e-9);
      }
    }
  }
  MESSAGE("buttpad within " << worst_pocket * 100.0 << " cm of the shoulder joint; eye within " << worst_eye * 1000.0
                            << " mm of the sight line");
}

TEST_CASE("elevation is shared: the trunk leans back to aim high and forward to aim low, the head follows the stock") {
  const Tuning tuning;
  const auto level = steady(0.0, Terrain{}, 0.0);
  for (double elevation : {-25.0, 30.0}) {
    CAPTURE(elevation);
    const auto aimed = steady(0.0, Terrain{}, elevation);
    const double trunk = (mean_lean(aimed) - mean_lean(level)) / kDeg;
    CHECK(trunk == doctest::Approx(-tuning.torso.aim_share * elevation).epsilon(0.05));
    // The skull turns the same way as the rifle (the head follows the stock).
    const double skull = std::atan2(aimed.back().skull.y, aimed.back().skull.x) - std::atan2(level.back().skull.y, level.back().skull.x);
    CHECK(skull * elevation > 0.0);
    CHECK(std::abs(skull) > 0.2 * std::abs(elevation) * kDeg);
    // The arms take the rest: the rifle itself points at the elevation.
    const vec2 bore = aimed.back().rifle.muzzle - aimed.back().rifle.butt;
    CHECK(std::abs(std::atan2(bore.y, bore.x) / kDeg - elevation) < 6.0);
  }
}

TEST_CASE("unaimed, the rifle answers the gait twice a cycle and goes to port arms at speed") {
  const Tuning tuning;
  for (double v : {1.4, 5.0}) {
    CAPTURE(v);
    const auto frames = steady(v, Terrain{});
    double lo = 1e9, hi = -1e9, plo = 1e9, phi = -1e9;
    for (const CharacterFrame& f : frames) {
      CHECK(f.aim_mode == static_cast<std::uint8_t>(AimMode::carry));
      CHECK(glm::length(f.joints[index(Joint::hand_near)] - f.rifle.grip) < 1e-3);  // Rule 2b: the hands
      CHECK(glm::length(f.joints[index(Joint::hand_far)] - f.rifle.fore) < 1e-3);   // follow the rifle
      const double y = f.rifle.muzzle.y - f.joints[index(Joint::pelvis)].y;
      lo = std::min(lo, y);
      hi = std::max(hi, y);
      const vec2 bore = f.rifle.muzzle - f.rifle.butt;
      const double pitch = std::atan2(bore.y, bore.x);
      plo = std::min(plo, pitch);
      phi = std::max(phi, pitch);
    }
    MESSAGE(v << " m/s: the muzzle moves " << (hi - lo) * 100.0 << " cm over the hips, " << (phi - plo) / kDeg << " deg");
    CHECK(hi - lo > 0.015);  // a few centimetres (MOTION.md)
    CHECK(hi - lo < 0.15);
    CHECK(phi - plo > 3.0 * kDeg);  // and a few degrees
    CHECK(phi - plo < 15.0 * kDeg);
    const vec2 bore = frames.back().rifle.muzzle - frames.back().rifle.butt;
    const double pitch = std::atan2(bore.y, bore.x);
    const double from_shoulder = glm::length(frames.back().rifle.butt - frames.back().joints[index(Joint::shoulder_near)]);
    if (v < tuning.carry.port_speed) {
      CHECK(pitch < 0.0);  // at a walk, the low ready: muzzle down, the butt at the shoulder
      CHECK(from_shoulder < 0.1);
    } else {
      CHECK(std::abs(pitch - tuning.carry.port_pitch) < 0.15);  // at a run, port arms across the chest
      CHECK(from_shoulder > 0.2);
    }
  }
}

TEST_CASE("a backpedal that turns into a run the other way, aiming behind, turns round and stays turned") {
  // Issue 10's bug: backpedalling at 1.2 m/s, then running the other way at 4 m/s with the aim
  // point behind him, he stayed mid-turn, chest to the camera, for as long as he ran.
  CharacterSpec cs;
  const Terrain flat;
  Character ch(cs, Tuning{}, flat);
  int mid_turn_after = 0;
  for (int i = 0; i < 8 * 120; ++i) {
    const double t = i * kDt;
    Intent in;
    in.has_aim = true;
    in.aim_world = {ch.frame().x + 20.0, 1.5};  // ahead of where he faces at the start
    in.vx_desired = t < 3.0 ? -1.2 : -4.0;      // backpedal, then run away from the aim point
    ch.step(in, kDt, flat);
    const double s = std::abs(ch.frame().body.x_scale());
    if (t > 4.5 && s < 1.0) ++mid_turn_after;
    for (const vec2& p : ch.frame().joints) REQUIRE(is_finite(p));
  }
  CHECK(mid_turn_after == 0);
  CHECK(ch.frame().body.sign() == -1);  // facing the way he runs
  CHECK(ch.frame().vx < -3.5);          // running, not capped at a backpedal
}
