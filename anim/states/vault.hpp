#pragma once
// Rule 7: a vault is not a slow climb. Below about half body height there is nothing to hang
// from: he plants a hand on the top, drives off the legs and passes over in one arc, landing
// on the far side on his feet. The firing hand keeps the rifle (Rule 2b: the hold is the
// rifle's, the support hand is free to plant); a run carries more speed through.
#include "anim/states/obstacle_pose.hpp"
#include "anim/states/obstacle_tuning.hpp"

namespace anim {

struct VaultInput {
  BodyTargets start{};     // where the walk left him
  int sign = 1;            // facing and travel, +1 / -1
  double speed = 0.0;      // m/s he comes in with, >= 0
  double face_x = 0.0;     // world: the box's near face, far side and top
  double far_x = 0.0;
  double top_y = 0.0;
  double ground_y = 0.0;   // what he stands on before it
  double land_y = 0.0;     // the ground where he lands
  Proportions body{};
};

// Where he stands after the vault (world x): beyond the far side by more the faster he came.
double vault_landing_x(const VaultInput& in, const ObstacleTuning& t);

struct VaultPlan {
  VaultInput in{};
  BodyTargets stand{};     // standing at the landing (the gait's stance there)
  BodyTargets plant{};     // the hold at the plant: a hand on the top, the take-off foot driving
  double plant_t = 0.0;    // s: the hand lands on the top, the take-off foot drives
  double release_t = 0.0;  // s: the planted hand lets go
  double land_t = 0.0;     // s: the feet touch down
  double end_t = 0.0;      // s: standing
  vec2 plant_pelvis{}, apex{}, land_pelvis{};
  double dip = 0.0;        // m the hips sink at the landing
};

VaultPlan plan_vault(const VaultInput& in, const BodyTargets& stand, const ObstacleTuning& t);
BodyTargets vault_pose(const VaultPlan& p, double t);

}  // namespace anim
