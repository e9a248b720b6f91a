#pragma once
// Two whole poses blended joint by joint (seed 001 section 8: "blend every bone from the
// frozen ragdoll pose toward the live animation"). In the side view a bone's rotation is its
// direction, so each joint's offset from its parent (kJointParent) is blended as a length and
// an angle, the shortest way round, outward from the blended root: a bone keeps its length
// through a blend (a straight lerp of positions would shorten every bone that turns). The
// rifle is a rigid bar blended from the near hand, the skull's axis as an angle.
#include "anim/character_frame.hpp"

namespace anim {

// The drawn body (what render/figure reads from a CharacterFrame), world m.
struct BodyPoints {
  JointPositions joints{};
  RiflePoints rifle{};
  vec2 skull{0.0, 1.0};  // unit, chin -> crown
};

BodyPoints body_points(const CharacterFrame& f);

// a at w = 0, b at w = 1 (w clamped to 0..1); exactly a or b at the ends.
BodyPoints blend_points(const BodyPoints& a, const BodyPoints& b, double w);

// An offset (from a parent joint) turned and stretched from `a` to `b` by w, the shortest way
// round; a zero-length end takes the other's direction.
vec2 polar_lerp(vec2 a, vec2 b, double w);

// Every point moved by `by` (the skull's axis is a direction and stays).
void translate(BodyPoints& p, vec2 by);

}  // namespace anim
