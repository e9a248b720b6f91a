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
// landing leg holds the hips with its knee nearly straight (the path's low, in double
// support), and at each stance's peak, where the stance leg stands at its mid-stance knee.
// Between two of them the hips go from one height to the other along pelvis_wave: level at
// every keypoint, and in a steady walk on the flat (neighbouring halves of equal height and
// span) with an acceleration continuous through them too.
//
// The rise of that wave, 0..1 over s in [0, 1] (clamped): its acceleration constant over the
// first and the last (0.5 - ramp) of the span and turning over linearly between them, a jerk-
// limited profile. For the same range and span it turns with less acceleration at its bottom
// and top than any smooth curve but bang-bang's: 4 / (1 - 4 ramp^2 / 3) range / span^2 at its
// peak, 17 % below a half cosine's pi^2 / 2 at ramp 0.2 (a force plate bounds the walking
// body's vertical acceleration, MOTION.md); ramp 0.5 turns over the whole span (6, worse).
double pelvis_wave(double s, double ramp);
// The path `s` (0..1) of the way from a keypoint at `before` m to the next at `after` m.
double planned_pelvis(double before, double after, double s, double ramp);

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
