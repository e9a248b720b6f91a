// The squad's follow logic (issue 4, Rule 2b's "line of men"): each follower holds his place
// leader_x + his line offset, starts and stops with hysteresis, and arrives without
// overshoot through the body's acceleration limit.
#include "anim/body_motion.hpp"
#include "game/core/squad.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace {

constexpr double kDt = 1.0 / 120.0;
constexpr double kAccel = 4.0;  // m/s^2, anim::BodyTuning's default accel_limit

// A follower body moved by anim's own acceleration-limited motion.
struct Follower {
  game::FollowerState state;
  anim::BodyMotion body;
};

void step(Follower& f, double slot, double leader_vx, const game::FollowTuning& t) {
  const double vx = game::follow_vx(f.state, f.body.x, slot, leader_vx, t);
  anim::step_body_motion(f.body, vx, kAccel, kDt);
}

}  // namespace

TEST_CASE("a standing follower near his place stays put (hysteresis start band)") {
  game::FollowTuning t;
  game::FollowerState s;
  CHECK(game::follow_vx(s, 0.0, 0.3, 0.0, t) == 0.0);
  CHECK_FALSE(s.moving);
  CHECK(game::follow_vx(s, 0.0, -0.3, 0.0, t) == 0.0);
}

TEST_CASE("beyond the start band he moves toward his place") {
  game::FollowTuning t;
  game::FollowerState s;
  CHECK(game::follow_vx(s, 0.0, 3.0, 0.0, t) > 0.0);
  CHECK(s.moving);
  game::FollowerState s2;
  CHECK(game::follow_vx(s2, 0.0, -3.0, 0.0, t) < 0.0);
}

TEST_CASE("a moving follower keeps moving between the bands and stops inside the stop band") {
  game::FollowTuning t;
  game::FollowerState s;
  s.moving = true;
  CHECK(game::follow_vx(s, 0.0, 0.3, 0.0, t) > 0.0);  // 0.3 m: between stop 0.12 and start 0.45
  CHECK(s.moving);
  CHECK(game::follow_vx(s, 0.0, 0.05, 0.0, t) == 0.0);
  CHECK_FALSE(s.moving);
}

TEST_CASE("while the leader moves the follower matches his speed, whatever the error") {
  game::FollowTuning t;
  game::FollowerState s;
  CHECK(game::follow_vx(s, 0.0, 0.0, 1.4, t) == doctest::Approx(1.4));
  CHECK(s.moving);
  CHECK(game::follow_vx(s, 0.0, 0.5, 1.4, t) > 1.4);   // behind: a little faster
  CHECK(game::follow_vx(s, 0.0, -0.5, 1.4, t) < 1.4);  // ahead: a little slower
}

TEST_CASE("the command is clamped and finite") {
  game::FollowTuning t;
  game::FollowerState s;
  CHECK(game::follow_vx(s, 0.0, 500.0, 7.0, t) == doctest::Approx(t.max_speed));
  CHECK(game::follow_vx(s, 0.0, -500.0, -7.0, t) == doctest::Approx(-t.max_speed));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(game::follow_vx(s, nan, 1.0, 0.0, t) == 0.0);
  CHECK(game::follow_vx(s, 0.0, nan, 0.0, t) == 0.0);
  CHECK(game::follow_vx(s, 0.0, 1.0, nan, t) == 0.0);
}

TEST_CASE("the approach speed never exceeds what can brake to a stop at the place") {
  game::FollowTuning t;
  for (double d : {0.2, 0.5, 1.0, 2.0, 5.0}) {
    game::FollowerState s;
    s.moving = true;
    const double v = game::follow_vx(s, 0.0, d, 0.0, t);
    CHECK(v <= std::sqrt(2.0 * t.decel * d) + 1e-12);
    CHECK(v <= t.gain * d + 1e-12);
  }
}

TEST_CASE("slots: leader_x plus the line offsets' difference") {
  const std::vector<double> offsets = {2.0, 0.4, -1.2};
  CHECK(game::slot_x(offsets, 0, 0, 10.0) == doctest::Approx(10.0));
  CHECK(game::slot_x(offsets, 1, 0, 10.0) == doctest::Approx(8.4));
  CHECK(game::slot_x(offsets, 2, 0, 10.0) == doctest::Approx(6.8));
  // Selecting the middle man: the front man's place is ahead of him.
  CHECK(game::slot_x(offsets, 0, 1, 10.0) == doctest::Approx(11.6));
  CHECK(game::slot_x(offsets, 9, 0, 10.0) == doctest::Approx(10.0));  // out of range: the leader's x
}

TEST_CASE("through anim's acceleration limit a follower arrives without overshoot and stops cleanly") {
  game::FollowTuning t;
  for (double start : {-6.0, 6.0, -1.0, 1.0}) {
    CAPTURE(start);
    Follower f;
    f.body.x = start;
    const double slot = 0.0;
    double worst_overshoot = 0.0;
    int changes = 0;
    bool was_moving = false;
    for (int i = 0; i < 120 * 10; ++i) {
      step(f, slot, 0.0, t);
      // Overshoot: past the place on the far side from where he came.
      worst_overshoot = std::max(worst_overshoot, (f.body.x - slot) * (start < 0 ? 1.0 : -1.0));
      if (f.state.moving != was_moving) ++changes;
      was_moving = f.state.moving;
    }
    CHECK(std::abs(f.body.x - slot) < t.stop_band + 1e-9);
    CHECK(f.body.vx == 0.0);
    CHECK_FALSE(f.state.moving);
    CHECK(worst_overshoot < 0.05);
    CHECK(changes <= 2);  // one start, one stop: no dithering at the spot
  }
}

TEST_CASE("following a walking leader, the spacing error stays small and he stops when the leader does") {
  game::FollowTuning t;
  anim::BodyMotion leader;
  Follower f;
  f.body.x = -t.spacing;
  const double offset = -t.spacing;
  double worst = 0.0;
  for (int i = 0; i < 120 * 12; ++i) {
    const double desired = i < 120 * 8 ? 1.4 : 0.0;  // walk 8 s, then stop
    anim::step_body_motion(leader, desired, kAccel, kDt);
    step(f, leader.x + offset, leader.vx, t);
    if (i > 120 * 3 && i < 120 * 8) worst = std::max(worst, std::abs(f.body.x - (leader.x + offset)));
  }
  CHECK(worst < 0.3);
  CHECK(std::abs(f.body.x - (leader.x + offset)) < t.start_band);
  CHECK(f.body.vx == 0.0);
}

TEST_CASE("each man's reaction delay is his own, within the range, neighbours well apart") {
  game::FollowTuning t;
  std::vector<double> d;
  for (std::size_t i = 0; i < 10; ++i) {
    d.push_back(game::reaction_delay(i, 1000 + i, t));
    CHECK(d.back() >= t.reaction_min);
    CHECK(d.back() <= t.reaction_max);
  }
  for (std::size_t i = 1; i < d.size(); ++i) CHECK(std::abs(d[i] - d[i - 1]) > 0.05 * (t.reaction_max - t.reaction_min));
  // The seed moves it a little, never out of the range.
  CHECK(game::reaction_delay(3, 1, t) != game::reaction_delay(3, 2, t));
}

TEST_CASE("the leader's history: the latest sample, older ones, the oldest beyond it") {
  game::LeaderHistory h;
  h.reset({0.0, 0.0});
  for (int i = 1; i <= 5; ++i) h.push({static_cast<double>(i), 1.0}, 3);
  CHECK(h.ago(0).x == 5.0);
  CHECK(h.ago(2).x == 3.0);
  CHECK(h.ago(10).x == 3.0);  // only three kept
  h.reset({9.0, 0.0});
  CHECK(h.ago(0).x == 9.0);
  CHECK(h.ago(4).x == 9.0);
}
