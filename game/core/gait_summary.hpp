#pragma once
// `soldier trace --summary`: per-soldier measurements of a run, from the values each
// CharacterFrame carries (speed, cadence, stride, stance fraction, steps, time per state).
#include "anim/character_frame.hpp"

#include <array>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

namespace game {

class GaitSummary {
 public:
  explicit GaitSummary(std::vector<std::string> ids);

  // Accumulates one fixed step of duration dt, s.
  void add(std::span<const anim::CharacterFrame> frames, double dt);
  // A table, one row per soldier.
  void print(std::FILE* out) const;

 private:
  static constexpr std::size_t kStates = static_cast<std::size_t>(anim::State::getup) + 1;
  struct Soldier {
    std::string id;
    bool started = false;
    double x_first = 0.0, x_last = 0.0;    // m
    double time = 0.0;                      // s
    double speed_time = 0.0;                // integral of |vx| dt, m
    double moving_time = 0.0;               // s with |vx| above a standstill
    double cadence_time = 0.0;              // integral of cadence over moving time
    double stride_time = 0.0;
    double stance_time = 0.0;
    std::int64_t steps = 0;
    std::array<double, kStates> state_time{};  // s per anim::State
  };
  std::vector<Soldier> soldiers_;
};

}  // namespace game
