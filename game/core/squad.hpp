#pragma once
// Rule 2b's "line of men": the selected soldier follows the controls and every other one
// holds his place in the line, leader_x + (his line offset - the leader's), with a simple
// follow controller. Window-free so it is tested alone (tests/test_squad.cpp).
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
};

// What lasts between steps for one follower (STYLE.md 1: the caller owns it).
struct FollowerState {
  bool moving = false;
};

// Desired velocity (m/s) of a follower at `x` whose place in the line is `slot_x`, with the
// leader moving at `leader_vx`. Feed-forward of the leader's speed plus a correction limited
// so the follower can still brake to a stop at his place.
double follow_vx(FollowerState& state, double x, double slot_x, double leader_vx, const FollowTuning& t);

// Line offsets of soldiers starting at `start_x`: their place relative to each other, m.
// A slot is leader_x + offsets[i] - offsets[leader].
double slot_x(std::span<const double> offsets, std::size_t i, std::size_t leader, double leader_x);

}  // namespace game
