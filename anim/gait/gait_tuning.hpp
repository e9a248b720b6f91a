#pragma once
// The gait's published-measurement tables, its behaviour constants, and the functions of
// speed built on them. Rule 3: cadence = f(speed) is the primitive and stride = speed /
// cadence is derived. Rule 6: the stance fraction alone makes a walk (> 0.5) or a run
// (< 0.5): one gait, sampled at every speed, nothing blended between gears.
// Human reference values: ../shared/design/MOTION.md (sources named per field).
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
// sqrt(leg), cadence with 1/sqrt(leg), lengths with leg. "L" below is the leg length.
struct GaitTuning {
  // --- timing (Rules 3 and 6) ---------------------------------------------------------
  // Cadence, steps per minute, at ground speed. Walking: Grieve & Gear (1966) and
  // Murray et al. (1984): ~92 at 0.8 m/s, ~113 at 1.4 m/s, ~125 at 1.9 m/s. Running:
  // 155-170 at 3.5 m/s (MOTION.md; Cavanagh & Kram 1989; Heiderscheit et al. 2011), ~3 Hz at
  // 5 m/s and ~3.3 Hz at 7 m/s (Dorn, Schache & Pandy 2012, J Exp Biol 215:1944), rising
  // toward ~3.4 Hz at 8 m/s (Weyand et al. 2000). Within those ranges the cadence is taken
  // high enough that the contact a stance covers fits under the legs with the stance knee
  // at its human flexion (the issue-10 sweep): a longer contact forces a sitting run.
  SpeedCurve cadence_spm{{0.0, 0.5, 0.8, 1.1, 1.4, 1.7, 2.0, 2.3, 3.0, 3.5, 5.0, 8.0},
                         {84.0, 86.0, 92.0, 104.0, 113.0, 120.0, 126.0, 140.0, 156.0, 166.0, 178.0, 206.0}};
  // Stance fraction (duty factor) of each foot. Walking: ~0.62 at 1.2-1.4 m/s (Perry 1992,
  // "Gait Analysis"), falling with speed; crossing 0.5 at ~2.1 m/s, the preferred walk-run
  // transition speed (Hreljac 1993: 2.06 m/s; Thorstensson & Roberthson 1987: 1.9-2.2).
  // Running: 35-40 % at 3.5 m/s, ~25 % at a sprint (MOTION.md; Dorn et al. 2012), taken at
  // the low end so a stance's contact (~0.9 m) fits under the legs (see cadence). People
  // change gait abruptly (Hreljac 1993): past 2.1 m/s the duty factor drops quickly, so the
  // slowest runs already have a flight worth a bounce.
  SpeedCurve stance_fraction{{0.0, 0.8, 1.4, 1.8, 2.1, 2.3, 3.0, 3.5, 5.0, 6.0, 7.0, 8.0},
                             {0.66, 0.63, 0.60, 0.565, 0.50, 0.44, 0.385, 0.35, 0.27, 0.24, 0.215, 0.20}};
  double speed_smoothing = 0.12;    // s, 0.01..1: the gait reads its tables at the body's speed
                                    // low-passed over this time, so a change of acceleration
                                    // (a start, a stop) bends the gait's parameters smoothly
                                    // instead of kinking the pelvis path (issue 10)

  // --- where a foot lands (Rule 2: the feet lead) ---------------------------------------
  // How far ahead of the hips the ball of the foot lands, L. Walking the heel strikes
  // ~0.3 m ahead of the pelvis at 1.4 m/s with the knee nearly straight (Perry 1992; Winter
  // 2009: thigh ~20-25 deg forward at heel strike); runners land closer under the body as
  // cadence rises (Heiderscheit et al. 2011: the foot 0.1-0.3 m ahead), a sprinter on the
  // forefoot nearly under the hips (Novacheck 1998).
  SpeedCurve landing_lead{{0.0, 0.8, 1.4, 1.8, 2.1, 2.5, 3.0, 3.5, 5.0, 6.0, 7.0, 8.0},
                          {0.38, 0.46, 0.56, 0.60, 0.56, 0.45, 0.40, 0.38, 0.43, 0.45, 0.46, 0.47}};

  // --- the stance leg (Saunders et al. 1953's determinants; Perry 1992) ------------------
  // The knee of a walking stance leg, rad of flexion, at shares of its stance: nearly
  // straight at heel strike (0-5 deg), the loading response's peak (15-20 deg at ~15 % GC,
  // a quarter of the stance), nearly straight again at mid-stance (5-10 deg at ~40 % GC),
  // 35-40 deg at toe-off (Perry 1992; Kadaba et al. 1990).
  double knee_contact = 0.07;       // rad at touchdown, 0..0.4
  // The loading response's peak, rad, at speed: 15-20 deg at 1.2-1.6 m/s (Perry 1992),
  // deeper the faster the walk (Lelas et al. 2003, Gait & Posture 17:106: the peak grows about
  // linearly with speed), as the planned pelvis path has it at each speed, so through the heel
  // rocker the knee bends toward what the hips will ask of it at foot flat.
  SpeedCurve knee_loading{{0.0, 0.5, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0, 2.3, 3.0, 8.0},
                          {0.28, 0.28, 0.28, 0.28, 0.29, 0.31, 0.36, 0.41, 0.45, 0.45, 0.45, 0.45}};
  double knee_loading_at = 0.25;    // share of the stance where it peaks, 0.05..0.5
  double knee_midstance = 0.17;     // rad, mid-stance, 0..0.5 (Perry 1992: 5-10 deg; the walking
                                    // pelvis path's peak stands on it)
  double knee_pre_swing_lead = 0.12;  // share of the stance, 0..0.5: how long before the other
                                      // foot lands the knee starts to fold for pre-swing (mid-
                                      // stance is then; Perry 1992: ~40 % GC of a 50 % landing)
  double knee_toe_off = 0.62;       // rad at lift-off, 0..1.2
  // A running stance leg's knee at mid-stance, where it flexes most: 40-46 deg
  // (Heiderscheit et al. 2011: 46.3 +- 4.5 at ~3 m/s; Novacheck 1998). It sets how high a
  // run rides: the hips at mid-stance sit where this knee over a flat (or heel-lifted)
  // foot puts them.
  double run_knee_midstance = 0.76; // rad, 0.3..1.2
  double run_knee_contact = 0.31;   // rad, 0..0.8: a running knee at touchdown (Heiderscheit et al.
                                    // 2011: 17.8 +- 4.0 deg)
  double run_knee_toe_off = 0.35;   // rad, 0..0.8: and at toe-off (~20 deg, Novacheck 1998)
  // A foot on ground rising behind the hips (going downhill) leaves before its knee must
  // fold past this to stay on it (stair descent reaches about 90 deg, MOTION.md "Slopes and
  // stairs"; downhill running about 60 deg).
  double stance_knee_max = 1.2;     // rad, 0.6..1.6
  // The ankle: the heel rises rather than the ankle dorsiflexing past this (weight-bearing
  // dorsiflexion rarely passes 20-25 deg, MOTION.md "Slopes and stairs"; running peaks
  // 20-25 deg at mid-stance, Novacheck 1998): beyond it the foot pivots over its ball.
  double dorsiflexion_max = 0.44;   // rad, 0.1..0.8
  double plantarflexion_max = 0.85; // rad, 0.2..1.2: the most the ankle extends (toe-off:
                                    // 15-20 deg walking, ~25-30 running; range of motion ~45-50)
  double toe_bend_max = 0.80;       // rad, 0.2..1.2: how far the toes bend up at the ball while the
                                    // heel rises (metatarsophalangeal dorsiflexion at toe-off, ~45 deg;
                                    // Bojsen-Moller & Lamoreux 1979); past it the foot rolls on its tip

  // The foot's attitude through stance, heel up over the ground (Rule 4's roll), at speed.
  // Toe-up at touchdown: a walk lands on the heel with the toe 15-20 deg up and the foot
  // flat by 8-10 % GC (Perry 1992); a jog lands on the rear- or mid-foot, a sprint on the
  // forefoot, heel up (Novacheck 1998; Hasegawa et al. 2007). Negative: lands heel up.
  SpeedCurve strike_pitch{{0.0, 0.5, 0.8, 1.4, 1.8, 2.1, 2.5, 3.0, 3.5, 5.0, 7.0, 8.0},
                          {0.0, 0.12, 0.22, 0.28, 0.26, 0.20, 0.14, 0.08, 0.04, -0.06, -0.18, -0.22}};
  // Share of the stance at which the foot is flat (the heel rocker ends): 8-10 % GC of a
  // ~61 % stance walking; a run's landing is taken within its first fifth.
  SpeedCurve foot_flat_at{{0.0, 0.8, 1.4, 1.8, 2.1, 2.5, 3.0, 3.5, 5.0, 6.0, 7.0, 8.0},
                          {0.14, 0.14, 0.15, 0.16, 0.18, 0.20, 0.20, 0.20, 0.22, 0.24, 0.26, 0.28}};
  // Share of the stance at which the heel starts to rise: 30-40 % GC walking (0.5-0.65 of
  // the stance, MOTION.md), earlier in a run (the dorsiflexion limit above lifts it sooner).
  SpeedCurve heel_rise_at{{0.0, 0.8, 1.4, 1.8, 2.1, 2.5, 3.0, 3.5, 5.0, 6.0, 7.0, 8.0},
                          {0.72, 0.66, 0.56, 0.50, 0.50, 0.52, 0.48, 0.46, 0.42, 0.40, 0.38, 0.36}};
  // Heel-up pitch over the ground at lift-off, rad: the foot rolled over its ball with the
  // ankle plantarflexed 15-20 deg walking, ~25-30 deg running (Perry 1992; Novacheck 1998).
  SpeedCurve toe_off_pitch{{0.0, 0.8, 1.4, 1.8, 2.1, 2.5, 3.0, 3.5, 5.0, 6.0, 7.0, 8.0},
                           {0.40, 0.80, 0.95, 1.00, 1.02, 1.05, 1.08, 1.10, 1.12, 1.14, 1.16, 1.18}};

  // --- the weight passing from foot to foot ------------------------------------------
  // Half the width, in cycles, of the window over which the weight passes from the leaving
  // leg to the landing one, centred on the touchdown (a run's: on its flight): at least
  // this, and at least half a run's flight. It keeps the pelvis path smooth through every
  // handover, near what a force plate sees (0.7-1.2 body weights walking, MOTION.md).
  double transfer_half_width = 0.11;  // cycles, 0.01..0.2
  // A leg that lands bent (a step up) straightens into its profile's knee over this share
  // of its stance, lifting the body.
  double knee_match_fade = 0.6;       // share of stance, 0.1..0.9
  // ...bent no further than a stair climber's lead knee at contact on the step above (about
  // 60 deg, MOTION.md "Slopes and stairs"; Riener, Rabuffetti & Frigo 2002): the hips rise
  // over the trailing foot, rolled up onto its toes, before the lead foot lands.
  double step_up_knee_max = 1.05;     // rad, 0.5..1.6
  // Through a walk's single support the hips ride the stance leg's arc; a run bounces.
  // Between them the stance fraction blends the two over this band either side of 0.5, so a
  // gait is a walk or a run by its stance fraction (Rule 6) and nothing pops as it crosses.
  double walk_run_band = 0.03;        // stance fraction, 0.005..0.1
  double walk_run_rate = 2.5;         // 1/s, 0.5..20: how fast the hips may go over from the walk's
                                      // arc to the run's bounce (people change gait within a
                                      // step or two, Hreljac 1993)
  // The height a run's bounce crests at over the ground's level follows what its legs allow
  // through a critically damped spring (c = 2 sqrt(k m)): a foothold chosen anew, or a turn
  // mirroring the feet, moves the bounce over a few frames, never in one (Rule 8).
  SpringParams run_crest_spring{900.0, 60.0, 1.0};  // ~0.07 s to settle
  // The run's share of the leg profiles (stance knee, swing, landing) follows the stance
  // fraction's say through a critically damped spring: under a hard acceleration the speed
  // crosses the band in a few hundredths of a second, and a run's stance knee folding in as
  // long dropped the hips 9 cm with a corner in their path (14 g). A spring, not a rate
  // limit: the hips' vertical speed must not jump either (issue 10).
  SpringParams run_share_spring{100.0, 20.0, 1.0};  // omega 10 rad/s, ~0.5 s to settle

  // --- the swing (Rule 2: the foot arcs to its foothold) -------------------------------
  // Clearance of the boot's lowest point in mid-swing, m: 1-2 cm walking (MOTION.md; Winter
  // 1992 "Foot trajectory in human gait": minimum toe clearance 1.3 cm), more as a run
  // folds the heel up.
  SpeedCurve swing_clearance{{0.0, 0.5, 0.8, 1.4, 2.0, 2.5, 3.0, 3.5, 5.0, 6.0, 7.0, 8.0},
                             {0.020, 0.020, 0.016, 0.015, 0.020, 0.04, 0.07, 0.10, 0.16, 0.20, 0.22, 0.24}};
  // Peak height of the boot's lowest point in swing, L: a walk's foot is a few cm up at most
  // (MOTION.md), a run's heel folds up behind: the swing knee flexes 60-65 deg walking,
  // 90-105 deg at 3-4 m/s and 110-130 deg at a sprint (Novacheck 1998), which puts the
  // boot 0.3-0.5 L up.
  SpeedCurve swing_lift{{0.0, 0.5, 1.0, 1.4, 2.0, 2.5, 3.5, 4.5, 5.5, 6.5, 7.0, 8.0},
                        {0.030, 0.035, 0.040, 0.045, 0.06, 0.20, 0.42, 0.50, 0.56, 0.60, 0.62, 0.64}};
  // Share of the swing at which the lift peaks: early (the heel kicks up behind as the thigh
  // drives forward), a little later walking.
  SpeedCurve swing_peak{{0.0, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.5, 5.5, 6.5, 7.0, 8.0},
                        {0.40, 0.35, 0.32, 0.32, 0.32, 0.32, 0.33, 0.33, 0.34, 0.34, 0.34, 0.34}};
  double swing_drive = 1.0;         // 0..1: how front-loaded a walking foot's swing past the hips
                                    // is (0: minimum jerk): at peak knee flexion (~73 % GC) the
                                    // foot is nearly under the hips (Winter 2009); more reaches it
                                    // out ahead of them before they come
  double run_swing_drive = 0.1;     // 0..1: the same for a run, whose heel folds up behind first
                                    // and comes through late (Novacheck 1998)
  double swing_toe_down = 0.55;     // share of the swing, 0.1..0.9, over which the lift-off's
                                    // toe-down pitch unwinds (the foot hangs from the ankle)
  double knee_slack = 0.9997;       // share of leg length a leg reaches at most, 0.9..1 (the
                                    // knee never locks straight: ~3 deg at full reach, short of
                                    // the heel strike's 0-5 deg, Perry 1992)
  double stand_knee = 0.28;         // rad, 0..0.6: the knee of a soldier standing at the ready

  double asymmetry_lift = 0.06;     // Rule 10: near leg lifts this share higher, far this share lower
  double asymmetry_phase = 0.012;   // Rule 10: the pair this far off antiphase, cycles
  double variation = 1.0;           // Rule 10: scale of per-step variation, 0..2

  // Backpedal (moving against the facing): shorter, quicker steps with more knee bend
  // (backward walking: stride ~80% and cadence ~110% of forward at the same speed,
  // Grasso, Bianchi & Lacquaniti 1998; Laufer 2005).
  double backward_cadence_gain = 1.18;  // x, 1..1.6
  double backward_max_speed = 2.2;      // m/s, 0.5..4; faster requests against the facing are capped

  // --- starting, stopping, uneven ground ----------------------------------------------
  // The hip offset toward the lower foot's ground: critically damped, c = 2 sqrt(k m)
  // (seed 001 section 6's k = 100, c = 20, m = 1): no overshoot, ~0.5 s to settle.
  SpringParams hip_offset_spring{100.0, 20.0, 1.0};
  double stop_step_time = 0.22;     // s, 0.05..0.6: the last short step that brings the feet together
  double stand_foot_spread = 0.14;  // m, 0..0.4: toes apart front to back when standing at the ready
  double settle_lift = 0.035;       // L, 0..0.2: the lift of that last short step
  double start_speed = 0.02;        // m/s, 0..0.5: moving faster than this, the gait starts
  double settle_speed = 0.30;       // m/s, 0..1: slower than this with no intent to move, it stops
  double max_hip_rise = 1.5;        // m/s, 0.2..5: the hips never rise faster than this over the
                                    // ground's level (above the flat gait's fastest rise, ~1.4 m/s
                                    // at a 7 m/s run): a hold let go of at once lifts them over frames
  double max_land_fall = 1.0;       // m/s, 0.2..10: how fast a landing leg's foreseen reach may
                                    // fall (a stride shortening toward a stair), unless it must
                                    // fall faster to be met by the touchdown
  double pelvis_plan_speed = 0.6;   // m/s, 0.3..2: walking this fast or faster the hips follow the
                                    // planned path (pelvis.hpp) in full; slower they ease back to the
                                    // blend of the legs' arcs, which meets the standing hips at a stop
  double pelvis_peak_at = 0.25;     // cycles after a touchdown, 0.15..0.35: the planned path's peak
                                    // over the stance leg (midway between touchdowns: a steady walk's
                                    // path is one wave a step, MOTION.md "highest in mid-stance")
  double pelvis_wave_ramp = 0.2;    // share of a half wave, 0.05..0.5: over how much of it the path's
                                    // vertical acceleration turns over (pelvis_wave; less: a lower peak
                                    // acceleration, a quicker turn)
  double seam_jump_accel = 60.0;    // m/s^2, 10..500: a step of the pelvis model bigger than this
                                    // times dt^2 is a seam (a re-planned landing, a change of mode),
                                    // eased out (pelvis_seam.hpp); a runner's hips turn within 2 g
                                    // (MOTION.md), so the model's own motion is never taken for one
  double seam_ease_time = 0.3;      // s, 0.05..1: over how long a seam eases out (a 3 cm step turns
                                    // at ~2 m/s^2 over 0.3 s, within a force plate's few, MOTION.md)
  double stance_knee_min = 0.09;    // rad, 0..0.3: the straightest a walking stance knee gets after its
                                    // loading response; higher hips lift the heel (5-10 deg, Perry 1992)
  double landing_decel = 4.0;       // m/s^2, 0.5..20: a landing leg brings the hips down to where it
                                    // can take them braking no harder than this, and through its
                                    // weight acceptance lifts them no harder: a force plate's 0.7-1.2
                                    // body weights at 1.2-1.6 m/s (about 3 m/s^2, MOTION.md), some 1.4
                                    // at a fast walk, where the planned path turns as hard (issue 10)
  double landing_ramp_speed = 0.2;  // m/s, 0..3: a run's landing hold falls no faster than the
                                    // flight's landing speed and this more, so a landing far below
                                    // is met over the whole flight (flat running never meets it)
  double foothold_reach = 1.5;      // m, 0.2..3: how far a foothold may slide along its surface in a swing
  double foothold_slide_off = 0.3;  // m, 0..1: how far past its surface's end a swing's aim may go
                                    // before it picks another surface
  double foothold_speed = 4.0;      // m/s, 0.5..20: the least speed a swing's foothold may move at
  double stride_slope_span = 0.9;   // m, 0.1..3: either side, the slope a stride adapts to
  double slope_lookahead = 1.2;     // m, 0.1..5: over which coming ground fades out of the stride
  double run_lookahead = 0.3;       // contacts, 0..1: how far ahead of the hips a run reads its ground
                                    // for a rise past the slope under the hips (a step up coming)
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
  double landing_lead = 0.0;     // m the ball lands ahead of the hips
  double run = 0.0;              // 0..1: how much of a run it is (by the stance fraction alone)
  double clearance = 0.0;        // m, the boot's least height in mid-swing
  double lift = 0.0;             // m, the boot's peak height in swing
  double swing_peak = 0.5;       // share of the swing where the lift peaks
  double strike_pitch = 0.0;     // rad toe-up at touchdown
  double foot_flat_at = 0.1;     // share of stance
  double heel_rise_at = 0.5;     // share of stance
  double toe_off_pitch = 0.9;    // rad heel-up at lift-off
};

// `backward` in 0..1: how much the body moves against its facing (1: a backpedal, its own
// gait; between 0 and 1 mid-turn, so a turn-around blends and nothing pops).
GaitAtSpeed gait_at_speed(const GaitTuning& t, double speed, double leg, double backward);

// On a slope (dy/dx, either sign) people shorten their steps (Leroux, Fung & Barbeau 2002,
// "Postural adaptation to walking on inclined surfaces"): stride scales by cos^3 of the
// slope angle (0.65 at 30 deg) and cadence rises to keep the speed, so cadence is still the
// primitive (Rule 3), now a function of speed and slope.
void adapt_to_slope(GaitAtSpeed& g, double slope);

}  // namespace anim
