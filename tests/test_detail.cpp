// Issue 14: level of detail by on-screen size (render/detail.hpp) -- the level with its
// hysteresis, what each level leaves out of the figure, and the gear solved less often for a
// small soldier (anim/gear.hpp step_gear `every`) without detaching, stretching or jumping.
#include "anim/character.hpp"
#include "anim/gear.hpp"
#include "render/camera.hpp"
#include "render/detail.hpp"
#include "render/figure.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace {

using render::Detail;

// A soldier walking (at `speed`, m/s) and turning back over `terrain`, stepped `steps` times,
// his level of detail set by set_up(step, character) before each step; calls f(step, frame)
// after it.
template <class SetUp, class F>
void walk_set(int steps, SetUp set_up, F&& f, double speed = 1.6, const anim::Terrain& terrain = {}) {
  anim::CharacterSpec spec;
  spec.role = anim::Role::radioman;
  anim::Character c(spec, anim::Tuning{}, terrain);
  for (int k = 0; k < steps; ++k) {
    anim::Intent in;
    in.vx_desired = (k / 240) % 2 == 0 ? speed : -speed;
    in.has_aim = k % 500 < 300;
    in.aim_world = {c.frame().x + 20.0, 1.4};
    set_up(k, c);
    c.step(in, 1.0 / 120.0, terrain);
    f(k, c.frame());
  }
}

// The same with his gear solved on one step in every_of(step).
template <class EveryOf, class F>
void walk(int steps, EveryOf every_of, F&& f) {
  walk_set(steps, [&](int k, anim::Character& c) { c.set_detail(anim::SolveDetail{every_of(k), 0.0}); }, f);
}

// The sling's swivels on this frame's rifle (as anim/gear.cpp places them).
anim::vec2 swivel(const anim::CharacterFrame& f, double share) {
  const anim::GearTuning t;
  const anim::vec2 bore = f.rifle.muzzle - f.rifle.butt, axis = glm::normalize(bore);
  const anim::vec2 down = f.body.sign() > 0 ? anim::vec2{axis.y, -axis.x} : anim::vec2{-axis.y, axis.x};
  return f.rifle.butt + bore * share + down * t.sling_drop;
}

}  // namespace

TEST_CASE("the level follows the on-screen height, changing only past the hysteresis") {
  const render::DetailTuning t;
  CHECK(render::detail_level(300.0, Detail::near, t) == Detail::near);
  CHECK(render::detail_level(80.0, Detail::near, t) == Detail::mid);
  CHECK(render::detail_level(20.0, Detail::near, t) == Detail::far);
  CHECK(render::detail_level(20.0, Detail::mid, t) == Detail::far);
  CHECK(render::detail_level(300.0, Detail::far, t) == Detail::near);
  // Near a threshold the level stays where it was, on either side.
  CHECK(render::detail_level(t.mid_px - 0.5 * t.hysteresis_px, Detail::near, t) == Detail::near);
  CHECK(render::detail_level(t.mid_px + 0.5 * t.hysteresis_px, Detail::mid, t) == Detail::mid);
  CHECK(render::detail_level(t.far_px - 0.5 * t.hysteresis_px, Detail::mid, t) == Detail::mid);
  CHECK(render::detail_level(t.far_px + 0.5 * t.hysteresis_px, Detail::far, t) == Detail::far);
  // A height bobbing by less than the hysteresis about a threshold never flickers.
  Detail level = Detail::near;
  int changes = 0;
  for (int i = 0; i < 200; ++i) {
    const Detail next = render::detail_level(t.mid_px - 2.0 + 0.9 * t.hysteresis_px * std::sin(0.3 * i), level, t);
    changes += next != level;
    level = next;
  }
  CHECK(changes <= 1);
  // A height that is not a number keeps the level.
  CHECK(render::detail_level(std::numeric_limits<double>::quiet_NaN(), Detail::mid, t) == Detail::mid);
  CHECK(render::gear_every(Detail::near) == 1);
  CHECK(render::gear_every(Detail::far) > render::gear_every(Detail::mid));
}

TEST_CASE("a far soldier is drawn without his spring chains, and nothing else is left out") {
  anim::CharacterFrame f;
  walk(120, [](int) { return 1; }, [&](int, const anim::CharacterFrame& frame) { f = frame; });
  f.role = anim::Role::radioman;
  render::Camera cam;
  cam.px_per_m = 40.0;
  cam.center_world = {f.x, 1.0};
  const auto near = render::figure_runs(cam, f, {}, render::figure_lod(Detail::near));
  const auto mid = render::figure_runs(cam, f, {}, render::figure_lod(Detail::mid));
  const auto far = render::figure_runs(cam, f, {}, render::figure_lod(Detail::far));
  CHECK(mid.size() == near.size());
  const std::size_t chain_runs = anim::kAntennaLinks + 1 + anim::kSlingLinks + anim::kStrapLinks;  // with the whip's tip
  CHECK(far.size() + chain_runs == near.size());
  // What a far soldier leaves out is thinner than half a pixel at the far threshold.
  const render::FigureSizes sizes;
  const double px_per_m_at_far = render::DetailTuning{}.far_px / f.body_size.height;
  for (double r : {sizes.antenna, sizes.antenna_tip, sizes.sling, sizes.strap}) CHECK(r * px_per_m_at_far < 0.5);
}

// The worst motion of a whip point in one step beyond the motion of its base, m, per phase of
// walk(): [0, 120) [120, 360) [360, 600) [600, 900).
template <class EveryOf>
std::array<double, 4> whip_jumps(EveryOf every_of, double& worst_swivel, double& worst_link) {
  const anim::GearTuning t;
  std::array<double, 4> worst{};
  anim::GearPoints last;
  walk(900, every_of, [&](int k, const anim::CharacterFrame& f) {
    const anim::GearPoints& g = f.gear;
    REQUIRE(g.valid);
    worst_swivel = std::max({worst_swivel, glm::length(g.sling.front() - swivel(f, t.sling_rear_share)),
                             glm::length(g.sling.back() - swivel(f, t.sling_front_share))});
    for (std::size_t i = 1; i < g.antenna.size(); ++i)
      worst_link = std::max(worst_link, std::abs(glm::length(g.antenna[i] - g.antenna[i - 1]) - t.antenna_length / anim::kAntennaLinks));
    if (k > 0) {
      const std::size_t phase = k < 120 ? 0 : (k < 360 ? 1 : (k < 600 ? 2 : 3));
      const anim::vec2 body_move = g.antenna[0] - last.antenna[0];
      for (std::size_t i = 0; i < g.antenna.size(); ++i)
        worst[phase] = std::max(worst[phase], glm::length((g.antenna[i] - last.antenna[i]) - body_move));
    }
    last = g;
  });
  return worst;
}

TEST_CASE("gear solved on one step in 2 or 4 stays on its anchors, keeps its links and never jumps") {
  double swivel_full = 0.0, link_full = 0.0, swivel = 0.0, link = 0.0;
  const std::array<double, 4> full = whip_jumps([](int) { return 1; }, swivel_full, link_full);
  // Full detail for a second, then every 2nd step, every 4th, back to every step.
  const std::array<int, 4> every = {1, 2, 4, 1};
  const std::array<double, 4> held =
      whip_jumps([&](int k) { return every[k < 120 ? 0 : (k < 360 ? 1 : (k < 600 ? 2 : 3))]; }, swivel, link);
  CHECK(swivel < 1e-9);  // the sling's ends ride on the rifle on held steps too
  CHECK(link < 1e-9);    // a held whip is carried whole, its links their length
  for (std::size_t p = 0; p < 4; ++p) {
    MESSAGE("phase " << p << ": every " << every[p] << ", worst whip step " << held[p] << " m (every step: " << full[p] << " m)");
    // No pop: a step shows at most the motion of the `every` steps it stands for, and the
    // phases around the changes of level (0 and 3 follow and precede one) no more than that.
    CHECK(held[p] <= 1.25 * every[p] * full[p] + 0.01);
  }
  CHECK(held[1] > 0.0);  // the whip still moves when solved less often
  CHECK(held[2] > 0.0);
}

TEST_CASE("every = 1 is the gear as before: the same bits as a character that never set it") {
  std::vector<anim::GearPoints> plain, set_to_one;
  walk(300, [](int) { return 1; }, [&](int, const anim::CharacterFrame& f) { plain.push_back(f.gear); });
  walk(300, [](int k) { return k < 0 ? 2 : 1; }, [&](int, const anim::CharacterFrame& f) { set_to_one.push_back(f.gear); });
  int differ = 0;
  for (std::size_t i = 0; i < plain.size(); ++i) differ += plain[i].sling != set_to_one[i].sling || plain[i].antenna != set_to_one[i].antenna;
  CHECK(differ == 0);
  // And every 4 is a different (cheaper) simulation, not the same one.
  std::vector<anim::GearPoints> far;
  walk(300, [](int) { return 4; }, [&](int, const anim::CharacterFrame& f) { far.push_back(f.gear); });
  int same = 0;
  for (std::size_t i = 200; i < far.size(); ++i) same += far[i].antenna == plain[i].antenna;
  CHECK(same < 50);
}

TEST_CASE("a pose solved at the mid level's detail moves as at full detail and never pops when the level changes") {
  // Walking and running over flat ground and over a flight of steps, a soldier whose level
  // changes every 0.75 s (near, then mid: his gear on every 2nd step, his feet's roll solved
  // to lod_roll_tolerance) against the same soldier always near.
  const anim::SolveDetail near = render::solve_detail(Detail::near), mid = render::solve_detail(Detail::mid);
  CHECK(near.roll_tolerance == 0.0);
  CHECK(near.gear_every == 1);
  REQUIRE(mid.roll_tolerance > 0.0);
  CHECK(render::solve_detail(Detail::far).roll_tolerance == mid.roll_tolerance);
  anim::Terrain stairs;
  stairs.ground = {{-50.0, 0.0}, {2.0, 0.0}};
  for (int i = 0; i < 5; ++i) stairs.ground.push_back({2.01 + 0.35 * i, 0.18 * (i + 1)}), stairs.ground.push_back({2.35 + 0.35 * i, 0.18 * (i + 1)});
  stairs.ground.push_back({50.0, 0.9});
  for (const anim::Terrain& terrain : {anim::Terrain{}, stairs})
    for (double speed : {1.6, 4.5}) {
      CAPTURE(speed);
      CAPTURE(terrain.ground.size());
      std::vector<anim::JointPositions> full, changing;
      walk_set(900, [](int, anim::Character&) {}, [&](int, const anim::CharacterFrame& f) { full.push_back(f.joints); },
               speed, terrain);
      walk_set(900, [&](int k, anim::Character& c) { c.set_detail((k / 90) % 2 == 0 ? near : mid); },
               [&](int, const anim::CharacterFrame& f) { changing.push_back(f.joints); }, speed, terrain);
      double apart = 0.0, step_full = 0.0, step_at_change = 0.0;
      for (std::size_t k = 1; k < full.size(); ++k)
        for (std::size_t j = 0; j < anim::kJointCount; ++j) {
          apart = std::max(apart, glm::length(changing[k][j] - full[k][j]));
          step_full = std::max(step_full, glm::length(full[k][j] - full[k - 1][j]));
          if (k % 90 == 0) step_at_change = std::max(step_at_change, glm::length(changing[k][j] - changing[k - 1][j]));
        }
      MESSAGE("speed " << speed << ", " << std::string(terrain.ground.empty() ? "flat" : "stairs") << ": joints at most " << apart
                       << " m from full detail; worst step at a change " << step_at_change << " m, at full detail "
                       << step_full << " m");
      CHECK(apart > 0.0);   // a coarser solve (a cheaper one), not the same
      CHECK(apart < 1e-3);  // 1 mm: a fifteenth of a pixel at mid_px (1.78 m in 120 px)
      CHECK(step_at_change <= step_full + 1e-4);  // no pop
    }
}
