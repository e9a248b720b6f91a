#pragma once
// The level-of-detail thresholds (issue 14; seed 001 section 10: the cost per character is
// budgeted like any other system, "LOD-style scaling"): a soldier's level follows his height
// on the canvas (render/detail.hpp says what each level leaves out). Tuning constants like
// any other (anim::Tuning's `detail` section), in canvas px of body height.
namespace anim {

struct DetailTuning {
  // Below this a soldier is `mid`, px, 20..400. 120 px: the size where the game's camera
  // starts to frame a squad rather than a man (a 1.78 m soldier at 67 px/m); his gear still
  // moves at the display's 60 Hz.
  double mid_px = 120.0;
  // Below this a soldier is `far`, px, 10..200, < mid_px. 45 px: the chains' webbing
  // (FigureSizes::sling 0.011 m, strap 0.012 m of 1.78 m) is 0.28-0.30 px in radius, a
  // faint tint of one pixel; the antenna (0.006 m) 0.15 px.
  double far_px = 45.0;
  // A soldier changes level only this far past a threshold, px, 0..20: 4 px is ~7% of a
  // 57 px soldier, more than a walk's bob of the head (~3%) or a crouch's first frames.
  double hysteresis_px = 4.0;
  // rad, 0..0.01: at `mid` and `far` the gait's searches for a planted foot's roll stop once
  // it is known to this (StanceRollInput::tolerance; near: to ~1e-12 rad, their 40 and 30
  // halvings). 1e-4 rad moves a boot's tip 0.02 mm (0.001 px at mid_px), and halves those
  // searches' cost (issue 14: the pose solve's budget).
  double lod_roll_tolerance = 1e-4;
};

}  // namespace anim
