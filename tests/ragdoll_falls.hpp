#pragma once
// Deaths taken from the real character (issue 13): a soldier stands, walks or runs, and the
// frame he is in at a given moment, with its velocities, is the ragdoll's birth. The fixture of
// the ragdoll tests and of bench_ragdoll. Not a test by itself.
#include "anim/character.hpp"
#include "anim/ragdoll.hpp"

#include <cstdint>

namespace ragdoll_falls {

inline constexpr double kLiveDt = 1.0 / 120.0;  // the character's fixed step (gait_runs)

struct Death {
  anim::CharacterFrame before;  // the frame one step before the death
  anim::CharacterFrame last;    // the last living frame: the ragdoll is born on it
  anim::RagdollBirth birth;
};

// A soldier at `speed` m/s (signed, world x) for `seconds`, then killed with `impulse` m/s at
// the chest. Facing follows the motion (or `facing` when standing).
inline Death die_after(double speed, double seconds, anim::vec2 impulse, const anim::Terrain& terrain = {},
                       int facing = 1, double x = 0.0, std::uint64_t seed = 1) {
  anim::CharacterSpec spec;
  spec.facing = facing;
  spec.x = x;
  spec.seed = seed;
  anim::Character c(spec, anim::Tuning{}, terrain);
  Death d;
  const int steps = static_cast<int>(seconds / kLiveDt);
  for (int i = 0; i < steps; ++i) {
    d.before = c.frame();
    anim::Intent in;
    in.vx_desired = speed;
    c.step(in, kLiveDt, terrain);
  }
  d.last = c.frame();
  anim::RagdollBirth& b = d.birth;
  b.body = d.last.body_size;
  b.facing = d.last.body.sign();
  b.joints = d.last.joints;
  b.joint_velocity = anim::joint_velocities(d.before.joints, d.last.joints, kLiveDt);
  b.rifle = d.last.rifle;
  b.rifle_velocity = anim::rifle_velocities(d.before.rifle, d.last.rifle, kLiveDt);
  b.rifle_spec = anim::Tuning{}.rifle;
  b.impulse = impulse;
  return d;
}

}  // namespace ragdoll_falls
