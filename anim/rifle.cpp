#include "anim/rifle.hpp"

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

}  // namespace anim
