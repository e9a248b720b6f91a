#pragma once
// Getting down an edge too deep to sit and drop from (drop_hangs): he has turned round on the
// top to face it, and lowers himself over the edge the way a climb comes up, backwards (Rule 7:
// the body hangs FROM the hands, which stay on the edge; unfolding the arms lowers him; the feet
// go down the wall). Hung at the arms' length, he lets go, falls (Rule 5), and lands with a knee
// bend that answers the fall (landing_pose). On a face low enough that the hang's feet are on
// the ground beneath him (Rule 7's clamp) there is no fall left: he climbs down.
#include "anim/states/climb.hpp"
#include "anim/states/drop.hpp"

namespace anim {

// A DropInput whose `sign` is the way he FACES: toward the edge's face, against his travel.
struct HangDropPlan {
  DropInput in{};
  ClimbPlan down{};           // the climb up the same face, run backwards from its end to its hang
  double lowered_t = 0.0;     // s: hung at the arms' length, the hands on the edge
  double let_go_t = 0.0;      // s: the hands let go
  BodyTargets hung{};
  vec2 land_pelvis{};
  double fall = 0.0;          // m the feet fall from the hang to the ground
  double impact_speed = 0.0;  // m/s at touchdown
  Landing landing{};          // from touchdown to standing (its end_t ends the move)
};

// Where he stands below, facing the face (world x).
double hang_drop_landing_x(const DropInput& in, const ObstacleTuning& t);

// `stand_below`: standing at hang_drop_landing_x facing the face; in.start: standing on the top,
// turned round to face it, his heels toward the edge.
HangDropPlan plan_hang_drop(const DropInput& in, const BodyTargets& stand_below, const ObstacleTuning& t);
BodyTargets hang_drop_pose(const HangDropPlan& p, double t);

}  // namespace anim
