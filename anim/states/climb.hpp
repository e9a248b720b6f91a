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

// The mantle a climb ends with, and a ladder's top onto its platform (anim/states/ladder): the
// palms on the top, the arms pressed nearly straight with the hips out from the face and over
// the top (within the arms' reach of the hands: 0.64 of a 0.667 m arm at 1.78 m), so a knee can
// come up onto it without going through the edge.
inline constexpr double kMantleHandIn = 0.17;    // m: the palms this far in from the edge
inline constexpr double kMantleHipsBack = 0.15;  // m: pressed up, the hips this far out from the face
inline constexpr double kMantleHipsUp = 0.41;    // m: and this high over the top
inline constexpr double kMantleLean = 1.05;      // rad: the trunk thrown forward over the hands

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
