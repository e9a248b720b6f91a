#pragma once
// Hand-made soldier frames for render tests, benchmarks and previews, while the gait is not
// written: a standing (or crouched) soldier holding a rifle in both hands. Built the way the
// pipeline will build it (Rule 2b): trunk first, then the rifle placed with its butt in the
// shoulder pocket, then both hands solved onto it by two-bone IK, elbows down; the legs
// solved from the feet (Rule 2), so the feet are flat on the ground.
#include "anim/character_frame.hpp"
#include "anim/ik.hpp"
#include "anim/skeleton.hpp"

#include <cmath>

namespace test_poses {

struct TestPose {
  double height = 1.78;      // body height, m
  double aim_pitch = 0.0;    // rifle axis above horizontal, rad (+ up)
  double crouch = 0.0;       // 0 standing .. 1 deep crouch: how far the pelvis drops (share of 0.3 m)
  double lean = 0.10;        // forward lean of the lower spine, rad
  double stance = 0.30;      // near foot ahead of the far foot, m
};

inline anim::CharacterFrame make_test_frame(anim::vec2 origin_world, int facing, const TestPose& p = {}) {
  using anim::Joint;
  using anim::vec2;
  const anim::Proportions body = anim::proportions_for_height(p.height);
  anim::Pose pose;
  pose.spine_lower = p.lean;
  pose.spine_upper = 0.04;
  pose.neck = 0.40;    // head carried forward and down onto the stock
  pose.head = 0.30;    // chin up again so the face looks along the rifle
  const double ah = body.ankle_height;
  // Pelvis: a little under full leg length (soft knees), lower with the crouch.
  pose.pelvis_facing = {0.0, ah + body.leg() * 0.975 - 0.30 * p.crouch * body.leg()};

  // Legs from the feet (Rule 2): ankles on the ground, knees forward, soles flat.
  const std::array<vec2, 2> ankle = {vec2{0.55 * p.stance, ah}, vec2{-0.45 * p.stance, ah}};
  for (anim::Side s : anim::kSides) {
    anim::TwoBoneIkInput in;
    in.root = pose.pelvis_facing;
    in.target = ankle[anim::index(s)];
    in.upper = body.thigh;
    in.lower = body.shank;
    in.bend = anim::BendSide::counter_clockwise;  // knee toward +x, the facing direction
    const anim::TwoBoneIkOutput out = anim::solve_two_bone_ik(in);
    anim::LimbAngles& leg = pose.leg[anim::index(s)];
    leg.root = out.upper_angle + anim::kPi / 2.0;
    leg.mid = out.lower_angle - out.upper_angle;
    leg.end = -(out.lower_angle + anim::kPi / 2.0);  // sole along +x: flat
  }

  // Trunk first, then the rifle from the shoulder, then the hands onto it (Rule 2b).
  const anim::BodyFrame facing_frame{};  // identity: facing frame == world
  const anim::JointPositions trunk = anim::forward_kinematics(pose, body, facing_frame);
  const vec2 shoulder = trunk[anim::index(Joint::shoulder_near)];
  const vec2 aim = anim::direction(p.aim_pitch);
  const vec2 down{aim.y, -aim.x};
  anim::RiflePoints rifle;
  rifle.butt = shoulder + 0.04 * aim + 0.01 * down;
  rifle.grip = rifle.butt + 0.20 * aim;
  rifle.fore = rifle.butt + 0.45 * aim;
  rifle.muzzle = rifle.butt + 0.95 * aim;
  const double upper_abs = anim::kPi / 2.0 - pose.spine_lower - pose.spine_upper;
  const std::array<vec2, 2> hand = {rifle.grip + 0.04 * down, rifle.fore + 0.02 * down};
  for (anim::Side s : anim::kSides) {
    anim::TwoBoneIkInput in;
    in.root = shoulder;
    in.target = hand[anim::index(s)];
    in.upper = body.upper_arm;
    in.lower = body.forearm_to_grip();  // the arm IK's lower bone ends at the grip (anim)
    in.bend = anim::BendSide::clockwise;  // elbow below the shoulder->hand line
    const anim::TwoBoneIkOutput out = anim::solve_two_bone_ik(in);
    anim::LimbAngles& arm = pose.arm[anim::index(s)];
    arm.root = out.upper_angle - upper_abs;
    arm.mid = out.lower_angle - out.upper_angle;
  }

  anim::CharacterFrame f;
  f.body = anim::BodyFrame::facing(origin_world, facing);
  f.x = origin_world.x;
  f.body_size = body;
  f.pose = pose;
  f.joints = anim::forward_kinematics(pose, body, f.body);
  f.rifle = {f.body.to_world(rifle.butt), f.body.to_world(rifle.grip), f.body.to_world(rifle.fore),
             f.body.to_world(rifle.muzzle)};
  f.contact = {true, true};
  f.gaze = {facing < 0 ? -1.0 : 1.0, 0.0};
  f.has_aim = true;
  f.aim_world = f.rifle.muzzle + 10.0 * (f.rifle.muzzle - f.rifle.butt);
  return f;
}

}  // namespace test_poses
