#pragma once
// Rule 8: measure it, because you cannot watch it. The measurements of a pose sequence that
// a viewer would complain about, and the ones that prove the motion is there at all.
#include "anim/character_frame.hpp"
#include "anim/terrain.hpp"

#include <array>
#include <cstdint>
#include <span>

namespace anim {

struct GaitMetrics {
  int frames = 0;
  double max_contact_drift = 0.0;        // m, largest horizontal travel of a planted foot's bearing
                                     // point (heel, ball or tip) while it bears
  int knee_backward_frames = 0;      // frames with a knee bent backwards (either leg)
  double min_hip_over_leg = 1e9;     // lowest (hip - ground) / leg length, the ground being the
                                     // level under the hips (Terrain::level_at, +-0.3 m average)
                                     // or, where lower, the ground under either toe (seed 001
                                     // section 6: the lower foot's)
  double max_hip_step = 0.0;         // m, largest change between two frames of the hip height
                                     // over the ground's level (on flat ground: of the height)
  double min_cycle_hip_range = 0.0;  // m, smallest (max - min) hip height over a full cycle
                                     // (0 when no full cycle was seen)
  double max_cycle_hip_range = 0.0;  // m, largest of the same
  int cycles = 0;                    // full gait cycles seen
  double max_bone_error = 0.0;       // m, largest |bone length - its length| (outside turns)
  double max_limb_overlength = 0.0;  // m, largest (hip->ankle - leg) or (shoulder->hand - arm), >= 0
  double stance_fraction = 0.0;      // measured share of frames each foot is planted (moving)
  double cadence = 0.0;              // steps per second, measured from the step counter
  double stride = 0.0;               // m per cycle, measured
  double min_foot_clearance = 1e9;   // m, lowest (toe or ankle) above the ground
  int nonfinite = 0;                 // frames with a NaN or infinite joint
};

// Measures the frames of ONE character one at a time, in order, at a fixed dt: a long run
// is measured without keeping its frames. The meter holds a reference to the terrain.
// How far a planted foot has slid (Rule 8): the point it bears on stays where it came down
// (heel, ball, then tip as the foot rolls), so its drift is measured from where it last
// took the weight. One frame at a time, in order; the horizontal drift per foot, m.
class ContactDrift {
 public:
  std::array<double, 2> add(const CharacterFrame& frame);

 private:
  std::array<vec2, 2> start_{};
  std::array<bool, 2> was_planted_{};
  std::array<Bearing, 2> was_bearing_{};
};

class GaitMeter {
 public:
  explicit GaitMeter(const Terrain& terrain) : terrain_(terrain) {}
  void add(const CharacterFrame& frame);
  GaitMetrics result() const;

 private:
  const Terrain& terrain_;
  GaitMetrics m_;
  bool has_prev_ = false;
  double prev_hip_over_level_ = 0.0, prev_phase_ = 0.0;
  std::int64_t prev_step_ = 0;
  ContactDrift drift_;
  double cycle_min_ = 1e9, cycle_max_ = -1e9, min_range_ = 1e9;
  bool cycle_open_ = false;
  int moving_frames_ = 0;
  std::array<int, 2> planted_moving_{};
  double first_t_ = 0.0, last_t_ = 0.0, first_x_ = 0.0, last_x_ = 0.0;
  std::int64_t first_step_ = -1, last_step_ = 0;
};

// Measures a sequence of frames of ONE character at a fixed dt (the caller's order).
GaitMetrics measure_gait(std::span<const CharacterFrame> frames, const Terrain& terrain);

// Signed knee bend of one leg in its facing frame: > 0 forward (correct), < 0 backwards.
double knee_bend(const CharacterFrame& f, Side side);

// The largest deviation of any bone (leg, arm, spine) from its length in one frame, m.
double bone_error(const CharacterFrame& f);

}  // namespace anim
