#pragma once
// The per-frame pipeline of one soldier, in the order of ARCHITECTURE.md "The frame, in
// order". The caller owns the Character (all state that lasts between frames lives here)
// and steps it at a fixed dt.
#include "anim/body_motion.hpp"
#include "anim/character_frame.hpp"
#include "anim/gait/gait.hpp"
#include "anim/gear.hpp"
#include "anim/solve_detail.hpp"
#include "anim/states/posture.hpp"
#include "anim/states/state_layer.hpp"
#include "anim/states/down.hpp"
#include "anim/states/obstacle_state.hpp"
#include "anim/terrain.hpp"
#include "anim/tuning.hpp"

#include <cstdint>
#include <string>

namespace anim {

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
  bool take_obstacle = false; // take the box ahead now (Space): vault or climb, by its height
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

// What one step reads, built once at its start (as Box2D's b2StepContext): the cleaned
// intent, the body's frame after the turn, and the quantities every stage shares.
struct StepContext {
  double dt = 0.0;              // s, cleaned: finite, 0..kMaxDt
  Intent intent{};              // cleaned: finite, speed within limits
  double facing = 1.0;          // cos(yaw) after this step's turn (BodyFrame::x_scale)
  double sign = 1.0;            // which way the facing frame points: +1 or -1
  bool aim_usable = false;      // the aim point is used this step (not edge-on mid-turn)
  vec2 aim_facing{};            // the aim point in the facing frame (when usable)
};

class Character {
 public:
  Character(const CharacterSpec& spec, const Tuning& tuning, const Terrain& terrain);

  // One fixed step. dt in seconds; 0 or a long spike (clamped inside) keeps the pose finite.
  void step(const Intent& intent, double dt, const Terrain& terrain);

  const CharacterFrame& frame() const { return frame_; }
  const CharacterSpec& spec() const { return spec_; }
  Tuning& tuning() { return tuning_; }
  // Level of detail (issue 14): all the solve leaves out at his level (anim/solve_detail.hpp);
  // the default, full detail.
  void set_detail(const SolveDetail& detail) { detail_ = detail; }

 private:
  // The stages of a step, in the order of ARCHITECTURE.md "The frame, in order".
  // The stages take the step's input cleaned by step() (sanitize_dt, sanitize_intent).
  StepContext begin_step(const Intent& clean, double dt);               // 1: intent, facing, turn
  void move_body(StepContext& c);                                       // 2: body motion
  void step_gait(const StepContext& c, const Terrain& terrain);         // 4-5: gait and pelvis
  void solve_pose(const StepContext& c, const Terrain& terrain);        // 6-11: the pose
  void step_state(const StepContext& c, const Terrain& terrain);        // 3: which geometry solves the body

  CharacterSpec spec_;
  Tuning tuning_;
  Proportions body_;
  // State that lasts between frames (STYLE.md 1: the caller owns it, through Character).
  BodyMotion motion_;
  double travelled_ = 0.0;    // m, world x moved by this step's body motion
  Gait gait_;
  double time_ = 0.0;         // s since start
  double yaw_ = 0.0;          // rad, 0 faces +x, pi faces -x (BodyFrame)
  double yaw_target_ = 0.0;   // rad, where the turn is going
  TorsoState torso_;          // the trunk's followed leans (seed 000, slopes)
  LookAtState look_;          // where the face points (seed 001)
  RifleHoldState rifle_;      // the rifle's pitch, carry and aim weight
  RecoilState recoil_;        // the rifle's kick (issue 5)
  GearState gear_;            // the secondary-motion chains (seed 001 sections 3-5)
  double idle_shift_ = 0.0;   // m, the hips' weight shift over one foot at rest (facing frame)
  CharacterFrame frame_;
  SolveDetail detail_;        // set_detail
  StateLayer states_;         // the posture and its geometry this step (anim/states/)
  // 3. State, down: the ragdoll and the get-up (anim/states/down). True when it ran the step.
  bool step_down(const Intent& clean, double dt, const Terrain& terrain);
  void stand_at(double x, int facing, const Terrain& terrain);  // the living pipeline restarted standing there
  DownState down_;
  // 3. State: the obstacle moves (Rule 7; anim/states/obstacle_state). Returns true when a move
  // placed the body this step (then the walk does not run).
  bool step_obstacle(StepContext& c, const Terrain& terrain);
  ObstacleState obstacle_;    // which move runs, and which boxes are ground to him
};

}  // namespace anim
