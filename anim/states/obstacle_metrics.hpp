#pragma once
// Rule 8 for the obstacle moves: what a viewer would complain about, measured per step.
#include "anim/character_frame.hpp"
#include "anim/terrain.hpp"

#include <span>

namespace anim {

// The skeleton's joints (not the gear's spring points): what may never enter a box.
// Signed distance of the joint nearest to any box, m: negative when it is inside one (by that
// much), else its distance to the nearest box. +infinity with no boxes.
struct BoxClearance {
  double distance = 0.0;
  Joint joint = Joint::pelvis;
};
BoxClearance closest_joint_to_boxes(const CharacterFrame& f, const Terrain& terrain);

// The largest distance any joint moved between consecutive frames, m (Rule 8: per step, not
// per share of the move), and where.
struct JointStep {
  double distance = 0.0;
  Joint joint = Joint::pelvis;
  std::size_t frame = 0;  // index of the later frame
};
JointStep max_joint_step(std::span<const CharacterFrame> frames);

// The same beyond the body's own travel: each joint's move in a step less the hips' move in it
// (a fall or a run carries every joint with the body; Rule 8 bounds what a limb adds to that).
JointStep max_joint_step_beyond_body(std::span<const CharacterFrame> frames);

}  // namespace anim
