#pragma once
// Tuning of the obstacle moves of Rule 7 (vault, climb, drop, ladder): every constant once,
// with its unit, range and source. Lengths in metres unless a share of body height H or leg L.
namespace anim {

struct ObstacleTuning {
  // Rule 7: below about half body height there is nothing to hang from: a vault.
  double vault_max_share = 0.5;     // H, 0.3..0.6, highest rise (above what he stands on) vaulted
  // The highest edge his hands get to with a jump: standing reach (shoulder 0.82 H + arm 0.375 H,
  // Winter 2009) plus a standing jump of ~0.3 m of a man in kit (Bosco 1983, lowered): 1.35 H.
  double climb_reach_share = 1.35;  // H, 1.0..1.6, highest rise climbed; above it he stops at the face
  // A box no higher than this above what he stands on is a step, taken by the gait (a stair's
  // rise is 0.15-0.2 m; MOTION.md "Slopes and stairs"); the same for stepping down an edge.
  double step_max = 0.22;           // m, 0.1..0.35
  double trigger_distance = 0.75;   // m, 0.3..1.5: body to face at which a walk into a box starts its move
  double run_trigger_extra = 0.12;  // s, 0..0.4: a run starts this much earlier (its take-off is further out)
  // A box he cannot take stops his body this far from its face: the rifle held at the ready
  // reaches ~0.6 m ahead of him (anim/rifle.hpp), and its hands stay out of the box.
  double stop_gap = 0.65;           // m, 0.3..1
  // Speeds of the moves. A vault passes at the speed he came in, at least vault_min_speed;
  // a climb's arms raise him at climb_pull_speed (a pull-up's concentric phase ~0.5-1 m/s).
  double vault_min_speed = 1.6;     // m/s, 0.8..4
  double vault_hip_clear = 0.5;     // L, 0.2..0.8: the hips' apex above the top of a vaulted box
  double climb_pull_speed = 0.6;    // m/s, 0.3..1.5
  double move_blend_time = 0.35;    // s, 0.15..0.8: from the walk's pose into a move's first hold
  double stand_up_time = 0.8;       // s, 0.3..2: from a move's last hold to standing
  // A drop's landing: the hips sink this much per m/s of impact speed, at most landing_dip_max
  // (people absorb a landing over ~0.3-0.5 L of knee flexion from 1 m; Yeow et al. 2011).
  double landing_dip_per_speed = 0.05;  // m per m/s, 0..0.15
  double landing_dip_max = 0.45;        // L, 0.1..0.6
  // Ladders (Rule 7): four limbs IK'd to one line (rungs: anim/terrain.hpp kRungSpacing),
  // climbed at ladder_speed (~0.3-0.5 m/s vertical for people in a hurry).
  double ladder_speed = 0.45;       // m/s, 0.1..1
  double ladder_reach = 0.8;        // m, 0.3..1.5: body to ladder at which W/S takes it
  double ladder_stand_off = 0.36;   // m, 0.25..0.5: the hips this far from the ladder's line
};

// The hips' sink in a landing's knee bend (m) for an impact at `impact_speed` (m/s) on legs of
// length `leg` (m): a vault's, a drop's and a hang's landing alike (landing_dip_*).
inline double landing_dip(double impact_speed, double leg, const ObstacleTuning& t) {
  constexpr double kBendAtRest = 0.04;  // m: a landing from no height still gives at the knees
  const double dip = kBendAtRest + t.landing_dip_per_speed * impact_speed;
  return dip < t.landing_dip_max * leg ? dip : t.landing_dip_max * leg;
}

}  // namespace anim
