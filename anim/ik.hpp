#pragma once
// Two-bone IK, analytic (law of cosines), after ozz-animation's IKTwoBoneJob, in 2D.
#include "anim/vec.hpp"

namespace anim {

// Which side of the root->target line the middle joint goes to. In the facing frame (+x)
// knees bend forward and elbows down; see bend_side_for_knee / bend_side_for_elbow.
enum class BendSide { counter_clockwise, clockwise };

// The same side seen in a mirror (x -> -x): a mirror swaps clockwise and counter-clockwise.
// Forgetting this is the classic flipped knee of 2D IK (issue 2).
constexpr BendSide mirrored(BendSide s) {
  return s == BendSide::counter_clockwise ? BendSide::clockwise : BendSide::counter_clockwise;
}

struct TwoBoneIkInput {
  vec2 root;           // world or facing-frame position of the chain root (hip, shoulder), m
  vec2 target;         // where the end (ankle, hand) should go, m
  double upper = 1.0;  // root->mid bone length, m, > 0
  double lower = 1.0;  // mid->end bone length, m, > 0
  BendSide bend = BendSide::counter_clockwise;
  // Fallback direction of the limb when the target sits on the root (angle, radians); the
  // limb then folds along it, so the pose is defined and finite.
  double rest_angle = -kPi / 2.0;
  // Softness (m, >= 0; Spine's IK constraint calls it so): within this distance of full
  // reach the limb eases toward straight instead of snapping straight from bent in one
  // frame; the end then stops short of the target by a fraction of the softness.
  double softness = 0.0;
};

struct TwoBoneIkOutput {
  vec2 mid;              // the middle joint (knee, elbow), m
  vec2 end;              // the end joint, m; equals target when reachable
  double upper_angle;    // absolute angle of root->mid, radians
  double lower_angle;    // absolute angle of mid->end, radians
  bool reached = false;  // the end is on the target
};

// True when the input can be solved as given: finite points, bone lengths finite and > 0.
// solve_two_bone_ik still returns a finite pose for invalid input (a non-finite target is
// treated as one on the root, bad lengths as 1e-6 m), so nothing downstream sees a NaN.
bool is_valid(const TwoBoneIkInput& in);

// Solves the chain. Out of reach: the limb is straight toward the target, exactly full
// length. Closer than |upper - lower|: folded toward the target, as close as it gets.
// Never longer than its bones; always finite for finite input.
TwoBoneIkOutput solve_two_bone_ik(const TwoBoneIkInput& in);

}  // namespace anim
