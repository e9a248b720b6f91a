#pragma once
// Rule 2: a swinging foot arcs from where it lifted off to where it will plant. The path is
// a pure function of swing progress u in [0, 1], itself advanced by distance (Rule 1).
#include "anim/vec.hpp"

namespace anim {

struct SwingShape {
  double lift = 0.1;        // m, peak toe lift above the straight line
  double peak = 0.5;        // share of the swing where the lift peaks, 0.2..0.8
  double drive = 0.0;       // 0..1: how early the foot drives forward (a run folds the heel up
                            // and brings the knee through at once, not trailing the leg behind)
  double strike_pitch = 0;  // rad, toe-up of the foot just before a heel strike (walk)
};

struct SwingPoint {
  vec2 toe;      // toe (ball), facing-frame x-axis along `forward`, y world up
  double pitch;  // heel-up pitch, rad
};

// Toe and pitch at progress u between lift-off (toe0, pitch0) and touchdown (toe1, pitch1).
// At u = 0 and u = 1 it equals the ends exactly, with zero velocity relative to the ground,
// so neither lift-off nor touchdown pops. `heel_reach` is the toe-to-heel length (m): while
// the toe is up for a heel strike the toe is raised so the heel does not go into the ground.
SwingPoint swing_point(const SwingShape& shape, vec2 toe0, double pitch0, vec2 toe1, double pitch1,
                       double heel_reach, double u);

}  // namespace anim
