#pragma once
// The joint angles (anim::Pose) of a body given only its joints, the inverse of anim::
// forward_kinematics in the side plane: what the frame's `pose` says of a body the pipeline
// did not solve (the ragdoll, the get-up), so what reads the angles (the BVH export) sees the
// body that is drawn. The neck and the head share one bone here (neck base -> head centre):
// the head's own pitch on the neck is taken as none.
#include "anim/skeleton.hpp"

namespace anim {

// `joints` world m, facing +1 or -1 (the side-view mirror); the facing frame's origin under
// the pelvis.
Pose pose_from_joints(const JointPositions& joints, const Proportions& body, int facing);

}  // namespace anim
