#include "anim/aim.hpp"

#include <cmath>

namespace anim {

bool bore_pitch_through(vec2 butt, vec2 aim, double bore_rise, double& pitch) {
  const vec2 d = aim - butt;
  const double r = glm::length(d);
  if (!(r > std::abs(bore_rise) * 1.0001) || !std::isfinite(r)) return false;
  // The bore runs bore_rise to the left of the butt->aim ray's direction: cross(dir, d) =
  // -bore_rise ... i.e. the line through butt + bore_rise * n(theta) along theta passes the
  // aim when r sin(phi - theta) = bore_rise.
  pitch = angle_of(d) - std::asin(bore_rise / r);
  return true;
}

AimDecision decide_aim(const AimTuning& t, const RifleSpec& rifle, vec2 butt_facing, bool has_aim, vec2 aim_facing) {
  AimDecision out;
  out.mode = AimMode::carry;
  out.pitch = t.carry_pitch;
  if (!has_aim || !is_finite(aim_facing) || aim_facing.x <= butt_facing.x) return out;
  const bool above = aim_facing.y >= butt_facing.y;
  double pitch = 0.0;
  const bool line = bore_pitch_through(butt_facing, aim_facing, rifle.stock_drop, pitch);
  if (!line || glm::length(aim_facing - butt_facing) < t.min_range * rifle.length) {
    out.mode = above ? AimMode::high_ready : AimMode::low_ready;
  } else if (pitch > t.pitch_max) {
    out.mode = AimMode::high_ready;
  } else if (pitch < t.pitch_min) {
    out.mode = AimMode::low_ready;
  } else {
    out.mode = AimMode::aimed;
    out.pitch = pitch;
    return out;
  }
  out.pitch = out.mode == AimMode::high_ready ? t.high_ready_pitch : t.low_ready_pitch;
  return out;
}

}  // namespace anim
