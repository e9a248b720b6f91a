#pragma once
// Step 10 of the frame: the head. Unaimed it looks toward the aim point or along the carry
// (look_at: turn speed, cone; seed 001 sections 1-2). Aimed, the head drops onto the stock
// (cheek weld): neck and head are solved so the eye lies on the sight line, the sights
// stock_drop + sight_height above the buttpad's centre, eye_relief along the bore from it
// (MOTION.md "Holding a rifle"). Between the two, the rifle's aim weight blends them.
#include "anim/look_at.hpp"
#include "anim/rifle.hpp"
#include "anim/skeleton.hpp"

namespace anim {

struct HeadTuning {
  double eye_relief = 0.13;   // m along the bore from the buttpad to the aiming eye, 0.05..0.3
  // The neck's and head's range (rad, relative to the trunk and to the neck): the weld
  // never bends them past it (it leaves the eye off the line instead).
  double neck_flex_max = 1.0;   // forward, 0.2..1.4 (cervical flexion ~50-60 deg)
  double neck_extend_max = 0.5; // back, 0..1
  double head_pitch_max = 0.9;  // either way, 0.2..1.2 (with the neck: the cervical spine flexes ~80 deg)
  double look_neck_share = 0.4; // of the look-at's turn taken by the neck (the head takes the rest)
};

struct HeadInput {
  vec2 neck{};             // the neck's base (Joint::neck), facing frame
  double trunk_angle = 0.0;  // rad, the upper spine's direction (pi/2 upright), facing frame
  double look = 0.0;       // rad, the look-at's face angle from the trunk's forward (+ up)
  double aim_weight = 0.0; // 0..1
  RiflePoints rifle{};     // facing frame
  double pitch = 0.0;      // rad, the bore as held
};

struct HeadPose {
  double neck = 0.0;  // Pose::neck
  double head = 0.0;  // Pose::head
  vec2 eye_target{};  // facing frame: on the sight line (where the weld puts the eye)
};

// Where the aiming eye belongs: on the sight line, eye_relief along the bore from the buttpad.
vec2 sight_eye_point(const RiflePoints& rifle, double pitch, const RifleSpec& spec, const HeadTuning& t);

HeadPose solve_head(const HeadInput& in, const Proportions& body, const RifleSpec& spec, const HeadTuning& t);

}  // namespace anim
