#pragma once
// Firing (issue 5): a recoil kick is a damped spring on the rifle's pitch (muzzle climb) and
// on the buttpad's travel back into the shoulder, which also rocks the shoulders. It settles
// in a few tenths of a second; the hands stay on the rifle because they are solved onto it.
#include "anim/spring.hpp"

namespace anim {

struct RecoilTuning {
  // omega = sqrt(k/m) = 20 rad/s, damping ratio 0.6: the 2% settling time 4 / (zeta omega)
  // is 0.33 s, and the kick overshoots once, a little, as a shouldered rifle does.
  SpringParams spring{400.0, 24.0, 1.0};
  // A kick that reads in the frame (issue 15): peaks 0.06 s after the shot at ~10 deg of
  // muzzle climb and ~3.5 cm of travel into the shoulder (about 0.45 x speed / omega), so the
  // muzzle moves ~17 cm -- 17 px at the sandbox's 100 px/m, where 3 rad/s moved it 2 px.
  double kick_pitch_speed = 7.0;  // rad/s of muzzle climb given by one shot, 0..10
  double kick_back_speed = 1.4;   // m/s the buttpad is driven back by one shot, 0..3
  double shoulder_rock = 1.5;     // rad of upper-spine extension per metre of buttpad travel
};

struct RecoilState {
  double pitch = 0.0, pitch_velocity = 0.0;  // rad, rad/s: muzzle climb
  double back = 0.0, back_velocity = 0.0;    // m, m/s: buttpad travel, + back into the shoulder
};

// One shot: the kick is a change of velocity (the springs then bring the rifle back).
void fire_recoil(RecoilState& s, const RecoilTuning& t);

// Advances both springs by dt (s), in sub-steps short enough to stay stable at any dt.
void step_recoil(RecoilState& s, const RecoilTuning& t, double dt);

}  // namespace anim
