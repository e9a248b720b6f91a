#include "game/core/camera_rig.hpp"

#include <algorithm>
#include <cmath>

namespace game {

void snap_camera(CameraRig& rig, anim::vec2 target, const CameraTuning& t) {
  rig.center = target;
  if (!(rig.zoom_target > 0.0)) rig.zoom_target = t.default_px_per_m;
  rig.zoom = rig.zoom_target;
}

anim::vec2 camera_target(anim::vec2 ground, double vx, const CameraTuning& t) {
  return {ground.x + (std::isfinite(vx) ? vx : 0.0) * t.look_ahead, ground.y};
}

double squad_focus_x(double selected_x, double lo_x, double hi_x, const CameraTuning& t) {
  if (!std::isfinite(lo_x) || !std::isfinite(hi_x) || lo_x > hi_x) return selected_x;
  const double w = std::clamp(t.squad_weight, 0.0, 1.0);
  return selected_x + (0.5 * (lo_x + hi_x) - selected_x) * w;
}

void step_camera(CameraRig& rig, anim::vec2 target, double dt, const CameraTuning& t) {
  if (!std::isfinite(dt) || dt <= 0.0 || !anim::is_finite(target)) return;
  // 1 - exp(-dt / tau): the same path whatever the frame rate.
  const double k = 1.0 - std::exp(-dt / std::max(t.follow_time, 1e-3));
  rig.center += (target - rig.center) * k;
  const double kz = 1.0 - std::exp(-dt / std::max(t.zoom_time, 1e-3));
  // Zoom eases in log space so zooming in and out feel alike.
  rig.zoom = std::exp(std::log(rig.zoom) + (std::log(rig.zoom_target) - std::log(rig.zoom)) * kz);
}

void zoom_camera(CameraRig& rig, double clicks, const CameraTuning& t) {
  if (!std::isfinite(clicks)) return;
  rig.zoom_target = std::clamp(rig.zoom_target * std::pow(t.wheel_step, clicks), t.min_px_per_m, t.max_px_per_m);
}

render::Camera view_of(const CameraRig& rig, int width, int height, double dpi_scale, const CameraTuning& t) {
  render::Camera cam;
  cam.px_per_m = rig.zoom * (dpi_scale > 0.0 ? dpi_scale : 1.0);
  const double view_height_m = height / cam.px_per_m;
  cam.center_world = rig.center + anim::vec2{0.0, std::max(t.min_above_ground, t.ground_share * view_height_m)};
  cam.width = width;
  cam.height = height;
  return cam;
}

}  // namespace game
