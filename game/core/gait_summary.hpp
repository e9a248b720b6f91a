#pragma once
// `soldier trace --summary`: per soldier, the Rule 8 measurements of the run (anim/metrics):
// planted-foot drift, backward knees, lowest hips, the largest step of hip height, the hips'
// rise and fall per cycle, limb over-length, and the measured stance fraction, cadence and
// stride, with the distance covered and the share of time in each state; then a second
// table of the gait as a biomechanist measures it (anim/gait_kinematics, issue 10): knee
// flexion at loading, mid-stance, toe-off and in swing, heel-rise timing, swing clearance,
// the pelvis's peak vertical speed and acceleration, and the trunk's lean.
#include "anim/character_frame.hpp"
#include "anim/gait_kinematics.hpp"
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
  // Two tables, each one row per soldier and a legend: the Rule 8 table (its format fixed,
  // scripts parse it), then the kinematics table after it.
  void print(std::FILE* out) const;

 private:
  static constexpr std::size_t kStates = static_cast<std::size_t>(anim::State::getup) + 1;
  struct Soldier {
    std::string id;
    anim::GaitMeter meter;
    anim::KinematicsMeter kinematics;
    bool started = false;
    double x_first = 0.0, x_last = 0.0;        // m
    double time = 0.0;                          // s
    long long steps = 0;                        // plants so far
    std::array<double, kStates> state_time{};   // s per anim::State
  };
  void print_rule8(std::FILE* out) const;
  void print_kinematics(std::FILE* out) const;

  std::vector<Soldier> soldiers_;
};

}  // namespace game
