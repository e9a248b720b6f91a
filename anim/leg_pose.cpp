#include "anim/leg_pose.hpp"

#include "anim/ik.hpp"

#include <cmath>

namespace anim {

std::array<LimbAngles, 2> solve_legs(const GaitOutput& gait, const Proportions& body, double facing_scale,
                                     JointPositions& joints) {
  struct LegJoints { Joint hip, knee, ankle, toe; };
  constexpr std::array<LegJoints, 2> kLegs = {{{Joint::hip_near, Joint::knee_near, Joint::ankle_near, Joint::toe_near},
                                               {Joint::hip_far, Joint::knee_far, Joint::ankle_far, Joint::toe_far}}};
  const double c = facing_scale;
  const double sgn = c < 0.0 ? -1.0 : 1.0;
  auto facing_angle = [sgn](vec2 v) { return angle_of({v.x * sgn, v.y}); };
  std::array<LimbAngles, 2> out{};
  for (Side s : kSides) {
    const LegJoints& k = kLegs[index(s)];
    const FootOutput& foot = gait.feet[index(s)];
    TwoBoneIkInput ik;
    ik.root = joints[index(k.hip)];
    ik.target = foot.ankle_world;
    ik.upper = body.thigh;
    ik.lower = body.shank;
    ik.bend = c >= 0.0 ? BendSide::counter_clockwise : BendSide::clockwise;  // knees forward
    const TwoBoneIkOutput leg = solve_two_bone_ik(ik);
    vec2 knee = leg.mid;
    if (std::abs(c) < 1.0) {
      const vec2 axis = leg.end - ik.root;
      const double len2 = glm::dot(axis, axis);
      const vec2 on_line = len2 > 1e-12 ? ik.root + axis * (glm::dot(knee - ik.root, axis) / len2) : ik.root;
      knee = on_line + (knee - on_line) * std::abs(c);
    }
    joints[index(k.knee)] = knee;
    joints[index(k.ankle)] = leg.end;
    joints[index(k.toe)] = foot.toe_world;
    // The same leg as joint angles in the facing frame (exact at the two rest facings).
    const double thigh_abs = facing_angle(knee - ik.root);
    const double shank_abs = facing_angle(leg.end - knee);
    out[index(s)].root = wrap_angle(thigh_abs + kPi / 2.0);
    out[index(s)].mid = wrap_angle(shank_abs - thigh_abs);
    out[index(s)].end = wrap_angle(-foot.pitch - shank_abs - kPi / 2.0);
  }
  return out;
}

}  // namespace anim
