#include "game/core/interpolate.hpp"

#include <algorithm>
#include <cmath>

namespace game {

anim::CharacterFrame interpolate_frame(const anim::CharacterFrame& prev, const anim::CharacterFrame& next,
                                       double alpha) {
  if (!std::isfinite(alpha)) alpha = 1.0;
  alpha = std::clamp(alpha, 0.0, 1.0);
  anim::CharacterFrame out = next;
  if (alpha >= 1.0) return out;
  // A jump of more than a metre between two steps is a teleport (a reset): blending it
  // would draw a stretched soldier for one frame.
  if (std::abs(next.x - prev.x) > 1.0) return out;
  auto mix = [alpha](anim::vec2 a, anim::vec2 b) { return a + (b - a) * alpha; };
  auto mixd = [alpha](double a, double b) { return a + (b - a) * alpha; };
  for (std::size_t j = 0; j < out.joints.size(); ++j) out.joints[j] = mix(prev.joints[j], next.joints[j]);
  out.rifle.butt = mix(prev.rifle.butt, next.rifle.butt);
  out.rifle.grip = mix(prev.rifle.grip, next.rifle.grip);
  out.rifle.fore = mix(prev.rifle.fore, next.rifle.fore);
  out.rifle.muzzle = mix(prev.rifle.muzzle, next.rifle.muzzle);
  for (std::size_t s = 0; s < 2; ++s) {
    out.foot_target[s] = mix(prev.foot_target[s], next.foot_target[s]);
    out.plant_world[s] = mix(prev.plant_world[s], next.plant_world[s]);
  }
  out.t = mixd(prev.t, next.t);
  out.x = mixd(prev.x, next.x);
  out.vx = mixd(prev.vx, next.vx);
  out.ax = mixd(prev.ax, next.ax);
  out.body.origin_world = mix(prev.body.origin_world, next.body.origin_world);
  // The yaw is only ever in [0, pi] (anim turns through the camera side), so a plain blend
  // is the short way; the rest facings stay exact at alpha 0 and 1.
  out.body.yaw = mixd(prev.body.yaw, next.body.yaw);
  out.aim_world = mix(prev.aim_world, next.aim_world);
  const anim::vec2 gaze = mix(prev.gaze, next.gaze);
  const double len = glm::length(gaze);
  out.gaze = len > 1e-9 ? gaze / len : next.gaze;
  return out;
}

}  // namespace game
