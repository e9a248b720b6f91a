#include "game/core/frame_checks.hpp"

#include <cmath>

namespace game {

bool frame_is_finite(const anim::CharacterFrame& f) {
  bool ok = std::isfinite(f.x) && std::isfinite(f.vx) && std::isfinite(f.ax) && std::isfinite(f.phase) &&
            anim::is_finite(f.gaze) && anim::is_finite(f.aim_world);
  for (const anim::vec2& p : f.joints) ok = ok && anim::is_finite(p);
  for (anim::vec2 p : {f.rifle.butt, f.rifle.grip, f.rifle.fore, f.rifle.muzzle}) ok = ok && anim::is_finite(p);
  for (const anim::GearChainView& c : f.gear.chains())
    for (anim::vec2 p : c.points) ok = ok && anim::is_finite(p);
  return ok;
}

}  // namespace game
