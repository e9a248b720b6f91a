#pragma once
// The legs' gait: a phase advanced by DISTANCE (Rule 1), foot targets that lead (Rule 2),
// planted feet still in the world, swing feet on arcs, a last short step to stop, and the
// pelvis height that the planted legs allow (Rules 2, 4, 5). The caller owns a Gait and
// steps it once per simulation step after the body has moved.
#include "anim/foot_placement.hpp"
#include "anim/gait_tuning.hpp"
#include "anim/skeleton.hpp"
#include "anim/terrain.hpp"

#include <array>
#include <cstdint>

namespace anim {

struct GaitInput {
  double body_x = 0.0;        // body reference x after this step's motion, world m
  double hip_offset = 0.0;    // the hip's offset from body_x (idle weight shift), world m
  double travelled = 0.0;     // signed world x distance moved this step, m
  double dt = 0.0;            // s, > 0 (0: nothing advances)
  double facing_scale = 1.0;  // cos(yaw) of the BodyFrame: +1 facing +x, -1 facing -x,
                              // between them mid-turn (feet pivot on the ball, no slide)
  bool wants_to_move = false; // the intent asks for motion (else the gait stops)
  std::uint64_t seed = 0;     // Rule 10
};

struct FootOutput {
  bool planted = true;
  vec2 toe_world{};     // toe (ball) position, world m
  double pitch = 0.0;   // heel-up pitch, rad
  vec2 ankle_world{};   // where the leg IK must put the ankle, world m
};

struct GaitOutput {
  std::array<FootOutput, 2> feet{};  // by Side
  double pelvis_y = 0.9;             // hip height, world m
  double phase = 0.0;                // [0, 1)
  std::int64_t steps = 0;            // touchdowns so far
  GaitAtSpeed params{};              // the gait at the current speed
  bool standing = true;              // both feet down and the phase stopped
  double step_fraction = 0.0;        // progress through the current step, 0..1 (Rule 10)
  double hip_offset = 0.0;           // m, at rest: the hips below the height the legs allow, as the
                                     // critically damped offset closes (seed 001 section 6), <= 0
};

class Gait {
 public:
  // Starts standing at the ready around body_x on the terrain.
  Gait(const Proportions& body, const GaitTuning& tuning, double body_x, int facing, const Terrain& terrain);

  const GaitOutput& step(const GaitInput& in, const GaitTuning& tuning, const Terrain& terrain);
  const GaitOutput& output() const { return out_; }

  // Plants both feet at the standing stance around body_x (a teleport or a state change).
  void reset_standing(double body_x, int facing, const Terrain& terrain, const GaitTuning& tuning);

 private:
  enum class Mode { standing, walking, settling };
  struct Foot {
    bool planted = true;
    vec2 toe{};                 // world; fixed while planted (Rule 2)
    double pitch = 0.0;
    vec2 liftoff_toe{};         // world, where this swing left the ground
    vec2 path_toe{};            // world, where the swing's path starts: its lift-off, or where
    double path_pitch = 0.0;    // the foot was when its foothold moved to another surface
    double liftoff_psi = 0.0;   // the foot's phase at lift-off
    double u = 0.0;             // swing progress 0..1
    double path_from = 0.0;     // the progress where the swing's path (from path_toe) starts
    std::int64_t swing_index = 0;  // step number of this swing (Rule 10)
    bool stepped = false;       // planted by a step of this walk (its knee yields on landing)
    vec2 target{};              // where this swing will plant, world
    double land_hip_x = 0.0;    // where the hip will be when it plants, world m
    double land_level = 0.0;    // the ground's level there, world m
    Span surface{};             // where this swing's foothold may slide: one tread or slope,
    bool surface_set = false;   // chosen once per swing (issue 6)
    double surface_offset = 0.0;  // m the foothold sat off its wanted point when chosen
    double aim_y = 0.0;         // m, world: the height of the ground the swing chose to step to
    double stance_cut = 0.0;    // cycles the stance after this swing ends early (a short step)
    double land_headroom = 0.0; // m the landing leg's hold on the hips starts above its ramp
    bool headroom_set = false;  // (set on the swing's first frame)
    double land_hold = 0.0;     // m over the level: the landing leg's hold last step, before the headroom
    double target_pitch = 0.0;
  };

  double foot_phase(Side s, double phi, const GaitTuning& t) const;
  double planted_pitch(const GaitTuning& t, const Terrain& terrain, vec2 toe, double hip_x, double facing_scale) const;
  double running_contact_height(const GaitAtSpeed& g, const GaitTuning& t, double dip, double travel_sign,
                                double slope_facing) const;
  void lift_off(Foot& f, double psi);
  void touch_down(Foot& f);
  void begin_walking(const GaitInput& in, const GaitTuning& t);

  Proportions body_;
  Mode mode_ = Mode::standing;
  double phi_ = 0.0;            // cycle phase (Rule 1)
  int last_dir_ = 1;            // direction of the last travel, +1 / -1
  std::int64_t steps_ = 0;
  std::array<Foot, 2> feet_{};
  double pelvis_y_ = 0.9;
  double settled_pelvis_ = 0.0;       // m, world: the hips at rest, critically damped (seed 001 s. 6)
  double settled_velocity_ = 0.0;     // m/s
  double hip_offset_ = 0.0;           // m, the damped hips below what the legs allow (<= 0)
  double prev_level_ = 0.0;           // m, the ground's level under the hips last step
  bool rise_limited_ = false;         // the hips have a last height to rise from
  GaitOutput out_{};
};

}  // namespace anim
