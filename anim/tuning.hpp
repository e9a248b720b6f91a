#pragma once
// Every tuning constant in one named place (ARCHITECTURE.md conventions, Rule 4). Each field
// states its unit, range and where its default comes from. Loadable from assets/ (game/).
#include "anim/aim.hpp"
#include "anim/detail_tuning.hpp"
#include "anim/gait/gait_tuning.hpp"
#include "anim/gear_tuning.hpp"
#include "anim/lean.hpp"
#include "anim/look_at.hpp"
#include "anim/recoil.hpp"
#include "anim/states/crouch.hpp"
#include "anim/states/kneel.hpp"
#include "anim/states/posture.hpp"
#include "anim/states/prone.hpp"
#include "anim/rifle.hpp"
#include "anim/ragdoll_tuning.hpp"
#include "anim/states/get_up_tuning.hpp"
#include "anim/states/obstacle_tuning.hpp"
#include "anim/upper_body/arms.hpp"
#include "anim/upper_body/head.hpp"
#include "anim/upper_body/rifle_hold.hpp"
#include "anim/upper_body/torso.hpp"

namespace anim {

struct BodyTuning {
  // Horizontal acceleration limit, m/s^2, 0.5..12. Sprint starts reach ~4-6 m/s^2 over the
  // first seconds (Morin et al. 2011); a soldier in kit is at the lower end.
  double accel_limit = 4.0;
  // Time of a turn-around, s, 0.1..1: a pivot on the balls of the feet (issue 3: "a visible
  // turn of a few tenths of a second, not a one-frame mirror flip").
  double turn_time = 0.4;
  // m/s, 0.5..9: the fastest the body starts to pivot round; faster, it brakes first (a turn
  // once begun always completes).
  double turn_max_speed = 2.5;
  // m, 0..2: an aim point nearer than this in x does not turn the body toward it.
  double aim_face_distance = 0.3;
  // 0..1: mid-turn, an aim point is used only while the body shows at least this much of its
  // side (|cos yaw|); nearer edge-on the rifle swings up through the turn instead.
  double aim_min_side = 0.2;
};

struct PostureTuning {
  double weight_shift = 0.035;     // m, idle weight shift toward one foot, 0..0.1
  double weight_shift_period = 3.7;  // s between idle weight shifts, 0.5..20
  double weight_shift_speed = 0.05;  // m/s the hips drift over a foot at rest, 0.005..1
  double weight_centre_speed = 0.4;  // m/s they come back to centre when moving, 0.05..5
};

struct Tuning {
  BodyTuning body;
  GaitTuning gait;
  PostureTuning posture;
  ArmTuning arms;
  TorsoTuning torso;
  LeanTuning lean;
  LookAtTuning look;
  HeadTuning head;
  AimTuning aim;
  CarryTuning carry;
  RifleSpec rifle;
  RecoilTuning recoil;
  GearTuning gear;
  StanceTuning stances;   // the posture chain: speeds and change times (anim/states/posture)
  CrouchTuning crouch;    // anim/states/crouch
  KneelTuning kneel;      // anim/states/kneel
  ProneTuning prone;      // anim/states/prone
  GetUpTuning get_up;
  ObstacleTuning obstacle;
  DetailTuning detail;    // level of detail by on-screen size (issue 14, render/detail.hpp)
  RagdollTuning ragdoll;  // anim/ragdoll (Rule 7b): the dead body's solver, joints, contacts, rest
};

}  // namespace anim
