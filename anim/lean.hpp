#pragma once
// Physics-driven lean (seed 000): the trunk leans by atan2(a, g) times a strength, from the
// body's REAL horizontal acceleration, low-pass smoothed, capped, and spread over the spine
// with the lower joints taking more. Accelerating leans forward, braking leans back.
namespace anim {

struct LeanTuning {
  double strength = 0.5;         // share of the physical lean, 0..1 (seed 000: 0.3-0.7 reads best)
  double smoothing_speed = 6.0;  // 1/s, low-pass rate toward the raw lean
  double max_lean = 0.35;        // rad, cap on the lean from acceleration (20 deg)
  double lower_spine_share = 0.65;  // of the lean taken by the lower spine; the upper takes the rest
};

struct LeanState {
  double smoothed = 0.0;  // rad, the low-passed lean
};

// The raw lean of an acceleration a (m/s^2, + forward in the facing frame): strength * atan2(a, g).
double raw_lean(double accel_forward, const LeanTuning& t);

// One frame: low-pass toward the raw lean, then cap. Returns the lean to apply, rad.
double step_lean(LeanState& state, double accel_forward, const LeanTuning& t, double dt);

}  // namespace anim
