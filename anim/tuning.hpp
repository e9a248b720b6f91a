#pragma once
// Every tuning constant in one named place (ARCHITECTURE.md conventions, Rule 4). Each field
// states its unit, range and where its default comes from. Loadable from assets/ (game/).
#include "anim/gait_tuning.hpp"
#include "anim/rifle.hpp"

namespace anim {

struct BodyTuning {
  // Horizontal acceleration limit, m/s^2, 0.5..12. Sprint starts reach ~4-6 m/s^2 over the
  // first seconds (Morin et al. 2011); a soldier in kit is at the lower end.
  double accel_limit = 4.0;
  // Time of a turn-around, s, 0.1..1: a pivot on the balls of the feet (issue 3: "a visible
  // turn of a few tenths of a second, not a one-frame mirror flip").
  double turn_time = 0.32;
};

struct PostureTuning {
  // Forward trunk lean of a steady gait, rad, as a function of speed: ~1 deg walking rising
  // to ~8 deg at a sprint (Novacheck 1998; runners' trunk is inclined ~5-10 deg forward).
  double lean_walk = 0.02;
  double lean_sprint = 0.15;
  double lean_strength = 0.5;      // share of atan2(a, g) the trunk leans (seed 000), 0..1
  double lean_smoothing = 6.0;     // 1/s, low-pass speed of the acceleration lean
  double lean_max = 0.35;          // rad, cap on the total lean
  double low_ready_pitch = -0.55;  // rad, rifle pitch of the relaxed carry (no aim point)
  double aim_pitch_min = -0.9;     // rad, lowest pitch a person holds on the shoulder
  double aim_pitch_max = 1.0;      // rad, highest
  double head_turn_speed = 3.5;    // rad/s (200 deg/s, seed 001 section 1)
  double head_cone = 0.70;         // rad, the face's range around the trunk's forward
  double breathing_rate = 0.25;    // Hz, at rest (15 breaths a minute)
  double breathing_depth = 0.012;  // rad of upper-spine extension per breath
  double weight_shift = 0.035;     // m, idle weight shift toward one foot
};

struct Tuning {
  BodyTuning body;
  GaitTuning gait;
  PostureTuning posture;
  RifleSpec rifle;
};

}  // namespace anim
