#pragma once
// Getting down from a box or a platform more than a step high. No deeper than a long step down
// (kStepDownMax) he steps down it: the trailing knee folds on the top while the lead foot
// reaches the ground beyond. Deeper, he sits on the edge, hands on
// it beside the hips and the legs over, pushes off and drops, and lands with a knee bend that
// answers the height (the hips sink by more the faster he comes down). Never a walk off into
// the air with his legs in the ground. The rifle is slung for it (both hands on the edge).
#include "anim/states/obstacle_pose.hpp"
#include "anim/states/obstacle_tuning.hpp"

#include <vector>

namespace anim {

struct DropInput {
  BodyTargets start{};    // where the walk left him
  int sign = 1;           // facing and travel
  double edge_x = 0.0;    // world: the edge, the surface he is on, the ground below
  double top_y = 0.0;
  double below_y = 0.0;
  Proportions body{};
};

// Where he stands after landing (world x).
double drop_landing_x(const DropInput& in);

struct DropPlan {
  DropInput in{};
  std::vector<MoveKey> keys;  // getting down to sit on the edge
  BodyTargets sit{};
  BodyTargets stand{};
  double push_t = 0.0;        // s: he pushes off the edge
  double land_t = 0.0;        // s: the feet touch down (free fall from the push)
  double low_t = 0.0;         // s: the bottom of the landing's knee bend
  double end_t = 0.0;
  double dip = 0.0;           // m the hips sink at the landing
  double impact_speed = 0.0;  // m/s at touchdown
  bool step_down = false;     // a shallow edge: stepped down (keys alone), no sitting
};

DropPlan plan_drop(const DropInput& in, const BodyTargets& stand_below, const ObstacleTuning& t);
BodyTargets drop_pose(const DropPlan& p, double t);

}  // namespace anim
