#pragma once
// The crouch (Rule 7: its own geometry, not the walk with the numbers turned down). A crouch
// walk is still a gait -- feet lead, hips follow (Rule 2), phase by distance (Rule 1) -- so it
// runs the gait's stages, but on a geometry of its own: a stance knee held deeply bent all
// through the stance (so the hips sit where THAT leg reaches, Rule 2's sqrt(L'^2 - x^2) with
// L' the bent leg's span, and still rise and fall), the heel free to rise earlier, a cadence
// curve of its own, short steps landing close under the hips, a long stance, the trunk
// forward. MOTION.md "Postures": pelvis about 0.6-0.8 of standing height, shorter steps,
// the trunk leaning forward.
#include "anim/gait/gait_tuning.hpp"

namespace anim {

struct CrouchTuning {
  // Cadence, steps/min, at ground speed. Crouched gait keeps cadence near the upright walk's
  // at low speed and shortens the step instead (Grasso, Zago & Lacquaniti 2000, "Interactions
  // between posture and locomotion": crouched walking at 0.5-1.5 m/s shortens stride by ~20-30 %
  // and raises cadence to keep the speed). 2 m/s is the crouch's top: toward it the steps
  // quicken to 190/min (a crouch's bent legs cannot span a walk's stride: at 162/min the
  // hips fell 12 cm into every double support, 165 m/s^2 at the turn; at 190, 7 cm and 62).
  SpeedCurve cadence_spm{{0.0, 0.3, 0.6, 0.9, 1.2, 1.4, 1.6, 1.8, 2.0, 2.5, 3.0, 8.0},
                         {88.0, 94.0, 104.0, 118.0, 130.0, 142.0, 158.0, 174.0, 190.0, 198.0, 204.0, 210.0}};
  double stance_fraction = 0.66;  // share, 0.55..0.8: a crouch walk keeps a long double support
                                  // (duty factor 0.62-0.70, Grasso et al. 2000) and never flies
  double landing_lead = 0.26;     // L, 0.05..0.6: the foot lands close ahead of the bent hips
  // The stance knee, rad of flexion, all through the stance: loaded deep, never straight.
  double knee_contact = 1.50;     // rad, 0.4..1.6: at touchdown (a crouched walk lands no straighter
                                  // than its mid-stance, so its hips dip at each touchdown)
  double knee_loading = 1.50;     // rad, 0.5..1.7: the loading response's peak
  double knee_midstance = 1.42;   // rad, 0.4..1.6: at mid-stance (the hips ride up over it)
  double knee_toe_off = 1.60;     // rad, 0.5..1.8: at lift-off
  double stand_knee = 1.45;       // rad, 0.6..1.8: the knee of a soldier crouched still
  double dorsiflexion_max = 0.70; // rad, 0.3..0.8: a crouched ankle bends further before the heel
                                  // rises (deep squat dorsiflexion ~35-40 deg, Hemmerich et al. 2006)
  double lift = 0.06;             // L, 0.01..0.2: the swing's peak boot height (a low, quick step)
  double trunk_lean = 0.42;       // rad, 0..0.8: the trunk forward over the bent hips (~25 deg)
  double stand_foot_spread = 0.26;// m, 0..0.5: crouched still, the feet a short step apart
};

// The gait's tuning at crouch depth `depth` (0 upright walk, 1 the full crouch): every field
// the crouch owns moved from the walk's value to the crouch's, the rest left as the walk's.
// Continuous in depth, so a stand <-> crouch change is the gait going over smoothly.
GaitTuning crouched_gait(const GaitTuning& walk, const CrouchTuning& crouch, double depth);

}  // namespace anim
