#pragma once
// Step 6 of the frame (ARCHITECTURE.md): the trunk's attitude, set BEFORE anything is solved
// against the shoulders (Rule 2b). It leans with the gait's speed as human runners do, into a
// slope, with the body's real acceleration (seed 000), with the aim's elevation (the trunk
// takes a share of it: back to aim high, forward to aim low), and breathes at rest.
#include "anim/gait/gait_tuning.hpp"
#include "anim/lean.hpp"

namespace anim {

struct TorsoTuning {
  // Forward trunk lean of a steady gait, rad, at ground speed: a walk nearly upright (0-5 deg
  // forward), a run at 3.4 m/s 4-11 deg (Teng & Powers 2015), more at a sprint (MOTION.md).
  SpeedCurve lean{{0.0, 0.8, 1.4, 2.1, 2.8, 3.5, 4.5, 5.5, 6.5, 7.0, 7.5, 8.0},
                  {0.02, 0.03, 0.04, 0.06, 0.10, 0.13, 0.16, 0.19, 0.21, 0.22, 0.23, 0.24}};
  double backpedal_lean = -0.03;  // rad, -0.2..0.2: walking backwards the trunk is upright, a hair back
  // Into a slope: uphill the trunk goes 5-10 deg further forward on steep grades, downhill
  // it stays near upright, a little back (MOTION.md "Slopes and stairs").
  double uphill_lean = 0.4;       // rad of lean per rad of grade climbed, 0..1 (20 deg up: 8 deg)
  double downhill_lean = 0.12;    // rad of lean back per rad of grade descended, 0..1 (20 deg: 2.4 deg)
  double slope_lean_rate = 3.0;   // 1/s, 0.5..20: the slope's lean follows the ground this fast
  double slope_reach = 0.4;       // m, 0.05..2: the grade is read this far either side of the hips
  // Elevation is shared (MOTION.md "Holding a rifle"): the trunk leans back to aim high and
  // forward to aim low, the head follows the stock, the arms take the rest.
  double aim_share = 0.3;         // of the aim's pitch, 0..0.8
  double breathing_rate = 0.25;   // Hz, at rest (15 breaths a minute)
  double breathing_depth = 0.012; // rad of upper-spine extension per breath, 0..0.06
};

struct TorsoState {
  LeanState accel;          // the low-passed acceleration lean (seed 000)
  double slope_lean = 0.0;  // rad, the slope's lean as followed
  bool started = false;     // (the first step takes the slope's lean at once)
};

struct TorsoInput {
  double speed = 0.0;          // m/s, ground speed
  double backward = 0.0;       // 0..1: how much the travel runs against the facing
  double grade = 0.0;          // rise per metre along the travel at the hips (+ uphill)
  double accel_forward = 0.0;  // m/s^2 in the facing frame (+ speeding up forward)
  double variation = 0.0;      // rad, the step's own lean (Rule 10)
  double aim_pitch = 0.0;      // rad, + up, of the rifle while aimed (0 otherwise)
  double aim_weight = 0.0;     // 0..1, how much the rifle is aimed
  double breathing = 0.0;      // 0..1, how much the chest breathes (at rest: 1)
  double rock = 0.0;           // rad of upper-spine extension from the recoil (issue 5)
  double time = 0.0;           // s, for the breath
  double dt = 0.0;             // s
};

struct TorsoAttitude {
  double lean = 0.0;         // rad, total forward lean from vertical
  double accel_lean = 0.0;   // rad, its acceleration part (seed 000)
  double slope_lean = 0.0;   // rad, its slope part
  double spine_lower = 0.0;  // rad, pelvis->chest (Pose)
  double spine_upper = 0.0;  // rad, chest->neck relative to the lower spine (Pose)
};

TorsoAttitude step_torso(TorsoState& state, const TorsoInput& in, const TorsoTuning& t, const LeanTuning& lean);

}  // namespace anim
