#include "anim/rifle.hpp"

#include <cmath>

namespace anim {

RiflePoints place_rifle(const RifleSpec& spec, vec2 butt, double pitch) {
  const vec2 along = direction(pitch);
  const vec2 down{along.y, -along.x};  // the rifle's "down", perpendicular to the bore
  const vec2 bore_start = butt - spec.stock_drop * down;
  RiflePoints r;
  r.butt = butt;
  r.grip = bore_start + spec.grip_along * along + spec.grip_drop * down;
  r.fore = bore_start + spec.fore_along * along + spec.fore_drop * down;
  r.muzzle = bore_start + spec.length * along;
  return r;
}

vec2 bore_direction(const RiflePoints& r, const RifleSpec& spec, int facing_sign) {
  // muzzle - butt = h n + L d with n the bore's upper normal: |w|^2 = h^2 + L^2 and the bore
  // sits atan2(h, L) below the butt->muzzle line (mirrored when facing -x).
  const vec2 w = r.muzzle - r.butt;
  const double tilt = std::atan2(spec.stock_drop, spec.length);
  return direction(angle_of(w) - (facing_sign < 0 ? -tilt : tilt));
}

vec2 bore_start(const RiflePoints& r, const RifleSpec& spec, int facing_sign) {
  const vec2 d = bore_direction(r, spec, facing_sign);
  const vec2 up = facing_sign < 0 ? vec2{d.y, -d.x} : vec2{-d.y, d.x};
  return r.butt + spec.stock_drop * up;
}

}  // namespace anim
