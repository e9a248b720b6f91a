#include "anim/states/pose_from_joints.hpp"

#include <cmath>

namespace anim {

Pose pose_from_joints(const JointPositions& joints, const Proportions& body, int facing) {
  const double s = facing < 0 ? -1.0 : 1.0;
  const vec2 origin{joints[index(Joint::pelvis)].x, 0.0};
  auto at = [&](Joint j) {  // the facing frame
    const vec2 w = joints[index(j)] - origin;
    return vec2{s * w.x, w.y};
  };
  auto angle = [&](Joint from, Joint to) { return angle_of(at(to) - at(from)); };
  Pose p;
  p.pelvis_facing = at(Joint::pelvis);
  const double lower = angle(Joint::pelvis, Joint::chest), upper = angle(Joint::chest, Joint::neck);
  p.spine_lower = wrap_angle(kPi / 2.0 - lower);
  p.spine_upper = wrap_angle(lower - upper);
  p.neck = wrap_angle(upper - angle(Joint::neck, Joint::head));
  p.head = 0.0;
  struct Arm { Joint shoulder, elbow, hand; };
  struct Leg { Joint hip, knee, ankle, toe; };
  constexpr Arm kArms[2] = {{Joint::shoulder_near, Joint::elbow_near, Joint::hand_near},
                            {Joint::shoulder_far, Joint::elbow_far, Joint::hand_far}};
  constexpr Leg kLegs[2] = {{Joint::hip_near, Joint::knee_near, Joint::ankle_near, Joint::toe_near},
                            {Joint::hip_far, Joint::knee_far, Joint::ankle_far, Joint::toe_far}};
  // The toe sits toe_forward along the sole and ankle_height below it (forward_kinematics).
  const double toe_below = std::atan2(body.ankle_height, body.toe_forward());
  for (Side side : kSides) {
    const std::size_t i = index(side);
    const double arm_upper = angle(kArms[i].shoulder, kArms[i].elbow), arm_lower = angle(kArms[i].elbow, kArms[i].hand);
    p.arm[i] = {wrap_angle(arm_upper - upper), wrap_angle(arm_lower - arm_upper), 0.0};
    const double thigh = angle(kLegs[i].hip, kLegs[i].knee), shank = angle(kLegs[i].knee, kLegs[i].ankle);
    const double sole = angle(kLegs[i].ankle, kLegs[i].toe) + toe_below;
    p.leg[i] = {wrap_angle(thigh + kPi / 2.0), wrap_angle(shank - thigh), wrap_angle(sole - shank - kPi / 2.0)};
  }
  return p;
}

}  // namespace anim
