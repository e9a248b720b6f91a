#pragma once
// The seams of the gait's pelvis model (issue 10). The model is a function of discrete
// choices too: which keypoints the planned path runs between, where a swing will land, the
// gait's mode. Where one of them changes (a reversal re-plans the landing, a walk begins from
// the standing legs, a stop settles) the model steps between two frames, and the hips,
// following it, would take the step as a corner: 200 m/s^2 where a force plate allows a few
// (MOTION.md). A step is told from the model's own motion by its size: the model's change
// departs from the last step's by more than `jump_accel` dt^2. It is taken up as an offset
// that eases out over `ease_time` along a smootherstep (its speed and acceleration zero at
// both ends), so the hips leave the old path with the speed they had and arrive on the new
// one without a corner. The bounds (every planted leg's reach, Rule 2) still apply after
// this: a foot never slides and a leg never over-reaches for the easing's sake.
namespace anim {

struct PelvisSeam {
  double last = 0.0;    // m, world: the raw model, last step
  double speed = 0.0;   // m/s: its own speed, seams left out
  bool seen = false;    // (last and speed are from a step)
  bool stepped = false; // the last step was taken up as a seam
  double offset = 0.0;       // m: the step taken up, as it was when taken
  double age = 1e9;          // s since it was taken
  int formula = 0;           // the caller's formula the model came from, last step
};

// The model `model` (m, world) with the seams eased; advances `seam` by dt (none for dt <= 0).
// `formula` names which of the caller's formulas gave the model (the gait: its mode): where it
// changes, the model's change is taken as a step whatever its size. A stop's standing legs
// after a walk's path differ by less than jump_accel dt^2 in a slow walk; passed as they were,
// that frame's drop became the speed the next frame's was judged by, and the model's own
// next change then looked like the step: the hips fell on at the drop's speed for a frame
// more, two drops of 4.6 mm and 66 m/s^2 at a stop from 1.4 m/s.
double ease_pelvis_seams(PelvisSeam& seam, double model, double dt, double jump_accel, double ease_time,
                         int formula = 0);

}  // namespace anim
