#pragma once
// When a ragdoll is down and which way up (seed 001 section 8: the get-up starts from a body
// that has come to rest, and face up or face down picks the get-up). Two small decisions,
// each in one place.
#include "anim/ragdoll_rig.hpp"
#include "anim/ragdoll_tuning.hpp"

namespace anim {

// The rest detector: every particle slower than rest_speed for rest_time seconds, and none
// farther than rest_drift from where it was when that began (a leg slowly toppling over is
// slow for a while, but goes somewhere). What it asks is where the body goes, not how fast it
// went in the last step: a limb that trembles in place by a few tenths of a millimetre (a
// closed loop of arm and rifle, in the air, where the solve's tolerance leaves that much from
// step to step) is at rest, whatever pose the fall left it in (issue 13: a rest must not hang
// on the exact birth pose; a test that counted "speeding up" between steps restarted on such
// a tremble and 2 to 6 in 100 falls never came to rest).
struct RestClock {
  double still_time = 0.0;  // s the body has been slower than rest_speed and near `anchor`
  std::array<vec2, kRagdollPoints> anchor{};  // world m: every particle when that began
  bool at_rest = false;
};

// One step of `dt` s in which the fastest particle moved at `top_speed` m/s, to `position`.
void tick_rest(RestClock& clock, double top_speed, const std::array<vec2, kRagdollPoints>& position, double dt,
               const RagdollTuning& tuning);

// Face up or down from the trunk's front elevation `front_up` (a sine, + up): it changes only
// once the front is past level by the hysteresis the other way, so a body on its edge keeps
// what it had.
bool next_face_up(bool face_up, double front_up, double hysteresis);

}  // namespace anim
