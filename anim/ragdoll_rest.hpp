#pragma once
// When a ragdoll is down and which way up (seed 001 section 8: the get-up starts from a body
// that has come to rest, and face up or face down picks the get-up). Two small decisions,
// each in one place.
#include "anim/ragdoll_tuning.hpp"

namespace anim {

// The rest detector: every particle slower than rest_speed for rest_time seconds, and not
// speeding up over them (a leg slowly toppling over is slow for a while, but not at rest).
struct RestClock {
  double still_time = 0.0;   // s the body has been slower than rest_speed
  double still_speed = 0.0;  // m/s, the fastest particle when that began
  bool at_rest = false;
};

// One step of `dt` s in which the fastest particle moved at `top_speed` m/s.
void tick_rest(RestClock& clock, double top_speed, double dt, const RagdollTuning& tuning);

// Face up or down from the trunk's front elevation `front_up` (a sine, + up): it changes only
// once the front is past level by the hysteresis the other way, so a body on its edge keeps
// what it had.
bool next_face_up(bool face_up, double front_up, double hysteresis);

}  // namespace anim
