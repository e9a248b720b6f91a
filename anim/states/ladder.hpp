#pragma once
// Rule 7: on a ladder four limbs are IK'd to one vertical line (the rails and rungs), in two
// beats out of phase (a hand with the opposite foot), the phase advanced by the distance
// climbed (Rule 1): a limb that bears is planted on its rung and still; the other pair moves
// up (or down) two rungs. Up, down and hold; on at the bottom, off at the top onto the
// platform it leads to, and off at the bottom. The rifle is slung (both hands on the rungs).
#include "anim/states/obstacle_pose.hpp"
#include "anim/states/obstacle_tuning.hpp"
#include "anim/terrain.hpp"

#include <optional>
#include <vector>

namespace anim {

struct LadderLine {
  Ladder ladder{};
  int sign = 1;                  // he faces it: the ladder is at +sign of his hips
  double stand_off = 0.36;       // m, the hips behind its line
  double rung_spacing = kRungSpacing;  // m
  Proportions body{};
  // The platform its top leads to, if any: its face and its top.
  bool has_platform = false;
  double platform_face_x = 0.0;
  double platform_top_y = 0.0;
};

// Rungs, world y (anim/terrain.hpp kRungSpacing, kRungFirst), at most 1000 from the bottom.
std::vector<double> rung_heights(const Ladder& ladder);

// The box its top leads onto: a top within a metre below the ladder's top and a face within
// `reach` m of its line. The sign he climbs it facing: toward that platform, else toward the
// ladder from x.
struct LadderPlatform {
  std::size_t box = 0;
  double face_x = 0.0;
  double top_y = 0.0;
  int sign = 1;
};
std::optional<LadderPlatform> ladder_platform(const Terrain& world, const Ladder& ladder, double reach = 0.6);

// The hips' heights he climbs between (world y): standing at the foot, and where the hands hold
// the top (or where he steps off onto the platform).
double ladder_low(const LadderLine& l);
double ladder_high(const LadderLine& l);

// On the ladder with his hips at height `hips_y` (world): every limb on its rung or on its way
// to the next. `hold` (0..1) holds the moving pair on its rungs as he stops.
BodyTargets ladder_pose(const LadderLine& l, double hips_y);

// The cycle phase at a hip height (Rule 1: by distance climbed), [0, 1).
double ladder_phase(const LadderLine& l, double hips_y);

// The nearest hip height at or beyond `hips_y` in the direction `dir` (+1 up, -1 down) at
// which all four limbs bear: where he stops when asked to hold.
double ladder_hold_height(const LadderLine& l, double hips_y, int dir);

// Getting on and off as holds passed through (MoveKey): from standing at the foot onto it,
// and back; from its top onto the platform, and back.
std::vector<MoveKey> ladder_on_bottom(const LadderLine& l, const BodyTargets& start, const ObstacleTuning& t);
std::vector<MoveKey> ladder_off_bottom(const LadderLine& l, const BodyTargets& stand, const ObstacleTuning& t);
std::vector<MoveKey> ladder_off_top(const LadderLine& l, const BodyTargets& stand_on_top, const ObstacleTuning& t);
std::vector<MoveKey> ladder_on_top(const LadderLine& l, const BodyTargets& start, const ObstacleTuning& t);

}  // namespace anim
