#include "anim/skeleton.hpp"

#include <algorithm>

namespace anim {

std::string_view joint_name(Joint j) {
  static constexpr std::array<std::string_view, kJointCount> kNames = {
      "pelvis", "chest", "neck", "head",
      "shoulder_near", "elbow_near", "hand_near",
      "shoulder_far", "elbow_far", "hand_far",
      "hip_near", "knee_near", "ankle_near", "toe_near",
      "hip_far", "knee_far", "ankle_far", "toe_far",
  };
  return kNames[index(j)];
}

Proportions proportions_from(double h, const SegmentFractions& f) {
  if (!std::isfinite(h)) h = 1.78;
  h = std::clamp(h, 1.2, 2.3);
  const SegmentFractions winter;
  const auto length = [h](double fraction, double fallback) {
    return h * (std::isfinite(fraction) && fraction > 0.0 && fraction <= 1.0 ? fraction : fallback);
  };
  Proportions p;
  p.height = h;
  p.thigh = length(f.thigh, winter.thigh);
  p.shank = length(f.shank, winter.shank);
  p.ankle_height = length(f.ankle_height, winter.ankle_height);
  p.foot = length(f.foot, winter.foot);
  p.pelvis_width = length(f.pelvis_width, winter.pelvis_width);
  p.trunk = length(f.trunk, winter.trunk);
  p.neck = length(f.neck, winter.neck);
  p.head = length(f.head, winter.head);
  p.upper_arm = length(f.upper_arm, winter.upper_arm);
  p.forearm = length(f.forearm, winter.forearm);
  p.hand = length(f.hand, winter.hand);
  p.shoulder_width = length(f.shoulder_width, winter.shoulder_width);
  return p;
}

Proportions proportions_for_height(double h) { return proportions_from(h, SegmentFractions{}); }

namespace {

// Vertical is +pi/2 counter-clockwise from +x; a lean of `lean` forward (toward +x in the
// facing frame) tips the bone clockwise.
double up_with_lean(double lean) { return kPi / 2.0 - lean; }

}  // namespace

double joint_depth(Joint j, const Proportions& body) {
  switch (j) {
    case Joint::shoulder_near: case Joint::elbow_near: case Joint::hand_near: return 0.5 * body.shoulder_width;
    case Joint::shoulder_far: case Joint::elbow_far: case Joint::hand_far: return -0.5 * body.shoulder_width;
    case Joint::hip_near: case Joint::knee_near: case Joint::ankle_near: case Joint::toe_near: return 0.25 * body.pelvis_width;
    case Joint::hip_far: case Joint::knee_far: case Joint::ankle_far: case Joint::toe_far: return -0.25 * body.pelvis_width;
    default: return 0.0;
  }
}

double skull_angle(const Pose& pose) {
  return up_with_lean(pose.spine_lower) - pose.spine_upper - pose.neck + pose.head;
}

vec2 eye_position(const Proportions& body, vec2 head, double skull) {
  // The face is the skull's axis turned a quarter clockwise (facing +x: forward).
  return head + kEyeForwardShare * body.head * direction(skull - kPi / 2.0) + kEyeUpShare * body.head * direction(skull);
}

namespace {

// The trunk's joints in the facing frame: pelvis, chest, neck, head and both shoulders.
void place_trunk(const Pose& pose, const Proportions& body, JointPositions& f) {
  auto at = [&f](Joint j) -> vec2& { return f[index(j)]; };
  at(Joint::pelvis) = pose.pelvis_facing;
  const double lower_abs = up_with_lean(pose.spine_lower);
  const double upper_abs = lower_abs - pose.spine_upper;
  const double neck_abs = upper_abs - pose.neck;
  const double head_abs = skull_angle(pose);  // + chin up tips the skull back
  at(Joint::chest) = at(Joint::pelvis) + kLowerSpineShare * body.trunk * direction(lower_abs);
  at(Joint::neck) = at(Joint::chest) + (1.0 - kLowerSpineShare) * body.trunk * direction(upper_abs);
  at(Joint::head) = at(Joint::neck) + body.neck * direction(neck_abs) +
                    0.5 * body.head * direction(head_abs);
  at(Joint::shoulder_near) = at(Joint::shoulder_far) =
      at(Joint::neck) - kShoulderDropShare * body.trunk * direction(upper_abs);
}

}  // namespace

JointPositions trunk_kinematics(const Pose& pose, const Proportions& body) {
  JointPositions f{};
  place_trunk(pose, body, f);
  return f;
}

JointPositions facing_kinematics(const Pose& pose, const Proportions& body) {
  JointPositions f{};  // facing frame
  place_trunk(pose, body, f);
  auto at = [&f](Joint j) -> vec2& { return f[index(j)]; };
  const double upper_abs = up_with_lean(pose.spine_lower) - pose.spine_upper;
  const vec2 shoulder = at(Joint::shoulder_near);
  struct ArmJoints { Joint shoulder, elbow, hand; };
  struct LegJoints { Joint hip, knee, ankle, toe; };
  constexpr std::array<ArmJoints, 2> kArms = {{{Joint::shoulder_near, Joint::elbow_near, Joint::hand_near},
                                               {Joint::shoulder_far, Joint::elbow_far, Joint::hand_far}}};
  constexpr std::array<LegJoints, 2> kLegs = {{{Joint::hip_near, Joint::knee_near, Joint::ankle_near, Joint::toe_near},
                                               {Joint::hip_far, Joint::knee_far, Joint::ankle_far, Joint::toe_far}}};
  for (Side s : kSides) {
    const LimbAngles& a = pose.arm[index(s)];
    const ArmJoints& j = kArms[index(s)];
    const double upper = upper_abs + a.root;
    const double lower = upper + a.mid;
    at(j.elbow) = shoulder + body.upper_arm * direction(upper);
    at(j.hand) = at(j.elbow) + body.forearm_to_grip() * direction(lower);

    const LimbAngles& l = pose.leg[index(s)];
    const LegJoints& k = kLegs[index(s)];
    const double thigh = -kPi / 2.0 + l.root;
    const double shank = thigh + l.mid;
    const double sole = shank + kPi / 2.0 + l.end;  // end = 0: foot square to the shank
    at(k.hip) = at(Joint::pelvis);
    at(k.knee) = at(k.hip) + body.thigh * direction(thigh);
    at(k.ankle) = at(k.knee) + body.shank * direction(shank);
    at(k.toe) = at(k.ankle) + body.toe_forward() * direction(sole) +
                body.ankle_height * direction(sole - kPi / 2.0);
  }
  return f;
}

JointPositions to_world(const JointPositions& facing, const Proportions& body, const BodyFrame& frame) {
  // Depth of each joint toward the camera, m: the near side +, the far side -; it only
  // shows mid-turn (BodyFrame). Hips are half the pelvis width apart, shoulders half theirs.
  JointPositions world{};
  for (std::size_t i = 0; i < kJointCount; ++i) world[i] = frame.to_world(facing[i], joint_depth(static_cast<Joint>(i), body));
  return world;
}

JointPositions forward_kinematics(const Pose& pose, const Proportions& body, const BodyFrame& frame) {
  return to_world(facing_kinematics(pose, body), body, frame);
}

}  // namespace anim
