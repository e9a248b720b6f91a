#pragma once
// Rule 4: the ankle rolls, and the roll lives in ONE place. A planted foot's attitude
// through its stance (the three rockers of Perry 1992: the heel rocker from heel strike to
// foot flat, the ankle rocker with the foot flat, the forefoot rocker as the heel rises over
// the ball), where that attitude puts the ankle, and the ankle's angles. The stance leg,
// the pelvis solve, the swing's lift-off and touchdown and the metrics all call these.
#include "anim/skeleton.hpp"

#include <cstdint>
#include <initializer_list>

namespace anim {

// The foot's attitude through one stance at the current speed (GaitAtSpeed).
struct RollProfile {
  double strike = 0.0;    // rad toe-up over the ground at touchdown (+ a heel strike, - landing heel up)
  double flat_at = 0.15;  // share of the stance at which the foot is flat, 0..1
  double rise_at = 0.55;  // share at which the heel starts to rise, flat_at..1
  double toe_off = 0.9;   // rad heel-up over the ground at lift-off
};

// The foot's natural heel-up pitch over the ground (rad; negative toe up) at stance share q
// (0 touchdown, 1 lift-off): from the strike to flat, flat, then rising to the toe-off
// pitch, slowly at first; C1, constant outside [0, 1].
double stance_pitch(const RollProfile& profile, double q);

// Which point of a planted foot bears (and so stays still): the heel through the heel
// rocker, the ball through the forefoot rocker, the boot's tip through push-off.
enum class Bearing : std::uint8_t { heel, ball, tip };

// A foot posed on the ground. `ball` is the toe joint (the ball of the foot, the pivot of
// the forefoot rocker); `pitch` the heel-up pitch in the facing frame (rad), ground included.
struct FootPose {
  vec2 ball{};
  vec2 ankle{};
  vec2 contact{};        // the point that bears and stays still: heel, ball or boot tip
  Bearing bearing = Bearing::ball;
  double pitch = 0.0;
  double toe_bend = 0.0; // rad the toes are bent up at the ball
};

// A planted foot rolled `over` rad heel-up over ground of heel-up pitch `ground`
// (anim/gait/foothold ground_pitch) pivots on whichever point bears, so that point stays
// still (no slide): heel down (over < 0) on its heel (the heel rocker); heel up on its ball,
// the toes bending flat along the ground (the forefoot rocker); and past `toe_bend_max` of
// bend on the boot's tip, the ball rising with the heel (the toe rocker of push-off).
// `facing_scale` is cos(yaw) (BodyFrame): mid-turn the foot's fore-aft offsets are
// foreshortened, and the foot swivels about the point that bears.
//
// The foot as it lands from flat: the ball where a flat foot's ball would rest (`ball_flat`).
FootPose resting_foot(const Proportions& body, vec2 ball_flat, double ground, double over, double facing_scale,
                      double toe_bend_max);

// The same foot posed about a known bearing point: `pivot` is where its point of kind
// `pivot_kind` is (the last pose's bearing point); whichever point bears in the new pose,
// the foot is placed so the pivot stays put.
struct FootPivot {
  vec2 point{};
  Bearing kind = Bearing::ball;
};
FootPose planted_foot(const Proportions& body, FootPivot pivot, double ground, double over, double facing_scale,
                      double toe_bend_max);
// The same foot rolled to `over` through flat: the heel and the ball are one rigid sole, so a
// foot bearing on its heel that rolls heel-up turns about its ball from flat, and one bearing
// on its ball (or tip) that rolls toe-up turns about its heel. planted_foot, which keeps the
// old point still, is right for one step of the roll; a prediction many steps ahead (the
// hips' natural height over a foot whose heel will rise) rolls this way, or it would jump
// when the pivot changes (a crouch walk's 1 cm hop at every foot flat: issue 10).
FootPose rolled_foot(const Proportions& body, FootPivot pivot, double ground, double over, double facing_scale,
                     double toe_bend_max);

// The ankle of a foot whose toe (ball) is at `toe` with heel-up pitch `pitch`, in the
// facing frame (the toe is ahead of the ankle along +x). The heel of the same foot.
vec2 ankle_from_toe(const Proportions& body, vec2 toe, double pitch);
vec2 heel_from_toe(const Proportions& body, vec2 toe, double pitch);

// Ankle dorsiflexion, rad (+ the toe toward the shin; 0 the foot square to the shank), of a
// foot at heel-up pitch `pitch` under a shank running `ankle -> knee`, both in the facing
// frame. Weight-bearing it rarely passes 20-25 deg (MOTION.md): past that the heel lifts.
double dorsiflexion(vec2 ankle_to_knee_facing, double pitch);
// The same angle where only its side of some limits is asked (a search's tests of the ankle's
// range): on the same side of each of `limits` as dorsiflexion() -- its exact value within
// 1e-7 rad of one, elsewhere within 1e-9 rad of it, found without atan2 (issue 14).
double dorsiflexion_against(vec2 ankle_to_knee_facing, double pitch, std::initializer_list<double> limits);

// A posed foot read back from its ankle and toe (ball) joints, world m: where its heel and
// boot tip are and which way its sole points (unit, heel -> toe). `sign` is the body's
// facing sign (BodyFrame::sign); the foot is taken side-on. `toe_bend` (rad) tips the boot's
// toe down from the sole's line toward the ground, at the ball.
struct SolePoints {
  vec2 heel{}, ball{}, tip{};
  vec2 forward{1.0, 0.0};
};
SolePoints sole_points(const Proportions& body, vec2 ankle_world, vec2 toe_world, int sign, double toe_bend = 0.0);

}  // namespace anim
