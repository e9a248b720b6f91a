#pragma once
// Every tuning constant in one named place (ARCHITECTURE.md conventions, Rule 4). Each field
// states its unit, range and where its default comes from. Loadable from assets/ (game/).
#include "anim/aim.hpp"
#include "anim/gait/gait_tuning.hpp"
#include "anim/gear_tuning.hpp"
#include "anim/lean.hpp"
#include "anim/look_at.hpp"
#include "anim/recoil.hpp"
#include "anim/rifle.hpp"

namespace anim {

struct BodyTuning {
  // Horizontal acceleration limit, m/s^2, 0.5..12. Sprint starts reach ~4-6 m/s^2 over the
  // first seconds (Morin et al. 2011); a soldier in kit is at the lower end.
  double accel_limit = 4.0;
  // Time of a turn-around, s, 0.1..1: a pivot on the balls of the feet (issue 3: "a visible
  // turn of a few tenths of a second, not a one-frame mirror flip").
  double turn_time = 0.4;
  double turn_max_speed = 2.5;  // m/s, the fastest the body pivots round; faster, it brakes first
};

struct PostureTuning {
  // Forward trunk lean of a steady gait, rad, rising with speed: a walk is nearly upright
  // and a run leans from the ankles ~5-10 deg (Novacheck 1998; Teng & Powers 2014 report
  // 7-10 deg of trunk flexion in running), more at a sprint.
  double lean_walk = 0.03;         // rad at a walk, -0.2..0.4
  double lean_sprint = 0.17;       // rad at 7 m/s, -0.2..0.5
  double breathing_rate = 0.25;    // Hz, at rest (15 breaths a minute)
  double breathing_depth = 0.012;  // rad of upper-spine extension per breath, 0..0.06
  double weight_shift = 0.035;     // m, idle weight shift toward one foot, 0..0.1
  double arm_softness = 0.03;      // m, the arms' IK softness near full reach (Spine), 0..0.1
};

struct Tuning {
  BodyTuning body;
  GaitTuning gait;
  PostureTuning posture;
  LeanTuning lean;
  LookAtTuning look;
  AimTuning aim;
  RifleSpec rifle;
  RecoilTuning recoil;
  GearTuning gear;
};

}  // namespace anim
