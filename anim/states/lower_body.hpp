#pragma once
// What a state hands to the pose (ARCHITECTURE.md step 3 -> steps 6-11): the same kind of
// result the gait produces -- the feet and the hips' height, which the leg IK reads -- plus
// what a posture adds to it: the hips moved fore or aft of the body, the trunk pitched
// forward, the knees and hands that bear like feet (Rule 7: a kneel's rear knee is a
// contact), and the face solved absolutely when the body lies flat (Rule 7, prone).
// Every state of anim/states/ fills one of these; Character::solve_pose consumes it.
#include "anim/gait/gait.hpp"
#include "anim/states/obstacle_pose.hpp"

#include <array>

namespace anim {

struct LowerBody {
  GaitOutput legs{};              // feet (world), pelvis height (world m), phase, steps: as the gait's
  double pelvis_forward = 0.0;    // m the hips sit ahead of the body's x, facing frame (kneel: back)
  double trunk_pitch = 0.0;       // rad of forward lean added to the trunk's own (+ forward)
  double chest_raise = 0.0;       // rad the upper trunk is raised off the lower (prone, on the elbows)
  std::array<bool, 2> knee_contact{};   // by Side: that knee bears on the ground (still while it does)
  std::array<vec2, 2> knee_world{};     // by Side: where a bearing knee is, world m
  std::array<double, 2> knee_depth{};   // by Side: m the knee is held out of the side view's plane
                                        // (a prone leg drawn up to the side); bones keep their 3D length
  double prone = 0.0;             // 0..1: how much the body lies flat (the face is then solved
                                  // absolutely, the rifle held from a prone body)
  double face_world = 0.0;        // rad above the horizontal the face should look while prone
  double rifle_pitch = 0.0;       // rad above the horizontal of the rifle held from a prone body
  bool breathing = false;         // the chest breathes (a still posture)
  // The hands off the rifle for a contact of the posture's own (the crawl's hands on the floor,
  // Rule 7), read as an obstacle move's are: hand[] (world, weight, bearing), sling (the rifle
  // across the back) and elbows_out; the rest of it is unused. All zero: the hands on the rifle.
  BodyTargets hands{};
  std::array<double, 2> knee_lift{};    // by Side: m a prone knee is carried over the floor (the crawl)
};

}  // namespace anim
