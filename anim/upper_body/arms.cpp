#include "anim/upper_body/arms.hpp"

#include "anim/ik.hpp"

#include <cmath>

namespace anim {

ArmsPose solve_arms(const ArmsInput& in, const Proportions& body, const ArmTuning& t) {
  ArmsPose out;
  const std::array<vec2, 2> hand_target = {in.rifle.grip, in.rifle.fore};
  const std::array<double, 2> out_angle = {t.firing_elbow_out, -t.support_elbow_out};  // + toward the camera
  for (Side s : kSides) {
    TwoBoneIkInput ik;
    ik.root = in.shoulder;
    ik.target = hand_target[index(s)];
    ik.upper = body.upper_arm;
    ik.lower = body.forearm_to_grip();
    ik.bend = BendSide::clockwise;  // elbows down (Rule 2b)
    ik.softness = t.softness;
    const TwoBoneIkOutput arm = solve_two_bone_ik(ik);
    out.angles[index(s)].root = wrap_angle(arm.upper_angle - in.trunk_angle);
    out.angles[index(s)].mid = wrap_angle(arm.lower_angle - arm.upper_angle);
    // The arm turned about its shoulder-to-hand line: the elbow's offset from that line
    // shows foreshortened by cos, and goes into depth by sin; the bones keep their length.
    const vec2 axis = arm.end - in.shoulder;
    const double len2 = glm::dot(axis, axis);
    const vec2 on_line = len2 > 1e-12 ? in.shoulder + axis * (glm::dot(arm.mid - in.shoulder, axis) / len2) : in.shoulder;
    const vec2 offset = arm.mid - on_line;
    out.elbow[index(s)] = on_line + offset * std::cos(out_angle[index(s)]);
    out.elbow_depth[index(s)] = glm::length(offset) * std::sin(out_angle[index(s)]);
    out.hand[index(s)] = arm.end;
  }
  return out;
}

}  // namespace anim
