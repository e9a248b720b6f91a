#include "anim/ragdoll_rest.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

void tick_rest(RestClock& clock, double top_speed, double dt, const RagdollTuning& tuning) {
  const bool still = std::isfinite(top_speed) && top_speed < tuning.rest_speed;
  if (!still) {
    clock = {};
    return;
  }
  if (clock.still_time == 0.0) clock.still_speed = top_speed;
  clock.still_time += dt;
  // Speeding up by more than a tenth of the rest speed since it went still: it is going
  // somewhere; count again from now.
  if (top_speed > clock.still_speed + 0.1 * tuning.rest_speed) {
    clock.still_time = dt;
    clock.still_speed = top_speed;
  }
  clock.at_rest = clock.still_time >= std::max(0.0, tuning.rest_time);
}

bool next_face_up(bool face_up, double front_up, double hysteresis) {
  if (!std::isfinite(front_up)) return face_up;
  const double band = std::clamp(std::isfinite(hysteresis) ? hysteresis : 0.0, 0.0, 0.9);
  if (face_up) return front_up >= -band;
  return front_up > band;
}

}  // namespace anim
