#pragma once
// `soldier trace --summary`: per soldier, the Rule 8 measurements of the run (anim/metrics):
// planted-toe drift, backward knees, lowest hips, the largest step of hip height, the hips'
// rise and fall per cycle, limb over-length, and the measured stance fraction, cadence and
// stride, with the distance covered and the share of time in each state.
#include "anim/character_frame.hpp"
#include "anim/metrics.hpp"
#include "anim/terrain.hpp"

#include <array>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

namespace game {

class GaitSummary {
 public:
  // `terrain` must outlive the summary (the meters measure heights over it).
  GaitSummary(std::vector<std::string> ids, const anim::Terrain& terrain);

  // Accumulates one fixed step of duration dt, s: frames in soldier order.
  void add(std::span<const anim::CharacterFrame> frames, double dt);
  // A table, one row per soldier, and a legend.
  void print(std::FILE* out) const;

 private:
  static constexpr std::size_t kStates = static_cast<std::size_t>(anim::State::getup) + 1;
  struct Soldier {
    std::string id;
    anim::GaitMeter meter;
    bool started = false;
    double x_first = 0.0, x_last = 0.0;        // m
    double time = 0.0;                          // s
    long long steps = 0;                        // plants so far
    std::array<double, kStates> state_time{};   // s per anim::State
  };
  std::vector<Soldier> soldiers_;
};

}  // namespace game
