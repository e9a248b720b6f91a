#pragma once
// The gait as a biomechanist measures it (issue 10; ../shared/design/MOTION.md): joint
// angles at the gait events, the heel's timing, swing clearance, the pelvis path's vertical
// speed and acceleration, and the trunk's lean, so the motion can be held against published
// human data. Rule 8 asks for the properties a viewer complains about (anim/metrics); these
// are the ones an animator names when a gait "reads as procedural".
#include "anim/character_frame.hpp"
#include "anim/terrain.hpp"

#include <array>
#include <vector>

namespace anim {

// Angles in degrees, flexion positive; "GC" is the gait cycle of one foot, from its
// touchdown (0 %) to its next touchdown (100 %). Means are over every complete cycle of
// either foot; peaks are the largest seen.
struct GaitKinematics {
  int cycles = 0;                // complete foot cycles measured (both feet)
  double knee_contact = 0.0;     // knee flexion at touchdown
  double knee_loading = 0.0;     // peak flexion over the first 40 % of stance (loading response)
  double knee_midstance = 0.0;   // least flexion over 40-80 % of stance (walking: nearly straight)
  double knee_stance_peak = 0.0; // peak flexion over the whole stance except its last 15 %
  double knee_toeoff = 0.0;      // at lift-off (the last planted frame)
  double knee_swing_peak = 0.0;  // peak flexion in swing
  double hip_contact = 0.0;      // thigh forward of vertical at touchdown (hip flexion)
  double hip_extension = 0.0;    // thigh behind vertical at its furthest in stance
  double strike_pitch = 0.0;     // foot toe-up at touchdown (+: lands on the heel)
  double foot_flat_gc = 0.0;     // % GC when the ball comes down (0: it landed on the ball)
  double heel_rise_gc = 0.0;     // % GC when the heel leaves the ground in stance (the
                                 // stance's end when it never does)
  double stance_gc = 0.0;        // % GC on the ground
  double dorsiflexion_peak = 0.0;  // ankle, peak dorsiflexion in stance (foot square to shank = 0)
  double plantarflexion_toeoff = 0.0;  // ankle at lift-off, + plantarflexed
  double swing_lift = 0.0;       // m, peak height of the boot's lowest point in swing, mean
  double swing_clearance = 1e9;  // m, least clearance of the boot's lowest point over the
                                 // middle half of a swing, over all swings
  double pelvis_range = 0.0;     // m, peak to peak of the pelvis over the ground per cycle, mean
  double pelvis_speed = 0.0;     // m/s, largest |vertical speed| of the pelvis
  double pelvis_accel = 0.0;     // m/s^2, largest |vertical acceleration| of the pelvis
  double pelvis_high_gc = 0.0;   // % GC of the near foot where the pelvis is highest, mean
  double pelvis_low_gc = 0.0;    // % GC of the near foot where the pelvis is lowest, mean
  double trunk_lean = 0.0;       // mean forward lean of pelvis -> neck from vertical
  int frames = 0;                // frames measured (pelvis_speed needs 2, pelvis_accel 3)
  int lean_frames = 0;           // side-on frames behind trunk_lean (0: no lean measured)

  // Which figures were measured at all (a report prints "n/a" for the others): the per-cycle
  // means and swing figures need a complete cycle, the pelvis's differences two and three
  // frames, the lean a side-on frame.
  bool has_cycles() const { return cycles > 0; }
  bool has_pelvis_speed() const { return frames >= 2; }
  bool has_pelvis_accel() const { return frames >= 3; }
  bool has_lean() const { return lean_frames > 0; }
};

// Measures frames of ONE character in order at a fixed dt (as GaitMeter does). Frames mid-
// turn (the body not side-on) interrupt the cycles they fall in.
class KinematicsMeter {
 public:
  explicit KinematicsMeter(const Terrain& terrain) : terrain_(terrain) {}
  void add(const CharacterFrame& frame);
  GaitKinematics result() const;

 private:
  struct Sample {
    bool planted;
    double knee, hip, dorsiflexion, heel_height, ball_height, low_height, pelvis_over_ground, toe_up;
  };
  void close_cycle(Side s);

  const Terrain& terrain_;
  std::array<std::vector<Sample>, 2> cycle_{};  // by Side: since the last touchdown
  std::array<bool, 2> open_{};                  // a touchdown has been seen
  std::array<bool, 2> was_planted_{};
  bool has_prev_ = false, has_prev2_ = false;
  double y1_ = 0.0, y2_ = 0.0, dt_ = 0.0, t1_ = 0.0;
  double lean_sum_ = 0.0;
  int lean_frames_ = 0;
  GaitKinematics sum_{};    // sums of the means, and the peaks
  int pelvis_cycles_ = 0;   // near-foot cycles behind pelvis_* means
  double swing_count_ = 0;  // swings behind swing_lift
};

// Flexion of one leg's knee in this frame, deg (0 straight).
double knee_flexion_deg(const CharacterFrame& f, Side side);

}  // namespace anim
