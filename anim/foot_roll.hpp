#pragma once
// Rule 4: the ankle rolls, and the roll constant lives in ONE place. The stance solution
// and the flight arc's take-off height both call these functions.
#include "anim/gait_tuning.hpp"
#include "anim/skeleton.hpp"

namespace anim {

// How far the ankle rises above its flat-foot height, m, when the planted toe is
// `toe_behind` metres behind the hip (negative: ahead). The toe stays planted and the
// ankle pivots over it, so the roll costs no foot slide.
double ankle_rise(const GaitTuning& t, const Proportions& body, double toe_behind);

// The most the ankle may rise at that toe position, m: the trailing foot rolls further
// than its natural roll where the leg needs it to reach the hips, never past this. Zero
// with the toe under the hip, so the roll cannot flatten the geometric dip (Rule 8's trap).
double ankle_rise_limit(const GaitTuning& t, const Proportions& body, double toe_behind);

// Heel-up pitch of the foot (rad, 0 flat, + heel raised) that lifts the ankle by `rise`
// while pivoting about the toe. Closed form of rise = A sin(theta + phi) - ankle_height.
double foot_pitch_for_rise(const Proportions& body, double rise);

// The ankle of a foot whose toe (ball) is at `toe` with heel-up pitch `pitch`, in the
// facing frame (the toe is ahead of the ankle along +x).
vec2 ankle_from_toe(const Proportions& body, vec2 toe, double pitch);
// The heel of the same foot.
vec2 heel_from_toe(const Proportions& body, vec2 toe, double pitch);

}  // namespace anim
