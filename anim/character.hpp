#pragma once
// The per-frame pipeline of one soldier, in the order of ARCHITECTURE.md "The frame, in
// order". The caller owns the Character (all state that lasts between frames lives here)
// and steps it at a fixed dt.
#include "anim/body_motion.hpp"
#include "anim/character_frame.hpp"
#include "anim/gait/gait.hpp"
#include "anim/gear.hpp"
#include "anim/terrain.hpp"
#include "anim/tuning.hpp"

#include <cstdint>
#include <string>

namespace anim {

enum class Stance : std::uint8_t { stand, crouch, prone, kneel };

// What the player or the scenario asks for this step (ARCHITECTURE.md step 1).
struct Intent {
  double vx_desired = 0.0;    // desired ground velocity along world x, m/s, signed (|v| <= 8)
  bool has_aim = false;       // aim_world is valid
  vec2 aim_world{};           // the point the soldier aims at and looks at, world m
  Stance stance = Stance::stand;
  bool fire = false;          // one shot this step (recoil)
  bool die = false;           // become a ragdoll this step with die_impulse
  vec2 die_impulse{};         // velocity impulse at the chest, m/s
  bool get_up = false;        // leave the ragdoll
  int climb = 0;              // on a ladder: 1 up, -1 down, 0 hold
};

struct CharacterSpec {
  std::string id = "a";
  double x = 0.0;             // start position, world m
  int facing = 1;             // +1 faces +x, -1 faces -x
  double height = 1.78;       // body height, m
  SegmentFractions build{};   // segment lengths as fractions of height (default Winter's)
  std::uint64_t seed = 0;     // per-step variation seed (Rule 10)
  Role role = Role::rifleman; // his job and kit (anim/gear.hpp kit_of)
  std::uint8_t team = 0;      // 0..kTeams-1, which side he is on
};

class Character {
 public:
  Character(const CharacterSpec& spec, const Tuning& tuning, const Terrain& terrain);

  // One fixed step. dt in seconds; 0 or a long spike (clamped inside) keeps the pose finite.
  void step(const Intent& intent, double dt, const Terrain& terrain);

  const CharacterFrame& frame() const { return frame_; }
  const CharacterSpec& spec() const { return spec_; }
  Tuning& tuning() { return tuning_; }

 private:
  void solve_pose(const Intent& intent, double dt);

  CharacterSpec spec_;
  Tuning tuning_;
  Proportions body_;
  // State that lasts between frames (STYLE.md 1: the caller owns it, through Character).
  BodyMotion motion_;
  Gait gait_;
  double time_ = 0.0;         // s since start
  double yaw_ = 0.0;          // rad, 0 faces +x, pi faces -x (BodyFrame)
  double yaw_target_ = 0.0;   // rad, where the turn is going
  LeanState lean_;            // the low-passed acceleration lean (seed 000)
  LookAtState look_;          // where the face points (seed 001)
  double rifle_pitch_ = 0.0;  // rad, the rifle's current pitch (facing frame)
  bool pitch_initialized_ = false;
  RecoilState recoil_;        // the rifle's kick (issue 5)
  GearState gear_;            // the secondary-motion chains (seed 001 sections 3-5)
  double idle_shift_ = 0.0;   // m, the hips' weight shift over one foot at rest (facing frame)
  CharacterFrame frame_;
};

}  // namespace anim
