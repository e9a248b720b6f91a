#include "anim/ragdoll_rest.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

void tick_rest(RestClock& clock, double top_speed, const std::array<vec2, kRagdollPoints>& position, double dt,
               const RagdollTuning& tuning) {
  const bool still = std::isfinite(top_speed) && top_speed < tuning.rest_speed;
  if (!still) {
    clock = {};
    return;
  }
  if (clock.still_time == 0.0) clock.anchor = position;
  clock.still_time += dt;
  // Gone farther than rest_drift since it went still: it is going somewhere; count again from now.
  const double drift = std::isfinite(tuning.rest_drift) ? std::max(0.0, tuning.rest_drift) : 0.0;
  for (std::size_t i = 0; i < kRagdollPoints; ++i) {
    const vec2 d = position[i] - clock.anchor[i];
    if (!(glm::dot(d, d) <= drift * drift)) {
      clock.still_time = dt;
      clock.anchor = position;
      break;
    }
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
