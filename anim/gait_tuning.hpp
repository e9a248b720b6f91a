#pragma once
// The gait's published-measurement tables and the functions of speed built on them.
// Rule 3: cadence = f(speed) is the primitive and stride = speed / cadence is derived.
// Rule 6: the stance fraction alone makes a walk (> 0.5) or a run (< 0.5): one gait,
// sampled at every speed, nothing blended between gears.
#include "anim/spring.hpp"

#include <array>

namespace anim {

// A piecewise-linear function of ground speed (m/s), continuous, clamped at both ends.
struct SpeedCurve {
  static constexpr int kPoints = 12;
  std::array<double, kPoints> speed{};  // m/s, strictly increasing
  std::array<double, kPoints> value{};
  double at(double v) const;
};

// All numbers are for a reference leg (hip -> ankle) of 0.874 m, a 1.78 m man; other
// sizes are scaled by Froude dynamic similarity (Alexander & Jayes 1983): speed with
// sqrt(leg), cadence with 1/sqrt(leg), lengths with leg.
struct GaitTuning {
  // Cadence, steps per minute, at ground speed. Walking: Grieve & Gear (1966) and
  // Murray et al. (1984): ~92 at 0.8 m/s, ~113 at 1.4 m/s, ~125 at 1.9 m/s. Running:
  // Cavanagh & Kram (1989) and Dorn, Schache & Pandy (2012, J Exp Biol 215:1944): step
  // rate ~2.7 Hz (160/min) at 3.5 m/s, ~2.9 Hz at 5.2 m/s, ~3.2 Hz at 7 m/s, rising
  // toward ~3.4 Hz at 8 m/s (Weyand et al. 2000).
  SpeedCurve cadence_spm{{0.0, 0.5, 0.8, 1.1, 1.4, 1.7, 2.0, 2.3, 3.0, 3.5, 5.0, 8.0},
                         {84.0, 86.0, 92.0, 104.0, 113.0, 120.0, 126.0, 138.0, 153.0, 160.0, 172.0, 204.0}};
  // Stance fraction (duty factor) of each foot. Walking: ~0.62 at 1.2-1.4 m/s (Perry 1992,
  // "Gait Analysis"), falling with speed; crossing 0.5 at ~2.1 m/s, the preferred walk-run
  // transition speed (Hreljac 1993: 2.06 m/s; Thorstensson & Roberthson 1987: 1.9-2.2).
  // Running: contact 0.28 s at 3.5 m/s, 0.20 s at 5.2, 0.16 s at 7.0 (Dorn et al. 2012)
  // over cycles of 0.75, 0.69, 0.63 s: 0.37, 0.29, 0.25.
  SpeedCurve stance_fraction{{0.0, 0.8, 1.4, 1.8, 2.1, 2.5, 3.0, 3.5, 5.0, 6.0, 7.0, 8.0},
                             {0.66, 0.64, 0.61, 0.57, 0.50, 0.44, 0.40, 0.37, 0.29, 0.27, 0.25, 0.22}};
  // Peak lift of the swinging toe above the straight path, in leg lengths. A walk clears
  // the ground by centimetres; a run folds the heel up behind (the swing knee flexes to
  // ~90 deg at 3.5 m/s and ~120 deg at a sprint, Novacheck 1998 "The biomechanics of
  // running", Gait & Posture 7:77).
  SpeedCurve swing_lift{{0.0, 0.5, 1.0, 1.4, 2.0, 2.5, 3.5, 4.5, 5.5, 6.5, 7.0, 8.0},
                        {0.05, 0.07, 0.10, 0.12, 0.16, 0.24, 0.34, 0.42, 0.50, 0.56, 0.58, 0.60}};
  // Share of the swing at which the lift peaks: mid-swing when walking, early when running
  // (the heel kicks up behind before the thigh drives forward).
  SpeedCurve swing_peak{{0.0, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.5, 5.5, 6.5, 7.0, 8.0},
                        {0.50, 0.50, 0.50, 0.48, 0.44, 0.40, 0.38, 0.36, 0.35, 0.34, 0.34, 0.34}};

  double knee_slack = 0.99;        // share of leg length the stance leg reaches, 0.9..1
                                   // (0.99: the knee flexed ~16 deg, a soft ready stance)
  double walk_compression = 0.06;  // mid-stance knee yield of a walk, leg lengths, 0..0.1: it
                                   // keeps the walking bob at ~4-5 cm (Perry 1992: CoM excursion)
  double landing_reach = 0.46;     // furthest the ankle lands ahead of the hip, leg lengths:
                                   // faster gaits move the contact back (runners land near
                                   // under the body and push off far behind, Novacheck 1998)
  double heel_rise = 0.12;         // Rule 4: ankle rise at toe-off, leg lengths (about 1/8)
  double heel_rise_start = 0.15;   // toe distance behind the hip where the heel starts to rise, L
  double heel_rise_full = 0.75;    // ... and where it reaches heel_rise, L
  double heel_strike_pitch = 0.20; // toe-up angle of the foot just before a walking heel strike, rad
  double asymmetry_lift = 0.06;    // Rule 10: near leg lifts this share higher, far this share lower
  double asymmetry_phase = 0.012;  // Rule 10: the pair this far off antiphase, cycles
  double variation = 1.0;          // Rule 10: scale of per-step variation, 0..2

  // Backpedal (moving against the facing): shorter, quicker steps with more knee bend
  // (backward walking: stride ~80% and cadence ~110% of forward at the same speed,
  // Grasso, Bianchi & Lacquaniti 1998; Laufer 2005).
  double backward_cadence_gain = 1.18;
  double backward_max_speed = 2.2;  // m/s; faster requests against the facing are capped

  // The hip offset toward the lower foot's ground: critically damped, c = 2 sqrt(k m)
  // (seed 001 section 6's k = 100, c = 20, m = 1): no overshoot, ~0.5 s to settle.
  SpringParams hip_offset_spring{100.0, 20.0, 1.0};

  double stop_step_time = 0.22;    // s, the last short step that brings the feet together
  double stand_foot_spread = 0.14; // m, toes apart front to back when standing at the ready
};

// Reference leg length the tables are for, m.
inline constexpr double kReferenceLeg = 0.874;

// The gait at one speed, for a leg of `leg` metres: everything derived from the tables.
struct GaitAtSpeed {
  double speed = 0.0;            // |v|, m/s
  double cadence = 0.0;          // steps per second
  double stride = 0.0;           // m per cycle (two steps) = 2 speed / cadence (Rule 3)
  double stance_fraction = 0.6;  // duty factor (Rule 6)
  double contact_length = 0.0;   // m the body travels while one foot is planted
  double contact_shift = 0.0;    // m the stance centre sits behind the hip
  double lift = 0.0;             // m peak toe lift in swing
  double swing_peak = 0.5;       // share of swing where the lift peaks
  double compression = 0.0;      // knee yield at mid-stance, leg lengths
};

// `backward` in 0..1: how much the body moves against its facing (1: a backpedal, its own
// gait; between 0 and 1 mid-turn, so a turn-around blends and nothing pops).
GaitAtSpeed gait_at_speed(const GaitTuning& t, double speed, double leg, double backward);

// On a slope (dy/dx, either sign) people shorten their steps (Leroux, Fung & Barbeau 2002,
// "Postural adaptation to walking on inclined surfaces"): stride scales by cos^3 of the
// slope angle (0.65 at 30 deg) and cadence rises to keep the speed, so cadence is still the
// primitive (Rule 3), now a function of speed and slope.
void adapt_to_slope(GaitAtSpeed& g, const GaitTuning& t, double leg, double slope);

}  // namespace anim
