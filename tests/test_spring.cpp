// Spring bones and chains (anim/spring) and the soldier's gear (anim/gear): seed 001's tables
// as test vectors, link lengths, root-to-tip order, ringing and settling, stability at long
// steps, teleports, mirroring and determinism (issue 6).
#include "anim/gear.hpp"
#include "anim/spring.hpp"
#include "render/figure.hpp"
#include "render/png_io.hpp"
#include "tests/test_poses.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using anim::vec2;

// A free chain of `n` equal links standing up from the root.
struct FreeChain {
  std::vector<vec2> rest_dir;
  std::vector<double> length;
  anim::ChainPose pose;

  FreeChain(std::size_t n, double link, vec2 dir) : rest_dir(n, dir), length(n, link) {
    pose.rest_dir = rest_dir;
    pose.length = length;
  }
  FreeChain(const FreeChain&) = delete;
};

double worst_length_error(const anim::SpringChain& c, vec2 root, const std::vector<double>& length) {
  double worst = 0.0;
  vec2 parent = root;
  for (std::size_t i = 0; i < c.position.size(); ++i) {
    worst = std::max(worst, std::abs(glm::length(c.position[i] - parent) - length[i]));
    parent = c.position[i];
  }
  return worst;
}

double worst_gear_length_error(const anim::GearPoints& g, const anim::GearTuning& t) {
  const std::array<double, 3> total = {t.antenna_length, t.sling_length, t.strap_length};
  double worst = 0.0;
  const auto chains = g.chains();
  for (std::size_t c = 0; c < chains.size(); ++c) {
    const auto& p = chains[c].points;
    const double link = total[c] / static_cast<double>(p.size() - 1);
    for (std::size_t i = 1; i < p.size(); ++i) worst = std::max(worst, std::abs(glm::length(p[i] - p[i - 1]) - link));
  }
  return worst;
}

// A soldier frame at `x` facing `facing` (a hand-made pose, the pipeline's shape).
anim::CharacterFrame soldier_at(double x, int facing) { return test_poses::make_test_frame({x, 0.0}, facing); }

}  // namespace

TEST_CASE("seed 001 section 4 table: k = 20, c = 3, m = 1, dt = 0.1 from x = 1") {
  const anim::SpringParams p{20.0, 3.0, 1.0};
  const std::array<double, 6> want_x = {0.8, 0.5, 0.19, -0.065, -0.2305, -0.3003};
  const std::array<double, 6> want_v = {-2.0, -3.0, -3.1, -2.55, -1.655, -0.6975};
  double x = 1.0, v = 0.0;
  for (std::size_t i = 0; i < want_x.size(); ++i) {
    anim::spring_step(x, v, 0.0, p, 0.1);
    CHECK(x == doctest::Approx(want_x[i]).epsilon(5e-5));
    CHECK(v == doctest::Approx(want_v[i]).epsilon(5e-5));
  }
  // The same step on a vector, along any axis (the chains use this form).
  vec2 xv{0.0, 1.0}, vv{};
  for (int i = 0; i < 6; ++i) anim::spring_step(xv, vv, vec2{}, p, 0.1);
  CHECK(xv.y == doctest::Approx(-0.3003).epsilon(5e-5));
  CHECK(xv.x == 0.0);
}

TEST_CASE("seed 001 section 6 table: critically damped hip offset k = 100, c = 20, dt = 0.05 toward -0.05") {
  const anim::SpringParams p{100.0, 20.0, 1.0};
  CHECK(anim::damping_ratio(p) == doctest::Approx(1.0));
  const std::array<double, 5> want = {-0.0125, -0.0219, -0.0289, -0.0342, -0.0381};
  double x = 0.0, v = 0.0;
  for (double w : want) {
    anim::spring_step(x, v, -0.05, p, 0.05);
    CHECK(std::round(x * 1e4) / 1e4 == doctest::Approx(w).epsilon(1e-12));
  }
  for (int i = 0; i < 400; ++i) {
    anim::spring_step(x, v, -0.05, p, 0.05);
    REQUIRE(x >= -0.05 - 1e-12);  // never past the target
  }
  CHECK(x == doctest::Approx(-0.05).epsilon(1e-6));
}

TEST_CASE("damping ratio c / (2 sqrt(k m))") {
  CHECK(anim::damping_ratio(20.0, 3.0, 1.0) == doctest::Approx(3.0 / (2.0 * std::sqrt(20.0))));
  CHECK(anim::damping_ratio(100.0, 20.0, 1.0) == doctest::Approx(1.0));
  CHECK(anim::damping_ratio(4.0, 2.0, 0.25) == doctest::Approx(1.0));
  CHECK(anim::damping_ratio(0.0, 1.0, 1.0) == 0.0);   // no spring: undefined, reported 0
  CHECK(anim::damping_ratio(1.0, 1.0, 0.0) == 0.0);
  CHECK(anim::natural_frequency({4.0, 0.0, 1.0}) == doctest::Approx(2.0));
  const anim::GearTuning t;
  CHECK(anim::damping_ratio(t.antenna_spring) < 0.3);  // the antenna rings (underdamped)
  CHECK(anim::damping_ratio(t.antenna_spring) > 0.05);
  CHECK(anim::damping_ratio(t.sling_spring) < 1.0);
  CHECK(anim::damping_ratio(t.strap_spring) < 1.0);
}

TEST_CASE("a chain keeps its link lengths every step while its root moves") {
  FreeChain fc(5, 0.11, {0.0, 1.0});
  const anim::SpringParams spring{2.47, 0.0377, 0.01};
  const anim::ChainLimits limits;
  anim::SpringChain chain;
  double worst = 0.0;
  for (int i = 0; i <= 600; ++i) {
    const double t = i / 120.0;
    fc.pose.root = {0.4 * std::sin(5.0 * t) + 2.0 * t, 1.2 + 0.05 * std::sin(13.0 * t)};
    anim::chain_step(chain, fc.pose, spring, limits, 1.0 / 120.0);
    worst = std::max(worst, worst_length_error(chain, fc.pose.root, fc.length));
  }
  MESSAGE("worst link length error: " << worst << " m");
  CHECK(worst < 1e-9);
}

TEST_CASE("root to tip order matters: link i+1 is solved against link i's fresh position") {
  FreeChain fc(4, 0.1, {0.0, 1.0});
  const anim::SpringParams spring{5.0, 0.1, 0.02};
  const anim::ChainLimits limits;
  anim::SpringChain chain;
  fc.pose.root = {0.0, 0.0};
  anim::chain_step(chain, fc.pose, spring, limits, 0.0);  // at rest
  anim::SpringChain reversed = chain;

  // A jerk of the root: one sub-step of each order.
  const double h = limits.max_substep;
  const vec2 root{0.05, 0.0};
  const vec2 root_v = root / h;
  // Root to tip, as chain_step does it.
  {
    vec2 parent = root, parent_v = root_v;
    for (std::size_t i = 0; i < chain.position.size(); ++i) {
      anim::step_link(chain.position[i], chain.velocity[i], parent, parent_v, fc.rest_dir[i], fc.length[i], spring,
                      fc.pose.gravity, limits.max_speed, h);
      parent = chain.position[i];
      parent_v = chain.velocity[i];
    }
  }
  // Tip to root: each link reads its parent's stale position from the last step.
  for (std::size_t i = reversed.position.size(); i-- > 0;) {
    const vec2 parent = i == 0 ? root : reversed.position[i - 1];
    const vec2 parent_v = i == 0 ? root_v : reversed.velocity[i - 1];
    anim::step_link(reversed.position[i], reversed.velocity[i], parent, parent_v, fc.rest_dir[i], fc.length[i], spring,
                    fc.pose.gravity, limits.max_speed, h);
  }
  CHECK(worst_length_error(chain, root, fc.length) < 1e-12);
  CHECK(worst_length_error(reversed, root, fc.length) > 1e-3);  // the stale order tears the chain

  // And chain_step itself solves root to tip.
  anim::SpringChain stepped;
  fc.pose.root = {0.0, 0.0};
  anim::chain_step(stepped, fc.pose, spring, limits, 0.0);
  fc.pose.root = root;
  anim::chain_step(stepped, fc.pose, spring, limits, h);
  for (std::size_t i = 0; i < chain.position.size(); ++i) CHECK(glm::length(stepped.position[i] - chain.position[i]) < 1e-12);
}

TEST_CASE("a chain pinned at both ends (the sling) hangs below its pins and keeps its lengths") {
  const std::size_t n = 6;
  std::vector<vec2> dir(n);
  std::vector<double> length(n, 0.62 / n);
  for (std::size_t i = 0; i < n; ++i) dir[i] = glm::normalize(vec2{0.75, i < n / 2 ? -0.66 : 0.66});
  anim::ChainPose pose;
  pose.rest_dir = dir;
  pose.length = length;
  pose.pinned = true;
  const anim::SpringParams spring{0.8, 0.10, 0.02};
  const anim::ChainLimits limits;
  anim::SpringChain chain;
  double worst = 0.0;
  for (int i = 0; i <= 480; ++i) {
    const double t = i / 120.0;
    const double pitch = 0.4 * std::sin(3.0 * t);
    pose.root = {1.5 * t, 1.3};
    pose.tip = pose.root + 0.47 * anim::direction(pitch);
    anim::chain_step(chain, pose, spring, limits, 1.0 / 120.0);
    worst = std::max(worst, worst_length_error(chain, pose.root, length));
    CHECK(chain.position.back() == pose.tip);
  }
  MESSAGE("sling: worst link length error " << worst << " m");
  CHECK(worst < 1e-9);
  // Gravity: the middle hangs below both pins.
  CHECK(chain.position[n / 2 - 1].y < std::min(pose.root.y, pose.tip.y) - 0.05);
}

TEST_CASE("stable at long steps: dt = 0.1 s with a violently moving root stays finite and bounded") {
  const anim::GearTuning t;
  FreeChain fc(5, 0.11, {0.0, 1.0});
  anim::SpringChain chain;
  for (int i = 0; i <= 60; ++i) {
    const double time = 0.1 * i;
    fc.pose.root = {0.5 * std::sin(12.0 * time), 1.0 + 0.2 * std::sin(7.0 * time)};
    anim::chain_step(chain, fc.pose, t.antenna_spring, t.limits, 0.1);
    for (std::size_t k = 0; k < chain.position.size(); ++k) {
      REQUIRE(anim::is_finite(chain.position[k]));
      REQUIRE(glm::length(chain.position[k] - fc.pose.root) <= 0.55 + 1e-9);
      REQUIRE(glm::length(chain.velocity[k]) < 5.0 * t.limits.max_speed);
    }
    CHECK(worst_length_error(chain, fc.pose.root, fc.length) < 1e-9);
  }
  // A stiff spring at a long step: sub-steps keep it stable too.
  FreeChain stiff(3, 0.1, {1.0, 0.0});
  anim::SpringChain sc;
  for (int i = 0; i <= 40; ++i) {
    stiff.pose.root = {0.3 * std::sin(9.0 * i * 0.1), 0.0};
    anim::chain_step(sc, stiff.pose, {2000.0, 1.0, 0.01}, t.limits, 0.1);
    for (vec2 p : sc.position) REQUIRE(glm::length(p - stiff.pose.root) <= 0.3 + 1e-9);
  }
  // And the whole gear on a soldier stepping at 0.1 s while running at 6 m/s.
  anim::GearState g;
  for (int i = 0; i <= 50; ++i) {
    const anim::GearPoints pts = anim::step_gear(g, soldier_at(0.6 * i, 1), t, 0.1);
    CHECK(worst_gear_length_error(pts, t) < 1e-9);
    for (const auto& c : pts.chains())
      for (vec2 p : c.points) REQUIRE(glm::length(p - c.points[0]) < 1.0);
  }
}

TEST_CASE("a teleport resets the chains at rest on the new root instead of whipping them across") {
  const anim::GearTuning t;
  anim::GearState g;
  for (int i = 0; i < 120; ++i) anim::step_gear(g, soldier_at(i * 0.02, 1), t, 1.0 / 120.0);
  const anim::CharacterFrame there = soldier_at(2.4 + 10.0, 1);
  const anim::GearPoints pts = anim::step_gear(g, there, t, 1.0 / 120.0);
  const std::array<double, 3> total = {t.antenna_length, t.sling_length, t.strap_length};
  const auto chains = pts.chains();
  for (std::size_t c = 0; c < chains.size(); ++c) {
    const auto& p = chains[c].points;
    const double link = total[c] / static_cast<double>(p.size() - 1);
    for (std::size_t i = 1; i < p.size(); ++i)
      CHECK(glm::length(p[i] - p[0]) <= i * link + 1e-9);  // no link further than its length allows
    for (vec2 v : g.chains[c].velocity) CHECK(glm::length(v) < 1e-9);  // no huge velocity
  }
  CHECK(worst_gear_length_error(pts, t) < 1e-9);
  // The explicit reset does the same.
  anim::reset_gear(g);
  anim::step_gear(g, there, t, 1.0 / 120.0);
  for (const anim::SpringChain& c : g.chains) CHECK(c.primed);
}

TEST_CASE("after a sudden stop the antenna tip swings past its rest and settles as its damping says") {
  const anim::GearTuning t;
  const double dt = 1.0 / 120.0;
  // The antenna's rest under gravity: a soldier standing still for a long time.
  anim::GearState still;
  anim::GearPoints rest;
  for (int i = 0; i < 2400; ++i) rest = anim::step_gear(still, soldier_at(0.0, 1), t, dt);
  const vec2 rest_tip = rest.antenna.back() - rest.antenna.front();

  // Walk at 1.5 m/s for 2 s, then stop dead at x = 3.
  anim::GearState g;
  for (int i = 0; i <= 240; ++i) anim::step_gear(g, soldier_at(3.0 - 1.5 * (240 - i) * dt, 1), t, dt);
  std::vector<double> offset;  // tip ahead (+) of its rest, m
  for (int i = 1; i <= 1200; ++i) {
    const anim::GearPoints p = anim::step_gear(g, soldier_at(3.0, 1), t, dt);
    offset.push_back((p.antenna.back() - p.antenna.front() - rest_tip).x);
  }
  double peak = 0.0;
  for (double o : offset) peak = std::max(peak, std::abs(o));
  int crossings = 0;
  for (std::size_t i = 1; i < offset.size(); ++i)
    if ((offset[i - 1] > 0.0) != (offset[i] > 0.0)) ++crossings;
  const double settle_eps = 0.005;  // m
  std::size_t last_big = 0;
  for (std::size_t i = 0; i < offset.size(); ++i)
    if (std::abs(offset[i]) > settle_eps) last_big = i;
  const double settle_time = (last_big + 1) * dt;
  // The single link's envelope exp(-zeta omega t) from the peak down to settle_eps.
  const double zeta = anim::damping_ratio(t.antenna_spring);
  const double omega = anim::natural_frequency(t.antenna_spring);
  const double predicted = std::log(peak / settle_eps) / (zeta * omega);
  MESSAGE("antenna after a stop from 1.5 m/s: peak " << peak << " m, " << crossings << " crossings of rest, settled within "
          << settle_eps << " m after " << settle_time << " s (single-link envelope predicts " << predicted << " s)");
  CHECK(peak > 0.03);              // it visibly swings forward
  CHECK(crossings >= 2);           // past its rest and back
  CHECK(settle_time > 0.5 * predicted);
  CHECK(settle_time < 2.0 * predicted);
  CHECK(settle_time < 5.0);
}

TEST_CASE("the gear mirrors exactly when the soldier faces -x") {
  const anim::GearTuning t;
  anim::GearState right, left;
  anim::GearPoints r, l;
  for (int i = 0; i <= 240; ++i) {
    const double x = 0.5 * std::sin(i / 30.0) + i * 0.01;
    r = anim::step_gear(right, soldier_at(x, 1), t, 1.0 / 120.0);
    l = anim::step_gear(left, soldier_at(-x, -1), t, 1.0 / 120.0);
  }
  const auto rc = r.chains(), lc = l.chains();
  for (std::size_t c = 0; c < rc.size(); ++c)
    for (std::size_t i = 0; i < rc[c].points.size(); ++i) {
      CHECK(lc[c].points[i].x == doctest::Approx(-rc[c].points[i].x).epsilon(1e-9));
      CHECK(lc[c].points[i].y == doctest::Approx(rc[c].points[i].y).epsilon(1e-9));
    }
  // At rest (3 s standing) the antenna leans back: behind the base as the soldier faces.
  for (int i = 0; i < 360; ++i) {
    r = anim::step_gear(right, soldier_at(2.4, 1), t, 1.0 / 120.0);
    l = anim::step_gear(left, soldier_at(-2.4, -1), t, 1.0 / 120.0);
  }
  CHECK(r.antenna.back().x < r.antenna.front().x);
  CHECK(l.antenna.back().x > l.antenna.front().x);
  CHECK(r.antenna.back().y > r.antenna.front().y + 0.4);
  // The sling hangs under the rifle, the strap below the belt.
  CHECK(r.sling[3].y < r.sling.front().y);
  CHECK(r.strap.back().y < r.strap.front().y - 0.08);
}

TEST_CASE("the gear is deterministic, and survives bad steps") {
  const anim::GearTuning t;
  auto run = [&] {
    anim::GearState g;
    anim::GearPoints p;
    for (int i = 0; i <= 300; ++i) p = anim::step_gear(g, soldier_at(std::sin(i * 0.05), 1), t, 1.0 / 120.0);
    return p;
  };
  const anim::GearPoints a = run(), b = run();
  const auto ac = a.chains(), bc = b.chains();
  for (std::size_t c = 0; c < ac.size(); ++c)
    for (std::size_t i = 0; i < ac[c].points.size(); ++i) CHECK(ac[c].points[i] == bc[c].points[i]);

  anim::GearState g;
  for (double dt : {1.0 / 120.0, 0.0, std::nan(""), -1.0, 5.0, 1e-7, 0.1}) {
    const anim::GearPoints p = anim::step_gear(g, soldier_at(0.3, 1), t, dt);
    for (const auto& c : p.chains())
      for (vec2 q : c.points) REQUIRE(anim::is_finite(q));
    CHECK(worst_gear_length_error(p, t) < 1e-9);
  }
}

TEST_CASE("preview: the gear drawn on the soldier at rest, pulling away, and just after a stop") {
  // Writes gear_preview.png in the build folder for a person to look at (issue 6).
  const anim::GearTuning t;
  const double dt = 1.0 / 120.0;
  std::vector<anim::CharacterFrame> shown;
  anim::GearState g;
  double x = 0.0, v = 0.0;
  auto step = [&](int facing) {
    anim::CharacterFrame f = soldier_at(x, facing);
    f.gear = anim::step_gear(g, f, t, dt);
    return f;
  };
  for (int i = 0; i < 360; ++i) step(1);
  shown.push_back(step(1));  // at rest
  for (int i = 0; i < 60; ++i) { v += 4.0 * dt; x += v * dt; step(1); }
  shown.push_back(step(1));  // accelerating at 4 m/s^2 (0.5 s in)
  for (int i = 0; i < 60; ++i) { x += v * dt; step(1); }
  std::vector<anim::CharacterFrame> after_stop;
  for (int i = 0; i < 60; ++i) {
    const anim::CharacterFrame f = step(1);  // stopped dead from 2 m/s
    if (i == 5 || i == 30) after_stop.push_back(f);
  }
  for (const auto& f : after_stop) shown.push_back(f);
  anim::GearState mirrored;
  anim::CharacterFrame left = soldier_at(0.0, -1);
  for (int i = 0; i < 360; ++i) left.gear = anim::step_gear(mirrored, left, t, dt);
  shown.push_back(left);  // facing -x at rest

  render::Camera cam;
  cam.px_per_m = 170.0;
  cam.width = 300;
  cam.height = 380;
  render::Canvas sheet(cam.width * static_cast<int>(shown.size()), cam.height);
  sheet.clear({20, 30, 40, 255});
  for (std::size_t k = 0; k < shown.size(); ++k) {
    render::Canvas cell(cam.width, cam.height);
    cell.clear({20, 30, 40, 255});
    cam.center_world = {shown[k].joints[anim::index(anim::Joint::pelvis)].x, 0.95};
    render::draw_soldier(cell, cam, shown[k], render::default_palette());
    sheet.blit(cell, cam.width * static_cast<int>(k), 0);
  }
  std::string error;
  CHECK_MESSAGE(render::write_png(sheet, std::string(SOLDIER_BIN_DIR) + "/../gear_preview.png", error), error);
  // A close-up of the upper body just after the stop.
  render::Camera close;
  close.px_per_m = 480.0;
  close.width = 560;
  close.height = 520;
  close.center_world = shown[2].joints[anim::index(anim::Joint::chest)] + vec2{0.05, 0.12};
  render::Canvas zoom(close.width, close.height);
  zoom.clear({20, 30, 40, 255});
  render::draw_soldier(zoom, close, shown[2], render::default_palette());
  CHECK_MESSAGE(render::write_png(zoom, std::string(SOLDIER_BIN_DIR) + "/../gear_preview_close.png", error), error);
}
