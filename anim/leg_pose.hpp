#pragma once
// Step 9 of the frame: the legs, by two-bone IK from the hips to the ankles the gait placed,
// knees forward, in the picture plane so planted feet stay exactly where the gait put them
// (Rule 2). Mid-turn the knee's bend is foreshortened like the rest of the turning body.
#include "anim/gait/gait.hpp"
#include "anim/skeleton.hpp"

namespace anim {

// Fills the knees, ankles and toes of `joints` (world; the hips already placed) from the
// gait's feet, and returns the same legs as joint angles in the facing frame (Pose::leg).
std::array<LimbAngles, 2> solve_legs(const GaitOutput& gait, const Proportions& body, double facing_scale,
                                     JointPositions& joints);

}  // namespace anim
