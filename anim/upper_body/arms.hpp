#pragma once
// Step 8's second half (Rule 2b): both hands solved onto the rifle by two-bone IK from the
// shoulders the trunk has placed, elbows biased down. The firing hand holds the pistol grip,
// the support hand the fore-end.
#include "anim/character_frame.hpp"
#include "anim/skeleton.hpp"

namespace anim {

// The elbows are held out from the body, not hanging in the side view's plane: the arm
// turns about its shoulder-to-hand line by these angles, so the side view sees the elbow
// nearer that line (a shooter's firing elbow is out at 45-90 deg in a modern stance, the
// support elbow tucked under the fore-end; marksmanship manuals, MOTION.md).
struct ArmTuning {
  double firing_elbow_out = 0.9;   // rad, 0..1.5, the near (firing) arm, toward the camera
  double support_elbow_out = 0.35; // rad, 0..1.5, the far (support) arm, away from it
  double softness = 0.03;          // m, the arms' IK softness near full reach (Spine), 0..0.1
};

struct ArmsInput {
  vec2 shoulder{};           // both shoulder joints (they coincide in the side view), facing frame
  double trunk_angle = 0.0;  // rad, the upper spine's direction (pi/2 upright)
  RiflePoints rifle{};       // facing frame
};

struct ArmsPose {
  std::array<LimbAngles, 2> angles{};  // Pose::arm, relative to the upper spine, by Side (in-plane arm)
  std::array<vec2, 2> elbow{};         // facing frame: each elbow as the side view sees it
  std::array<vec2, 2> hand{};          // facing frame
  std::array<double, 2> elbow_depth{}; // m toward the camera of each elbow, off the shoulders' plane
};

ArmsPose solve_arms(const ArmsInput& in, const Proportions& body, const ArmTuning& t);

}  // namespace anim
