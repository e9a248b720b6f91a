#pragma once
// The pelvis solve (Rule 2: the hips follow the feet; Rule 5: flight is ballistics). The
// gait's model says where the hips would be -- through a walk the weighted stance legs'
// geometry, through a run the bounce that flight and landing speed dictate -- and every leg
// that bears, or is about to, bounds them at what it can reach. The bounds are met through
// a smooth minimum, so a bound taking over never puts a corner in the path. The solve says
// which of them decided, for the debug overlay.
#include "anim/vec.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace anim {

enum class PelvisBound : std::uint8_t {
  stance,        // one stance leg's knee and ankle (a walk's single support)
  transfer,      // the weight passing from leg to leg (double support, or a flight's handover)
  run,           // a run's bounce (Rule 5)
  stand,         // legs standing at the ready
  reach_near,    // the near leg at its full reach (Rule 2)
  reach_far,
  landing_near,  // the near leg's hold on the hips as it comes down to land
  landing_far,
  rise,          // the hips rising no faster than the limit
  settle,        // the critically damped settle at rest (seed 001 section 6)
};
std::string_view pelvis_bound_name(PelvisBound b);

// min(a, b), rounded over a band `k` wide (a polynomial smooth minimum): never above either,
// equal to the lower where they are k or more apart, C1 everywhere.
double smooth_min(double a, double b, double k);

// A height with what set it.
struct PelvisHeight {
  double height = 0.0;  // m, world
  PelvisBound bound = PelvisBound::stance;
};

struct PelvisInput {
  PelvisHeight model{};                 // what the gait's model wants
  std::array<PelvisHeight, 4> bounds{}; // the highest each bearing or landing leg allows
  std::size_t bound_count = 0;
  double smooth = 0.02;                 // m, the smooth minimum's band
  std::array<double, 4> bands{};        // m, a bound's own band where > 0 (else `smooth`)
};
// The model's height under the bounds; `bound` names the lowest bound when the bounds lowered
// it (by a quarter millimetre or more), else the model's own.
PelvisHeight solve_pelvis(const PelvisInput& in);

// A walk's planned pelvis path (issue 10; Saunders, Inman & Eberhart 1953: the knee and
// ankle flatten the hips' arcs into one smooth wave): a keypoint at each touchdown, where the
// landing leg holds the hips with its knee nearly straight, and at each stance's peak, where
// the stance leg stands at its mid-stance knee; between two of them a half cosine from one
// height to the other, plus a cubic Hermite term for each keypoint's own vertical speed (a
// touchdown's rise). With both slopes zero it is C1 through every keypoint, and C2 where the
// neighbouring halves have equal heights and spans (a steady walk on the flat).
struct PelvisKey {
  double height = 0.0;  // m, world
  double slope = 0.0;   // m per cycle
};
// The path `s` (0..1) of the way from `before` to `after`, which lie `span` cycles apart.
double planned_pelvis(PelvisKey before, PelvisKey after, double span, double s);

// A run's bounce over its support line (Rule 5): in flight a rise of g t^2 / 8 over a flight
// of t seconds; in stance the dip whose descent meets the landing speed g t / 2, so the curve
// has no kink at either contact. `top` is the height at touchdown and take-off.
struct BounceInput {
  double cadence = 0.0;          // steps per second
  double stance_fraction = 0.4;  // < 0.5 for a flight
  double top = 0.9;              // m, world
  bool in_stance = true;
  double stance_share = 0.0;     // 0..1 through the stance of the planted foot
  double flight_share = 0.0;     // 0..1 from the last lift-off to the next touchdown
};
double run_bounce(const BounceInput& in);
// The stance dip of the same bounce, m.
double run_dip(double cadence, double stance_fraction);

// The height at x of the polyline through `points` (any order; sorted in place by x), flat
// beyond its ends; 0 for no points. A run's ground: the line through its footholds.
double ground_line_at(std::span<vec2> points, double x);

}  // namespace anim
