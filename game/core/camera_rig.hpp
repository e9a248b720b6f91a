#pragma once
// The play camera: follows the selected soldier with smoothing and zooms with the wheel.
// Window-free (tested headless); the window only feeds it targets and wheel clicks.
#include "anim/vec.hpp"
#include "render/camera.hpp"

namespace game {

struct CameraTuning {
  double follow_time = 0.35;   // s, time constant of the follow (exponential smoothing)
  double zoom_time = 0.12;     // s, time constant of the zoom
  double look_ahead = 0.35;    // s of the soldier's velocity the view leads by
  double ground_share = 0.22;  // share of the view's height the centre sits above the followed
                               // ground point: the ground stays in the lower third at any zoom
  double min_above_ground = 0.95;  // m: ... but at least this, so a close zoom frames the body
  double default_px_per_m = 100.0; // at 1280x720 logical px: a 12.8 m wide view, a 1.78 m
                                   // soldier a quarter of its height (issue 15: the action, not sky)
  double squad_weight = 0.5;       // 0..1: how far the view's focus sits from the selected
                                   // soldier toward the middle of the squad, so the squad stays framed
  double min_px_per_m = 25.0;
  double max_px_per_m = 320.0;
  double wheel_step = 1.15;    // zoom factor per wheel click
};

struct CameraRig {
  anim::vec2 center{0.0, 0.0};  // world m, the smoothed ground point the view follows
  double zoom = 80.0;           // smoothed px per m (logical px; times the DPI scale on screen)
  double zoom_target = 80.0;
};

// Places the rig on `target` at once (start, level load, selection jumps far away).
void snap_camera(CameraRig& rig, anim::vec2 target, const CameraTuning& t);

// The ground point the camera follows for a soldier at `ground` (x, ground height) moving
// at `vx`: a little ahead of him.
anim::vec2 camera_target(anim::vec2 ground, double vx, const CameraTuning& t);

// The x the view is about: the selected soldier's x moved squad_weight of the way toward the
// middle of the squad's extent [lo_x, hi_x].
double squad_focus_x(double selected_x, double lo_x, double hi_x, const CameraTuning& t);

// One smoothing step toward `target` over dt seconds of wall time (frame-rate independent).
void step_camera(CameraRig& rig, anim::vec2 target, double dt, const CameraTuning& t);

// Wheel clicks (+ zooms in) change the zoom target, clamped.
void zoom_camera(CameraRig& rig, double clicks, const CameraTuning& t);

// The render::Camera for a canvas of width x height px at `dpi_scale` canvas px per
// logical px (high-DPI screens: the view shows the same world, with more pixels), its
// centre lifted above the followed ground point by the framing of `t`.
render::Camera view_of(const CameraRig& rig, int width, int height, double dpi_scale, const CameraTuning& t = {});

}  // namespace game
