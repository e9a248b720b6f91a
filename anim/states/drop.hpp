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

// Deeper than this (L; 1.49 m at 1.78 m: from the seat his hanging feet would fall over a leg's
// length) he turns round and lowers himself to hang from the hands instead (anim/states/hang_drop).
inline constexpr double kHangDropFrom = 1.7;
inline bool drop_hangs(double depth, const Proportions& body) { return depth > kHangDropFrom * body.leg(); }

DropPlan plan_drop(const DropInput& in, const BodyTargets& stand_below, const ObstacleTuning& t);
BodyTargets drop_pose(const DropPlan& p, double t);

// The landing after a fall (a drop off a seat or a hang): touchdown at land_t with the hips at
// land_pelvis, the knees bending them down by `dip` until low_t (they keep their falling speed
// into the bend), then up to `stand` by end_t. The hands out in front for balance, the rifle
// still slung until he stands. `sign`: the way he faces.
struct Landing {
  BodyTargets stand{};
  vec2 land_pelvis{};
  double dip = 0.0;
  double land_t = 0.0, low_t = 0.0, end_t = 0.0;
  int sign = 1;
  Proportions body{};
};
BodyTargets landing_pose(const Landing& l, double t);

}  // namespace anim
