#include "render/firing.hpp"

#include <algorithm>
#include <cmath>

namespace render {

namespace {

anim::vec2 unit_or(anim::vec2 v, anim::vec2 fallback) {
  const double l = glm::length(v);
  return l > 1e-12 ? v / l : fallback;
}

anim::vec2 rotated(anim::vec2 v, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  return {v.x * c - v.y * s, v.x * s + v.y * c};
}

}  // namespace

void draw_firing(Canvas& canvas, const Camera& camera, const anim::CharacterFrame& frame, const Palette& palette,
                 CoverageLayer& layer, const FiringStyle& style) {
  const double t = frame.since_shot;
  if (!(t >= 0.0) || !(t < std::max(style.flash_time, style.case_time))) return;
  const anim::RiflePoints& r = frame.rifle;
  const int sign = frame.body.sign();
  const anim::vec2 axis = unit_or(r.muzzle - r.butt, {static_cast<double>(sign), 0.0});
  auto px = [&](double m, float at_least) { return std::max(at_least, static_cast<float>(camera.to_px(m))); };

  if (t < style.flash_time) {
    // Shrinks from full size over its life; a light, so brighter than anything lit by one.
    const double s = 1.0 - t / style.flash_time;
    const anim::vec2 tip = r.muzzle + axis * 0.01;
    const double len = style.flash_length * (0.35 + 0.65 * s);
    layer.add_run(camera.to_canvas(tip), camera.to_canvas(tip + axis * len), px(style.flash_radius * (0.6 + 0.4 * s), 1.0f));
    for (double side : {-1.0, 1.0}) {  // side petals out of the flash hider's slots, 57 deg off the bore
      const anim::vec2 petal = rotated(axis, side * sign);
      layer.add_run(camera.to_canvas(tip), camera.to_canvas(tip + petal * 0.40 * len), px(0.65 * style.flash_radius, 0.8f));
    }
    layer.composite(canvas, palette.flash_outer);
    layer.add_run(camera.to_canvas(tip), camera.to_canvas(tip + axis * 0.35 * len), px(1.1 * style.flash_radius * s, 1.0f));
    layer.composite(canvas, palette.flash_core);
  }
  if (t < style.case_time) {
    // Out of the port on the receiver, up and back, falling under gravity.
    const anim::vec2 up{-axis.y * sign, axis.x * sign};
    const anim::vec2 port = r.grip + axis * 0.08 + up * 0.03;
    const anim::vec2 v{-sign * style.case_speed_back, style.case_speed_up};
    const anim::vec2 at = port + v * t + anim::vec2{0.0, -0.5 * anim::kGravity * t * t};
    const anim::vec2 along = rotated({static_cast<double>(sign), 0.0}, 9.0 * t * sign) * 0.012;
    layer.add_run(camera.to_canvas(at - along), camera.to_canvas(at + along), px(style.case_radius, 0.8f));
    layer.composite(canvas, palette.brass);
  }
}

}  // namespace render
