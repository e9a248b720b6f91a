#pragma once
// Rule 2b's "line of men": the selected soldier follows the controls and every other one
// holds his place in the line, leader_x + (his line offset - the leader's), with a simple
// follow controller. Window-free so it is tested alone (tests/test_squad.cpp).
#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <vector>

namespace game {

struct FollowTuning {
  double spacing = 1.6;      // m between neighbours in the line (a file keeps ~1.5-2 m)
  double gain = 1.2;         // 1/s: desired speed per metre of place error
  double max_speed = 7.5;    // m/s: a follower may go a little faster than a sprint to catch up
  double decel = 3.0;        // m/s^2 the approach plans to brake with (below anim's accel_limit
                             // of 4, so the body can honour it and does not overshoot)
  double start_band = 0.45;  // m: a standing follower starts moving beyond this error
  double stop_band = 0.12;   // m: a moving follower stops inside this error once the leader
                             // stands (start > stop: hysteresis, no dithering at the spot)
  double leader_still = 0.1; // m/s: below this the leader counts as standing
  // Each follower reacts to the leader as he was this long ago, a delay of his own within
  // this range (human simple reaction times to a seen movement are ~0.15-0.3 s; a man
  // watching the one ahead of him adds to it): men in a line do not start, stop or change
  // pace on one frame, so their steps fall at different times (Rule 10, issue 16).
  double reaction_min = 0.15;  // s
  double reaction_max = 0.55;  // s
};

// What lasts between steps for one follower (STYLE.md 1: the caller owns it).
struct FollowerState {
  bool moving = false;
};

// Desired velocity (m/s) of a follower at `x` whose place in the line is `slot_x`, with the
// leader moving at `leader_vx`. Feed-forward of the leader's speed plus a correction limited
// so the follower can still brake to a stop at his place.
double follow_vx(FollowerState& state, double x, double slot_x, double leader_vx, const FollowTuning& t);

// The reaction delay of the soldier at `index` in the squad (seed: his own), s, within
// [reaction_min, reaction_max]: the indices walk the range by the golden ratio, so
// neighbours in the line react at well separated times, and the seed shifts each a little.
double reaction_delay(std::size_t index, std::uint64_t seed, const FollowTuning& t);

// The leader's recent past, one sample per simulation step, for the followers' delays.
class LeaderHistory {
 public:
  struct Sample {
    double x = 0.0;   // world m
    double vx = 0.0;  // m/s
  };
  // Forgets the past (a new leader): every delay sees `now` until the history refills.
  void reset(Sample now);
  // Adds this step's sample, keeping at most `capacity` of them.
  void push(Sample now, std::size_t capacity);
  // The sample `steps_ago` steps back (0: the latest); older than held: the oldest.
  LeaderHistory::Sample ago(std::size_t steps_ago) const;

 private:
  std::deque<Sample> samples_;  // oldest first
};

// Line offsets of soldiers starting at `start_x`: their place relative to each other, m.
// A slot is leader_x + offsets[i] - offsets[leader].
double slot_x(std::span<const double> offsets, std::size_t i, std::size_t leader, double leader_x);

}  // namespace game
