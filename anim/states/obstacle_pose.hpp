#pragma once
// What an obstacle move (vault, climb, drop, ladder) decides each step: where the hips, the
// trunk, the feet and the hands go, in the world. The character's pose solve reads it the way
// it reads the gait (the legs by IK to the feet, the hands by IK to their holds; Rule 2, 2b),
// so a move has its own geometry (Rule 7) and shares the solve. Plain data and pure helpers.
#include "anim/gait/gait.hpp"
#include "anim/character_frame.hpp"
#include "anim/skeleton.hpp"
#include "anim/upper_body/arms.hpp"

#include <array>
#include <span>

namespace anim {

struct FootTarget {
  vec2 ball{};           // the ball of the foot (the toe joint), world m
  double pitch = 0.0;    // heel-up pitch, rad, facing frame
  bool planted = false;  // bearing weight (on the ground, a box, the wall or a rung)
};

struct HandTarget {
  vec2 point{};          // the hand's holding point (palm), world m
  double weight = 0.0;   // 0: on the rifle as the hold puts it, 1: at `point`
  bool bearing = false;  // holding on (an edge, a top, a rung): a contact
};

struct BodyTargets {
  vec2 pelvis{0.0, 0.9};   // hip centre, world m
  double lean = 0.0;       // trunk from vertical, rad, + toward the facing
  std::array<FootTarget, 2> foot{};  // by Side
  std::array<HandTarget, 2> hand{};  // by Side
  double sling = 0.0;      // 0: the rifle in the hands' hold, 1: slung across the back
  double elbows_out = 0.0; // 0..1: the elbows turned out to the sides (a pull or a press on an edge),
                           // so the side view sees them near the shoulder-hand line, not in the wall
};

// A move as timed holds (Rule 7's geometry at its moments), passed through smoothly.
struct MoveKey {
  double t = 0.0;  // s from the move's start, increasing
  BodyTargets pose{};
};

// The pose at time t: each stretch between keys eased (C1, no pop at a key), contacts as the
// key the stretch heads for says once past its middle. Clamped to the first and last key.
BodyTargets sample_keys(std::span<const MoveKey> keys, double t);

// The same, with a foot that goes from in front of a face (at face_x, facing `sign`) onto the
// top at top_y, or back off it, carried over the edge (step_over) instead of through it.
BodyTargets sample_keys_over_edge(std::span<const MoveKey> keys, double t, double face_x, double top_y, int sign,
                                  const Proportions& body);

// a + (b - a) w for every number; contacts from b once w > 0.5.
BodyTargets mix(const BodyTargets& a, const BodyTargets& b, double w);

// A foot carried from `from` to `to` (balls, world) at progress s (0..1): up first to clear_y
// (if it is below it), across, then down, so it never cuts a corner it must pass over.
vec2 step_over(vec2 from, vec2 to, double clear_y, double s);

// A foot carried from `from` to `to` (balls, world) at progress w (0..1) round the hips at
// `hip` the shorter way, never nearer them than `min_radius`: the knee stays on the front of the
// leg (a foot drawn straight through the hip would flip it from one side to the other).
vec2 swing_about(vec2 from, vec2 to, vec2 hip, double w, double min_radius, int sign);

// A foot lifted (by the least, to 1 cm) until neither it nor its knee (the legs' IK, knees
// forward) is inside the box spanning x0..x1 up to top_y, world: the vault's and climb's
// guard that no joint enters a box. The hips at `hip`, facing `sign`.
FootTarget clear_of_box(FootTarget f, vec2 hip, double x0, double x1, double top_y, int sign, const Proportions& body);

// m/s: the mean speed of a foot a move carries from one hold to the next, at most (its peak
// under the keys' easing is 1.5x: ~4.4 cm a step at 120 Hz; Rule 8's few centimetres a step).
inline constexpr double kFootSwingSpeed = 3.5;

// The least time (s) to carry each foot of `from` to where `to` has it, at kFootSwingSpeed.
double foot_swing_time(const BodyTargets& from, const BodyTargets& to);

// m below a top: a foot that high, not bearing, is on its way over the edge.
inline constexpr double kOverEdgeBand = 0.35;

// clear_of_box for each foot that is on its way (not bearing) within `band` m below the top:
// a foot carried up over an edge lifts its knee clear of the face (lower, the move's own
// placement keeps the knees out: lifting there would flip a knee).
void keep_feet_clear(BodyTargets& b, double x0, double x1, double top_y, double band, int sign, const Proportions& body);

// The shoulder of a trunk leaning `lean` (rad) with its hips at `pelvis`, world, facing sign
// `sign` (the forward kinematics of Pose with the spine straight).
vec2 shoulder_of(vec2 pelvis, double lean, int sign, const Proportions& body);
// The hips hung below a shoulder at `shoulder` with the trunk leaning `lean`.
vec2 pelvis_below(vec2 shoulder, double lean, int sign, const Proportions& body);

// The pose as the gait's output (feet with their ankles, the hips' height), so the legs are
// solved the gait's way. A foot beyond the leg's reach is pulled in along the leg (never a
// leg longer than a leg); a foot in the air eases into the leg's length by `ease` (0..1: the
// move eases it in from the walk's own legs as it begins). `from` gives the step count and
// the phase to keep.
GaitOutput as_gait_output(const BodyTargets& b, int sign, const Proportions& body, const GaitOutput& from, double ease = 1.0);

// The rifle slung across the back of a trunk from `pelvis` to `shoulder` (world): the butt at
// the hip behind, the muzzle up past the shoulder; `held` blended to it by `sling` (0..1).
RiflePoints slung_rifle(const RiflePoints& held, vec2 pelvis, vec2 shoulder, int sign, double sling);

// The targets the arms' solve (anim/upper_body/arms) puts the hands on: the rifle's grip (near
// hand) and fore-end (far hand) as the hold placed them, facing frame, each moved to its hand's
// hold by the hold's weight. A hand off the rifle leaves it to the other (Rule 2b).
void hold_hands(RiflePoints& hand_targets, const BodyTargets& b, const BodyFrame& frame);

// The arms' tuning with the elbows turned out by b.elbows_out (toward kElbowsOut, rad).
ArmTuning arms_for(const ArmTuning& arms, const BodyTargets& b);

// The body's pose in a frame, as a move's first key: where the walk left him.
BodyTargets pose_of(const CharacterFrame& f, const GaitOutput& g);

}  // namespace anim
