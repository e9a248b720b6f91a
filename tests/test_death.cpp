// Death and the get-up wired into the character (issue 13, Rule 7b, seed 001 sections 7-8):
// Intent::die turns the soldier into the ragdoll born on his last frame, Intent::get_up gets
// him up through a kneel into the living stand with no pop, a second death mid get-up is a
// ragdoll again, and a get_up on a living soldier does nothing.
#include "anim/character.hpp"
#include "anim/metrics.hpp"
#include "anim/states/get_up.hpp"
#include "anim/states/get_up_keys.hpp"
#include "anim/states/pose_blend.hpp"
#include "anim/states/pose_from_joints.hpp"
#include "tests/program_runner.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace anim;

namespace {

constexpr double kDt = 1.0 / 120.0;

struct Run {
  std::vector<CharacterFrame> frames;
};

// A soldier driven by `intent_at(step)` for `seconds`.
template <class IntentAt>
Run run(IntentAt intent_at, double seconds, const Terrain& terrain = {}, int facing = 1) {
  CharacterSpec spec;
  spec.facing = facing;
  spec.seed = 3;
  Character c(spec, Tuning{}, terrain);
  Run r;
  const int steps = static_cast<int>(std::lround(seconds / kDt));
  for (int i = 0; i < steps; ++i) {
    c.step(intent_at(i), kDt, terrain);
    r.frames.push_back(c.frame());
  }
  return r;
}

Intent moving(double vx) {
  Intent in;
  in.vx_desired = vx;
  return in;
}

// Walks or runs at `vx`, dies at die_step with `impulse`, gets up at get_up_step (< 0: never).
auto scripted(double vx, int die_step, vec2 impulse, int get_up_step = -1) {
  return [=](int i) {
    Intent in = i < die_step ? moving(vx) : Intent{};
    if (i == die_step) {
      in.die = true;
      in.die_impulse = impulse;
    }
    if (i == get_up_step) in.get_up = true;
    return in;
  };
}

double joint_jump(const CharacterFrame& a, const CharacterFrame& b) {
  double worst = 0.0;
  for (std::size_t i = 0; i < kJointCount; ++i) worst = std::max(worst, glm::length(b.joints[i] - a.joints[i]));
  for (auto p : {&RiflePoints::butt, &RiflePoints::grip, &RiflePoints::fore, &RiflePoints::muzzle})
    worst = std::max(worst, glm::length(b.rifle.*p - a.rifle.*p));
  return worst;
}

bool finite_frame(const CharacterFrame& f) {
  for (const vec2& p : f.joints)
    if (!is_finite(p)) return false;
  for (const vec2& p : {f.rifle.butt, f.rifle.grip, f.rifle.fore, f.rifle.muzzle, f.gaze, f.skull, f.eye})
    if (!is_finite(p)) return false;
  for (const vec2& p : f.gear.antenna)
    if (!is_finite(p)) return false;
  for (const vec2& p : f.gear.sling)
    if (!is_finite(p)) return false;
  return std::isfinite(f.x) && std::isfinite(f.vx);
}

int first_step_in(const Run& r, State s, int from = 0) {
  for (int i = from; i < static_cast<int>(r.frames.size()); ++i)
    if (r.frames[i].state == s) return i;
  return -1;
}

// The steps at which the get-up's stretches end, counted back from its end (the first step
// after it): the lying stretch lasts at least lie_time (longer when the blend from the frozen
// pose is), the rise, the kneel and the stand their tuned times.
struct GetUpSteps {
  int first = -1;  // the first getup step
  int lie = -1, risen = -1, kneel = -1, end = -1;
};
GetUpSteps get_up_steps(const Run& r, int from) {
  GetUpSteps s;
  s.first = first_step_in(r, State::getup, from);
  if (s.first < 0) return s;
  s.end = s.first;
  while (s.end < static_cast<int>(r.frames.size()) && r.frames[s.end].state == State::getup) ++s.end;
  const GetUpTuning t;
  s.kneel = s.end - static_cast<int>(std::lround(t.stand_time / kDt));
  s.risen = s.kneel - static_cast<int>(std::lround(t.kneel_time / kDt));
  s.lie = s.risen - static_cast<int>(std::lround(t.rise_time / kDt));
  return s;
}

}  // namespace

TEST_CASE("die: the soldier becomes the ragdoll born on his last frame, and lies down") {
  const int die_step = 240;
  const Run r = run(scripted(1.4, die_step, {0.0, 0.0}), 6.0);
  const CharacterFrame& last_living = r.frames[die_step - 1];
  CHECK(last_living.state == State::walk);
  for (std::size_t i = die_step; i < r.frames.size(); ++i) CHECK(r.frames[i].state == State::ragdoll);
  // Born on the pose: the first dead step moves no joint further than the living steps did.
  const double living_step = joint_jump(r.frames[die_step - 2], last_living);
  CHECK(joint_jump(last_living, r.frames[die_step]) < living_step + 0.01);
  // He is down: the shoulders and the head near the ground (he may lie on his front or curled
  // over his knees: the hips are not asserted).
  const CharacterFrame& end = r.frames.back();
  CHECK(end.joints[index(Joint::neck)].y < 0.45);
  CHECK(end.joints[index(Joint::chest)].y < 0.55);
  CHECK(end.rifle.muzzle.y < 0.6);  // the rifle fell with him
  CHECK(end.gear.valid);
}

TEST_CASE("a running man keeps running into his fall; a standing one falls about where he stood") {
  for (int facing : {1, -1}) {
    CAPTURE(facing);
    const int die_step = 240;
    const Run run_fall = run(scripted(5.0 * facing, die_step, {0.0, 0.0}), 4.0, {}, facing);
    const Run still_fall = run(scripted(0.0, die_step, {0.0, 0.0}), 4.0, {}, facing);
    const double x0 = run_fall.frames[die_step - 1].joints[index(Joint::chest)].x;
    const double ran = (run_fall.frames[die_step + 30].joints[index(Joint::chest)].x - x0) * facing;
    CHECK(ran > 0.8);  // 0.25 s at ~5 m/s
    const double s0 = still_fall.frames[die_step - 1].joints[index(Joint::chest)].x;
    CHECK(std::abs(still_fall.frames[die_step + 30].joints[index(Joint::chest)].x - s0) < 0.3);
  }
}

TEST_CASE("the impulse: from the front he goes over backwards, from behind on his face") {
  for (int facing : {1, -1}) {
    CAPTURE(facing);
    const int die_step = 120;
    const Run back = run(scripted(0.0, die_step, {-4.0 * facing, 0.5}), 5.0, {}, facing);
    const Run front = run(scripted(0.0, die_step, {4.0 * facing, 0.5}), 5.0, {}, facing);
    const double x0 = back.frames[die_step - 1].joints[index(Joint::chest)].x;
    CHECK((back.frames.back().joints[index(Joint::chest)].x - x0) * facing < -0.4);
    CHECK((front.frames.back().joints[index(Joint::chest)].x - x0) * facing > 0.4);
  }
}

TEST_CASE("no NaN for a zero, huge, upward or into-the-wall impulse") {
  // A wall a hand's breadth ahead of everything he holds as he dies.
  const Run alive = run(scripted(0.0, 1000, {0.0, 0.0}), 0.5);
  double ahead = -1e9;
  const CharacterFrame& last = alive.frames.back();
  for (const vec2& p : last.joints) ahead = std::max(ahead, p.x);
  for (const vec2& p : {last.rifle.muzzle, last.rifle.fore}) ahead = std::max(ahead, p.x);
  const double front = ahead + 0.1;
  Terrain wall;
  wall.boxes = {{front, 0.2, 2.0}};
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (vec2 impulse : {vec2{0.0, 0.0}, vec2{1e9, 0.0}, vec2{0.0, 1e9}, vec2{0.0, 60.0}, vec2{40.0, 0.0}, vec2{-1e300, 1e300},
                       vec2{nan, 1.0}}) {
    CAPTURE(impulse.x);
    CAPTURE(impulse.y);
    const Run r = run(scripted(0.0, 60, impulse, 400), 8.0, wall);
    for (const CharacterFrame& f : r.frames) REQUIRE(finite_frame(f));
    double beyond = -1e9;  // how far the dead body got past the wall's face
    for (const CharacterFrame& f : r.frames) {
      if (f.state != State::ragdoll) continue;
      for (const vec2& p : f.joints) beyond = std::max(beyond, p.x - front);
    }
    CHECK(beyond < 1e-3);
    CHECK(r.frames.back().state == State::stand);  // and he got up again
  }
}

TEST_CASE("get_up on a living soldier does nothing") {
  const auto plain = [](int i) { return moving(i < 200 ? 1.4 : 0.0); };
  const auto asked = [](int i) {
    Intent in = moving(i < 200 ? 1.4 : 0.0);
    in.get_up = i % 37 == 0;
    return in;
  };
  const Run a = run(plain, 4.0), b = run(asked, 4.0);
  for (std::size_t i = 0; i < a.frames.size(); ++i) {
    CHECK(b.frames[i].state == a.frames[i].state);
    CHECK(b.frames[i].joints == a.frames[i].joints);
  }
}

TEST_CASE("the get-up: from the frozen pose, through a kneel, into the living stand, with no pop") {
  for (int facing : {1, -1})
    for (vec2 impulse : {vec2{-4.0, 0.5}, vec2{4.0, 0.5}}) {  // over backwards (face up), on his face (face down)
      CAPTURE(facing);
      CAPTURE(impulse.x);
      const int die_step = 60, get_up_step = 60 + 600;
      const Run r = run(scripted(0.0, die_step, {impulse.x * facing, impulse.y}, get_up_step), 10.0, {}, facing);
      const CharacterFrame& frozen = r.frames[get_up_step - 1];
      REQUIRE(frozen.state == State::ragdoll);
      const int first = first_step_in(r, State::getup);
      REQUIRE(first == get_up_step);
      // Starts from the frozen pose: the first step (dt into a 0.25 s smoothstep) moves a few
      // millimetres at most.
      CHECK(joint_jump(frozen, r.frames[first]) < 3e-3);
      // No pop anywhere: every joint moves less than 4 cm a step (4.8 m/s) through the get-up
      // and into the stand, and at the start of the blend less than a centimetre.
      const GetUpSteps g = get_up_steps(r, first);
      const int end = g.end;
      REQUIRE(end < static_cast<int>(r.frames.size()));
      const GetUpTuning tuned;
      CHECK((g.lie - first) * kDt >= tuned.lie_time - kDt - 1e-9);  // lying at least lie_time ...
      CHECK((g.lie - first) * kDt <= 1.0);                     // ... and the blend no more than a second
      double worst = 0.0;
      for (int i = first; i <= end + 10; ++i) worst = std::max(worst, joint_jump(r.frames[i - 1], r.frames[i]));
      CHECK(worst < 0.04);
      for (int i = first; i < first + 3; ++i) CHECK(joint_jump(r.frames[i - 1], r.frames[i]) < 0.01);
      // The last steps of the blend into the stand are as still as the stand itself.
      for (int i = end - 3; i <= end + 3; ++i) CHECK(joint_jump(r.frames[i - 1], r.frames[i]) < 0.006);
      // Through a kneel: midway the rear knee is on the ground and the hips are at thigh height.
      const CharacterFrame& k = r.frames[g.kneel];
      CHECK(k.joints[index(Joint::knee_far)].y < 0.1);
      CHECK(k.joints[index(Joint::pelvis)].y == doctest::Approx(k.body_size.thigh + 0.06).epsilon(0.15));
      // Standing: the living pipeline's own stand, bones their own length (Rule 8 once more).
      const CharacterFrame& stood = r.frames[end + 60];
      CHECK(stood.state == State::stand);
      CHECK(stood.joints[index(Joint::pelvis)].y > 0.8 * stood.body_size.leg());
      CHECK(stood.contact[0]);
      CHECK(stood.contact[1]);
      for (int i = first; i < end + 60; ++i) {
        const CharacterFrame& f = r.frames[i];
        CHECK(f.joints[index(Joint::knee_near)].y > -1e-6);
        const double thigh = glm::length(f.joints[index(Joint::knee_near)] - f.joints[index(Joint::hip_near)]);
        CHECK(thigh == doctest::Approx(f.body_size.thigh).epsilon(0.025));  // the ragdoll's drift, eased out
      }
    }
}

// How deep any joint of `f` is inside a box of `terrain`, m (0: none is).
double depth_in_boxes(const CharacterFrame& f, const Terrain& terrain) {
  double worst = 0.0;
  for (const Box& b : terrain.boxes) {
    const double top = terrain.ground_at(b.x) + b.height;
    for (const vec2& p : f.joints) {
      if (!(p.x > b.x && p.x < b.x + b.width && p.y < top)) continue;
      worst = std::max(worst, std::min({p.x - b.x, b.x + b.width - p.x, top - p.y}));
    }
  }
  return worst;
}

TEST_CASE("the get-up beside a box: no joint inside it, no pop, and he stands clear of it") {
  // He dies against a wall or beside a crate, ahead of him or behind, and lies there: the
  // get-up goes where there is room (it slides its start out along the floor within the blend
  // from the frozen pose), never through the box.
  struct Case { const char* name; Box box; vec2 impulse; };
  const Case cases[] = {
      {"wall ahead, thrown on his face against it", {0.7, 0.4, 1.6}, {3.0, 0.5}},
      {"wall behind, thrown on his back against it", {-0.85, 0.4, 1.6}, {-3.0, 0.5}},
      {"crate ahead, on his back beside it", {0.9, 0.8, 0.45}, {-3.0, 0.5}},
      {"crate behind, on his face beside it", {-1.7, 0.8, 0.45}, {3.0, 0.5}},
      {"wall ahead, dropped where he stands", {0.7, 0.4, 1.6}, {0.0, 0.0}},
  };
  int moved_clear = 0;
  for (int facing : {1, -1})
    for (const Case& c : cases) {
      CAPTURE(facing);
      const std::string name = c.name;
      CAPTURE(name);
      Terrain terrain;
      Box box = c.box;
      if (facing < 0) box.x = -(box.x + box.width);  // mirrored
      terrain.boxes = {box};
      const int die_step = 60, get_up_step = 60 + 600;
      const Run r = run(scripted(0.0, die_step, {c.impulse.x * facing, c.impulse.y}, get_up_step), 10.0, terrain, facing);
      REQUIRE(r.frames[get_up_step - 1].state == State::ragdoll);
      REQUIRE(depth_in_boxes(r.frames[die_step - 1], terrain) == 0.0);  // alive he was clear of it
      const int first = first_step_in(r, State::getup);
      REQUIRE(first == get_up_step);
      const GetUpSteps g = get_up_steps(r, first);
      REQUIRE(g.end + 60 < static_cast<int>(r.frames.size()));
      double deepest = 0.0, worst_jump = 0.0;
      for (int i = die_step; i < g.end + 60; ++i) deepest = std::max(deepest, depth_in_boxes(r.frames[i], terrain));
      for (int i = first; i <= g.end + 10; ++i) worst_jump = std::max(worst_jump, joint_jump(r.frames[i - 1], r.frames[i]));
      CHECK(deepest < 0.01);      // m: no joint inside the box, lying, rising or standing
      CHECK(worst_jump < 0.04);   // and no pop (the bar of the open-floor get-up)
      CHECK(joint_jump(r.frames[first - 1], r.frames[first]) < 3e-3);  // from the frozen pose
      CHECK(r.frames[g.end + 60].state == State::stand);
      const double stood_x = r.frames[g.end + 60].x, lay_x = r.frames[first - 1].joints[index(Joint::pelvis)].x;
      if (std::abs(stood_x - lay_x) > 0.05) ++moved_clear;
    }
  CHECK(moved_clear > 0);  // the motion happened: some get-ups went around where he lay
}

TEST_CASE("the get-up's room beside a box is tuning: box_margin and stand_reach") {
  // A body lying still on open floor; a wall is then put beside where his get-up would go.
  // start_get_up slides the motion away from it until every joint's disc is box_margin clear
  // of its side, and the living stand's hands, stand_reach ahead of the kneel's front foot, too.
  const Run r = run(scripted(0.0, 60, {-3.0, 0.5}), 4.0);
  const CharacterFrame& lying = r.frames.back();
  REQUIRE(lying.state == State::ragdoll);
  const BodyPoints frozen = body_points(lying);
  const Tuning tuning;
  const GroundClearance radii = ground_clearance(lying.body_size);
  const int facing = lying.body.sign();
  auto get_up = [&](const GetUpTuning& t, const Terrain& terrain) {
    return start_get_up(frozen, true, facing, lying.body_size, tuning.rifle, t, terrain);
  };
  const GetUp open = get_up(tuning.get_up, Terrain{});
  // How far ahead (along the facing) the motion's joints reach, discs included, and its kneel's front foot.
  double front = -1e9;
  for (const BodyPoints& key : open.keys)
    for (std::size_t i = 0; i < kJointCount; ++i) front = std::max(front, facing * key.joints[i].x + radii[i]);
  const double foot = facing * open.keys[static_cast<std::size_t>(GetUpKey::kneel)].joints[index(Joint::ankle_near)].x;
  auto wall_ahead_at = [&](double near_side) {  // along the facing, m
    Terrain t;
    t.boxes = {{facing > 0 ? near_side : -near_side - 0.4, 0.4, 1.6}};
    return t;
  };

  // A wall 0.1 m into the motion's reach: it slides back until the margin is kept, so a margin
  // 0.3 m wider puts him 0.3 m farther back.
  const Terrain wall = wall_ahead_at(front - 0.1);
  GetUpTuning narrow = tuning.get_up, wide = tuning.get_up;
  narrow.box_margin = 0.1;
  wide.box_margin = 0.4;
  const double back_narrow = open.stand_x - get_up(narrow, wall).stand_x;
  const double back_wide = open.stand_x - get_up(wide, wall).stand_x;
  CHECK(facing * back_narrow > 0.15);  // 0.1 m in, plus the margin
  CHECK(facing * (back_wide - back_narrow) == doctest::Approx(0.3).epsilon(0.02));

  // A wall past every joint of the motion but within a long reach of the stand's hands: only
  // the stand's reach moves him.
  const double clear_of_keys = std::max(front, foot + 0.6 + radii[index(Joint::hand_far)]) + tuning.get_up.box_margin + 0.05;
  const Terrain far_wall = wall_ahead_at(clear_of_keys);
  GetUpTuning short_reach = tuning.get_up, long_reach = tuning.get_up;
  short_reach.stand_reach = 0.2;
  long_reach.stand_reach = 1.2;
  REQUIRE(clear_of_keys + 0.3 < foot + 1.2);
  CHECK(get_up(short_reach, far_wall).stand_x == open.stand_x);
  CHECK(facing * (open.stand_x - get_up(long_reach, far_wall).stand_x) > 0.2);
}

TEST_CASE("face up and face down each pick their own get-up") {
  // Face up he sits up first: the chest rises before the hips; face down he pushes up onto his
  // hands and knees: the hips rise with the chest, the hands stay on the ground.
  const int die_step = 60, get_up_step = 660;
  const Run up = run(scripted(0.0, die_step, {-4.0, 0.5}, get_up_step), 10.0);
  const Run down = run(scripted(0.0, die_step, {4.0, 0.5}, get_up_step), 10.0);
  const CharacterFrame& sat = up.frames[get_up_steps(up, get_up_step).risen];
  const CharacterFrame& all_fours = down.frames[get_up_steps(down, get_up_step).risen];
  CHECK(sat.joints[index(Joint::pelvis)].y < 0.25);
  CHECK(sat.joints[index(Joint::neck)].y > 0.5);
  CHECK(all_fours.joints[index(Joint::pelvis)].y > 0.4);
  CHECK(all_fours.joints[index(Joint::hand_near)].y < 0.1);
}

TEST_CASE("the get-up pushes on the ground where it is: what bears his weight does not skate") {
  // Face down the hands push him up where they lie, the rear knee he kneels on stays where it
  // came down, and the front foot he stands up on stays planted (it moves only the little from
  // the kneel's place to the living stand's).
  const int die_step = 60, get_up_step = 660;
  const Run r = run(scripted(0.0, die_step, {4.0, 0.5}, get_up_step), 10.0);
  const GetUpSteps g = get_up_steps(r, get_up_step);
  REQUIRE(g.end < static_cast<int>(r.frames.size()));
  auto x_range = [&](Joint j, int from, int to) {
    double lo = 1e9, hi = -1e9;
    for (int i = from + 1; i <= to; ++i) {
      lo = std::min(lo, r.frames[i].joints[index(j)].x);
      hi = std::max(hi, r.frames[i].joints[index(j)].x);
    }
    return hi - lo;
  };
  CHECK(x_range(Joint::hand_near, g.lie, g.risen) < 0.002);
  CHECK(x_range(Joint::knee_far, g.risen, g.kneel) < 0.002);
  CHECK(x_range(Joint::ankle_near, g.kneel, g.end) < 0.1);
}

TEST_CASE("killed again mid get-up he is a ragdoll again, born on the get-up's pose") {
  const int die_step = 60, get_up_step = 660, again = 660 + 150;
  const auto script = [=](int i) {
    Intent in = scripted(0.0, die_step, {4.0, 0.5}, get_up_step)(i);
    if (i == again) {
      in.die = true;
      in.die_impulse = {3.0, 0.5};  // from behind: over onto his face
    }
    return in;
  };
  const Run r = run(script, 10.0);
  CHECK(r.frames[again - 1].state == State::getup);
  CHECK(r.frames[again].state == State::ragdoll);
  CHECK(joint_jump(r.frames[again - 1], r.frames[again]) < 0.04);
  for (std::size_t i = again; i < r.frames.size(); ++i) CHECK(r.frames[i].state == State::ragdoll);
  CHECK(r.frames.back().joints[index(Joint::neck)].y < 0.5);
}

TEST_CASE("on a slope he lies still and gets up") {
  Terrain slope;
  slope.ground = {{-20.0, 0.0}, {0.0, 0.0}, {10.0, -2.7}};  // 15 degrees down ahead
  const int die_step = 120, get_up_step = 120 + 8 * 120;
  const Run r = run(scripted(1.4, die_step, {2.0, 0.5}, get_up_step), 14.0, slope);
  // At rest before the get-up: the last second moves nothing more than a millimetre a step.
  for (int i = get_up_step - 120; i < get_up_step; ++i) CHECK(joint_jump(r.frames[i - 1], r.frames[i]) < 1e-3);
  double worst = 0.0;
  for (int i = get_up_step; i < static_cast<int>(r.frames.size()); ++i)
    worst = std::max(worst, joint_jump(r.frames[i - 1], r.frames[i]));
  CHECK(worst < 0.04);
  const CharacterFrame& end = r.frames.back();
  CHECK(end.state == State::stand);
  for (const vec2& p : end.joints) CHECK(p.y > slope.ground_at(p.x) - 1e-3);
}

TEST_CASE("deterministic: the same death and get-up, bit for bit") {
  const auto script = scripted(3.0, 200, {1.5, 1.0}, 900);
  const Run a = run(script, 10.0), b = run(script, 10.0);
  for (std::size_t i = 0; i < a.frames.size(); ++i) CHECK(a.frames[i].joints == b.frames[i].joints);
}

TEST_CASE("a scenario's die and get_up do what they say: the trace names ragdoll, then getup, then he walks on") {
  program_runner::Scratch scratch("test_death");
  {
    std::ofstream f(scratch / "die.toml");
    f << "duration = 9.0\nseed = 1\n[[soldier]]\nid = \"a\"\n"
         "  [[soldier.input]]\n  t = 0.0\n  vx = 1.4\n"
         "  [[soldier.input]]\n  t = 2.0\n  die = [4.0, 1.0]\n"
         "  [[soldier.input]]\n  t = 5.0\n  get_up = true\n";
  }
  const program_runner::Run r =
      program_runner::soldier(scratch, "trace --scenario '" + (scratch / "die.toml").string() + "' --out -");
  REQUIRE(r.status == 0);
  std::istringstream lines(r.out);
  std::string line;
  std::getline(lines, line);  // the header
  std::string before;
  std::vector<std::string> states;  // each state as it begins
  std::vector<double> at;
  while (std::getline(lines, line)) {
    std::istringstream cells(line);
    std::string t, id, state;
    std::getline(cells, t, ',');
    std::getline(cells, id, ',');
    std::getline(cells, state, ',');
    if (state != before) {
      states.push_back(state);
      at.push_back(std::stod(t));
      before = state;
    }
  }
  // stand, walk (and maybe a run-labelled step or so), ragdoll at 2 s, getup at 5 s, then up.
  const auto find = [&](const std::string& s) {
    return static_cast<std::size_t>(std::find(states.begin(), states.end(), s) - states.begin());
  };
  const std::size_t dead = find("ragdoll"), rising = find("getup");
  REQUIRE(dead < states.size());
  REQUIRE(rising == dead + 1);
  CHECK(at[dead] == doctest::Approx(2.0).epsilon(0.01));
  CHECK(at[rising] == doctest::Approx(5.0).epsilon(0.01));
  REQUIRE(rising + 1 < states.size());
  CHECK((states[rising + 1] == "stand" || states[rising + 1] == "walk"));
  const GetUpTuning t;
  CHECK(at[rising + 1] >= 5.0 + t.lie_time + t.rise_time + t.kneel_time + t.stand_time - 0.01);
  CHECK(at[rising + 1] <= 5.0 + 1.0 + t.rise_time + t.kneel_time + t.stand_time + 0.01);
  CHECK(states.back() == "walk");  // the scenario's vx = 1.4 still holds: he walks on
}

TEST_CASE("the pose of a dead or rising body: the joint angles that give its joints back") {
  // Round trip on living poses (where forward kinematics made the joints), both facings; the
  // neck and head share one bone there, so the head is checked by the skull centre alone.
  for (int facing : {1, -1}) {
    const Run r = run(scripted(2.0 * facing, 100000, {0.0, 0.0}), 1.5, {}, facing);
    for (std::size_t i = 60; i < r.frames.size(); i += 37) {
      const CharacterFrame& f = r.frames[i];
      const Pose p = pose_from_joints(f.joints, f.body_size, facing);
      const JointPositions back = forward_kinematics(p, f.body_size, BodyFrame::facing({f.joints[0].x, 0.0}, facing));
      for (Joint j : {Joint::pelvis, Joint::chest, Joint::neck, Joint::shoulder_near, Joint::knee_near, Joint::ankle_near,
                      Joint::toe_near, Joint::knee_far, Joint::toe_far})
        CHECK(glm::length(back[index(j)] - f.joints[index(j)]) < 1e-6);
    }
  }
  // A ragdoll's frame carries the angles of its own joints, not the last living pose's.
  const Run d = run(scripted(1.4, 120, {3.0, 0.5}), 4.0);
  const CharacterFrame& dead = d.frames.back();
  CHECK(dead.pose.spine_lower == doctest::Approx(pose_from_joints(dead.joints, dead.body_size, dead.body.sign()).spine_lower));
  CHECK(std::abs(dead.pose.spine_lower) > 0.7);  // lying: the trunk far from upright
}
