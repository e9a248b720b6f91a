#pragma once
// A planted leg as a human one works (Saunders, Inman & Eberhart 1953; Perry 1992): the
// knee's flexion through stance, the height at which that knee over the rolling foot holds
// the hips (Rule 2: sqrt(L^2 - x^2), with L what the knee leaves of the leg), and the roll a
// foot takes so the leg reaches the hips without the ankle passing its range.
#include "anim/gait/stance_roll.hpp"
#include "anim/skeleton.hpp"

namespace anim {

// The most a planted foot rolls heel-up over the ground, rad (86 deg): a sprinter's push-off,
// on the tip of the boot with the foot nearly in line with the shank.
inline constexpr double kMaxRoll = 1.50;

// The knee of a walking stance leg at shares of its stance (rad of flexion): straight-ish
// at touchdown, the loading response's peak, nearly straight at mid-stance, bent at lift-off.
struct KneeProfile {
  double contact = 0.05;
  double loading = 0.30;
  double loading_at = 0.25;
  double midstance = 0.12;
  double midstance_at = 0.65;
  double toe_off = 0.62;
};

// Flexion at stance share q, C1 through the knots (zero slope at each but the last, which it
// reaches quickly: pre-swing), constant outside [0, 1]. `bend_at_once`: the loading response
// as the knee itself bends through the heel rocker, at once from touchdown (heel_rocker_roll).
double stance_knee(const KneeProfile& profile, double q, bool bend_at_once = false);

// Hip -> ankle distance, m, of a leg whose knee is flexed `flexion` rad (law of cosines).
double leg_span(const Proportions& body, double flexion);

// The hip height over a hip at `hip_x` that a leg spanning `span` m holds on an ankle at
// `ankle` (world): ankle.y + sqrt(span^2 - dx^2) (Rule 2). Out of reach: the ankle's height
// (callers bound the hips by reach separately).
double hip_height_on(vec2 ankle, double hip_x, double span);

// What a planted foot does under a hip at `hip` (world) this step: its natural roll, rolled
// further heel-up where the leg could not reach the hip or the ankle would dorsiflex past
// its limit, never plantarflexed past its range (Rule 4's roll, one place: stance_roll).
struct StanceRollInput {
  FootPivot pivot{};         // world: the point the foot bears on (its last pose's)
  double ground = 0.0;       // heel-up pitch of the ground under the foot, rad (facing frame)
  double natural = 0.0;      // the roll profile's heel-up pitch over the ground, rad
  double max_over = 1.4;     // rad, the most it may roll heel-up over the ground now: nothing past
                             // its natural roll while it lands (a leading foot does not go up
                             // on its toes), up to ~80 deg (the ankle over its ball and a little
                             // past) once the heel may rise
  double min_over = -1.4;    // rad, the most it may roll toe-up (on its heel): nothing past its
                             // natural roll walking forwards, ~30 deg walking backwards (the
                             // time-reverse of a step, leaving heel last)
  double facing_scale = 1.0; // cos(yaw)
  int sign = 1;              // facing sign (the facing frame's x = world x * sign)
  double reach = 0.87;       // m, the longest hip -> ankle this leg may span
  double dorsiflexion_max = 0.44;    // rad
  double plantarflexion_max = 0.70;  // rad
  double toe_bend_max = 0.8;         // rad, past it the foot rolls on the boot's tip
  // rad, >= 0: the searches for a roll (roll_for_hip, natural_stance) stop halving its
  // bracket once it is this narrow; 0, full detail, halves it 40 and 30 times (~1e-12 rad).
  // Level of detail (issue 14): a soldier too small on screen to show a tenth of a
  // millimetre of his ankle solves it coarser (GaitInput::roll_tolerance).
  double tolerance = 0.0;
};
FootPose roll_for_hip(const Proportions& body, const StanceRollInput& in, vec2 hip);

// The heel rocker's roll (Perry 1992: from heel strike the foot falls to the floor about the
// heel as the body moves over it, quickly at first): the toe-up roll over the ground, about a
// heel pivot, at which the leg spans `span` m to the hip (the stance profile's knee), so the
// knee bends into its loading response as the profile has it instead of taking the whole
// approach of the hips at once. No more toe-up than the profile's `in.natural` (the foot is
// flat by its flat_at at the latest) nor than `last` (it never tips back up), never past
// flat; the natural roll where no roll about the heel spans it, or the foot is not side-on.
double heel_rocker_roll(const Proportions& body, const StanceRollInput& in, vec2 hip, double span, double last);

// Where this leg's knee (spanning `span` m hip to ankle) over its naturally rolling foot holds
// hips over `hip_x`: the height and the roll it takes, the heel lifted where the ankle would
// otherwise dorsiflex past its limit (on a slope up, in a run's mid-stance).
struct NaturalStance {
  double height = 0.0;  // m, world
  FootPose foot{};
};
NaturalStance natural_stance(const Proportions& body, const StanceRollInput& in, double hip_x, double span);

// The highest the hips can be over `hip_x` for this planted foot: the leg at its reach, the
// foot rolled as far as it may (max_over) and its ankle allows. Rule 2's bound on every
// planted leg, and on a landing one.
double reach_height(const Proportions& body, const StanceRollInput& in, double hip_x);

// The most a stance foot rolls heel-up over the ground at stance share q (rad): flat until
// the heel may rise (through the heel rocker it may come down sooner than its natural roll,
// heel_rocker_roll), then up to kMaxRoll. A foot that landed heel up (`landing_over` > 0: a
// forefoot strike) may hold its heel up as high as it landed until then, where its leg
// needs the reach (Rule 2).
double stance_max_over(double natural, double flat_at, double rise_at, double q, double landing_over = 0.0);

}  // namespace anim
