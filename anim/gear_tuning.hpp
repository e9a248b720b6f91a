#pragma once
// Tuning of the soldier's secondary-motion gear (issue 6; seed 001 sections 3-5). Offsets on
// the body are for a body 1.78 m tall and scale with height; the gear's own lengths do not.
// Per-link constants: the panel shows each chain's damping_ratio(spring).
#include "anim/spring.hpp"

namespace anim {

struct GearTuning {
  ChainLimits limits;  // sub-steps, speed clamp, teleport reset (anim/spring.hpp)

  // Radio whip antenna: underdamped so it rings (seed 001 section 4: "deliberately
  // underdamped so it would overshoot"). Base link m = 10 g (a ~50 g whip in 5 links),
  // k = m (2 pi 2.5 Hz)^2 = 2.47 N/m, c for a damping ratio of 0.10: several visible swings
  // that die within ~2.5 s (exp(-zeta omega t)). Stiffer toward the tip (antenna_stiffening)
  // so the whip rings as one piece on its base; gravity stays below the base's spring
  // (k l / m g = 2.8).
  SpringParams antenna_spring{2.47, 0.0314, 0.010};  // N/m, N s/m, kg (base link)
  double antenna_stiffening = 2.0;  // 1..4, each link's k over the one below (ChainPose::stiffening)
  double antenna_length = 0.55;     // m, base to tip, 0.2..1.0 (a tactical whip is ~0.5-0.6 m)
  double antenna_tilt = 0.30;       // rad, 0..0.8: rest direction back from the trunk's up
  double antenna_base_share = 0.74; // along the trunk pelvis -> neck, 0..1: radio on the upper back
  double antenna_base_back = 0.13;  // m behind the spine line, 0..0.3 (carrier back: ~0.14 m)

  // Rifle sling: webbing between a swivel on the stock and one on the handguard, hanging
  // under gravity; a little stiffness for the webbing's shape memory, well damped.
  SpringParams sling_spring{0.8, 0.10, 0.020};  // N/m, N s/m, kg per link (damping ratio 0.40)
  double sling_length = 0.62;       // m, swivel to swivel along the webbing, > the swivels' 0.47 m
  double sling_rear_share = 0.10;   // rear swivel, share of buttpad -> muzzle, 0..1
  double sling_front_share = 0.66;  // front swivel, share of buttpad -> muzzle, 0..1
  double sling_drop = 0.03;         // m below the bore axis, 0..0.1

  // A loose pouch strap hanging from the back of the belt.
  SpringParams strap_spring{1.78, 0.0566, 0.005};  // N/m, N s/m, kg per link (3 Hz, damping ratio 0.30)
  double strap_length = 0.13;       // m, buckle to loose end, 0.03..0.3
  double strap_trail = 0.15;        // rad, 0..0.8: rest direction back from the trunk's down
  double strap_share = 0.12;        // along the trunk pelvis -> neck, 0..1: belt height
  double strap_back = 0.12;         // m behind the spine line, 0..0.3 (belt back: ~0.13 m)

  // Level of detail (issue 14, seed 001 section 10): a soldier whose chains are solved on
  // one step in `every` > 1 (too small on screen for their motion to show at full rate,
  // render/detail.hpp) solves them with these in place of limits.max_substep and
  // limits.pin_tolerance. Profiled: the sling's pin passes were half the pose solve of a
  // crowd, and a catch-up over `every` steps took `every` times the sub-steps, saving nothing.
  // s, 1e-3..0.05: the longest sub-step of such a solve, still no longer than the springs'
  // own stability bound (0.5 sqrt(m/k), anim/spring.cpp). 1/60 s: the sling's ~1 Hz swing
  // is 6 deg of phase a sub-step (omega h = 0.10), the stiff whip's tip keeps its own bound.
  double lod_max_substep = 1.0 / 60.0;
  // m, 1e-9..1e-3: the pin passes of such a solve stop once the sling's tip is this close to
  // its swivel. 1e-5 m is 0.0003 px at 32 px/m (a 57 px soldier): nothing a pixel shows; the
  // last point is set onto the swivel in any case, so the webbing never detaches.
  double lod_pin_tolerance = 1e-5;
};

}  // namespace anim
