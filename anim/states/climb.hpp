#pragma once
// Rule 7: climbing hangs the body FROM the hands. They stay on the edge; the shoulders sit as
// far below them as the arms extend; folding the arms is what raises him. The feet are on the
// wall, their targets clamped to the ground beneath him (on a low wall the hang would be under
// the floor), and then a knee and a foot go over the edge and he stands up on top. The rifle
// goes on his back for it (both hands are on the edge; Rule 2b has nothing to hold).
#include "anim/states/obstacle_pose.hpp"
#include "anim/states/obstacle_tuning.hpp"

#include <vector>

namespace anim {

struct ClimbInput {
  BodyTargets start{};    // where the walk left him
  int sign = 1;           // facing, +1 / -1
  double face_x = 0.0;    // world: the wall's face, far side and top
  double far_x = 0.0;
  double top_y = 0.0;
  double ground_y = 0.0;  // what he stands on in front of it
  Proportions body{};
};

// Where he stands on top afterwards (world x): over the top, no further than its middle.
double climb_top_x(const ClimbInput& in);

struct ClimbPlan {
  ClimbInput in{};
  std::vector<MoveKey> keys;  // the holds, each placed from the hands (Rule 7)
  double end_t = 0.0;
};

ClimbPlan plan_climb(const ClimbInput& in, const BodyTargets& stand_on_top, const ObstacleTuning& t);
BodyTargets climb_pose(const ClimbPlan& p, double t);

// A foot on the face of a wall below the hips: its ball against the face (the boot's tip
// clear of it), as high as keeps the knee (bent toward the wall) outside the face, never below
// the ground. `face_x` is the face, `sign` the way he faces it.
FootTarget foot_on_wall(vec2 hip, double face_x, double ground_y, double top_y, int sign, const Proportions& body);

}  // namespace anim
