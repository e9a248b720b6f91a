#include "anim/states/rifle_carry.hpp"

#include <algorithm>

namespace anim {

RiflePoints rifle_moved_toward(const RiflePoints& held, vec2 butt, vec2 dir, double w) {
  const double length = glm::length(held.muzzle - held.butt);
  const double grip_share = glm::length(held.grip - held.butt) / std::max(length, 1e-6);
  const double fore_share = glm::length(held.fore - held.butt) / std::max(length, 1e-6);
  const double a0 = angle_of(held.muzzle - held.butt);
  const vec2 d = direction(a0 + wrap_angle(angle_of(dir) - a0) * w);
  RiflePoints out;
  out.butt = held.butt + (butt - held.butt) * w;
  out.grip = out.butt + d * (length * grip_share);
  out.fore = out.butt + d * (length * fore_share);
  out.muzzle = out.butt + d * length;
  return out;
}

}  // namespace anim
