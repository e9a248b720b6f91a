#include "game/core/framing.hpp"

#include <algorithm>

namespace game {
namespace {
constexpr double kMargin = 0.5;     // m around the figures: rifle recoil, feet on the ground
constexpr double kMinView = 2.4;    // m: the closest view shows a 1.78 m soldier at ~3/4 height
constexpr double kFeetBelowCentre = 0.17;  // share of the view's height: the lowest point at ~2/3 down
}  // namespace

Bounds bounds_of(std::span<const anim::CharacterFrame> frames) {
  Bounds b{{1e300, 1e300}, {-1e300, -1e300}};
  const auto add = [&](anim::vec2 p) {
    if (!anim::is_finite(p)) return;
    b.lo = glm::min(b.lo, p);
    b.hi = glm::max(b.hi, p);
  };
  for (const anim::CharacterFrame& f : frames) {
    for (const anim::vec2& j : f.joints) add(j);
    add(f.rifle.butt);
    add(f.rifle.muzzle);
  }
  if (b.lo.x > b.hi.x) b = Bounds{{-0.5, 0.0}, {0.5, 1.8}};  // nothing drawn: a soldier's box at 0
  return b;
}

double fit_scale(const Bounds& b, int width, int height) {
  const double w = std::max(b.hi.x - b.lo.x + 2.0 * kMargin, kMinView);
  const double h = std::max(b.hi.y - b.lo.y + 2.0 * kMargin, kMinView);
  return std::min(width / w, height / h);
}

render::Camera camera_on(const Bounds& b, double px_per_m, int width, int height) {
  anim::vec2 centre = 0.5 * (b.lo + b.hi);
  // Where the figures leave room above and below (a wide group in a tall frame), their feet
  // go on the lower third, not the middle: sky and distance above them, not a band of
  // empty ground under them (issue 15, composition).
  if (px_per_m > 0.0) centre.y = std::max(centre.y, b.lo.y + kFeetBelowCentre * height / px_per_m);
  return render::Camera{centre, px_per_m, width, height};
}

}  // namespace game
