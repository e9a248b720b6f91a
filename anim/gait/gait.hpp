#pragma once
// The legs' gait (ARCHITECTURE.md frame steps 4-5), in stages each a small job of its own:
//   phase            advanced by DISTANCE (Rule 1)                          (here)
//   foothold choice  where a swing will plant (Rule 2: the feet lead)       gait/foothold
//   swing plan       the arc from lift-off to touchdown                     gait/swing_plan
//   stance roll      the foot's rockers, in one function (Rule 4)           gait/stance_roll
//   stance leg       the knee a human stance leg holds, and its reach       gait/stance_leg
//   pelvis solve     the hips from the legs' geometry, bounded by reach     gait/pelvis
// The caller owns a Gait and steps it once per simulation step after the body has moved.
// A state that solves the legs its own way (a crouch, a kneel) replaces the stages it needs
// to and reads the same output.
#include "anim/gait/foothold.hpp"
#include "anim/gait/gait_tuning.hpp"
#include "anim/gait/pelvis.hpp"
#include "anim/gait/pelvis_seam.hpp"
#include "anim/gait/stance_leg.hpp"
#include "anim/gait/swing_plan.hpp"
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
  std::array<double, 2> leg_hip_offset{};  // by Side: each hip joint's x from the hips' centre,
                                           // world m (mid-turn the hips' depth shows in x)
  double roll_tolerance = 0.0;  // rad, >= 0: level of detail, StanceRollInput::tolerance (0: full)
};

struct FootOutput {
  bool planted = true;
  vec2 toe_world{};      // toe (ball) position, world m
  vec2 contact_world{};  // planted: the point that bears and stays still, world m
  Bearing bearing = Bearing::ball;  // which point that is
  vec2 foothold_world{};  // where its ball lies with the foot flat: planted, the foothold; swinging,
                         // the one it is heading for, world m
  double pitch = 0.0;    // heel-up pitch, rad
  double toe_bend = 0.0; // rad the toes are bent up at the ball (planted heel-up: the boot creases)
  vec2 ankle_world{};    // where the leg IK must put the ankle, world m
};

struct GaitOutput {
  std::array<FootOutput, 2> feet{};  // by Side
  double pelvis_y = 0.9;             // hip height, world m
  PelvisBound pelvis_bound = PelvisBound::stand;  // what decided it (the debug overlay shows it)
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

  // Plants both feet at the standing stance around body_x (a teleport or a state change);
  // with `balls` (world, by Side), each foot's ball at that x instead (a posture handing the
  // feet back where it left them, anim/states/).
  void reset_standing(double body_x, int facing, const Terrain& terrain, const GaitTuning& tuning,
                      const std::array<vec2, 2>* balls = nullptr);

 private:
  enum class Mode { standing, walking, settling };
  // A foot's last plant: where it stands (Rule 2: fixed in the world while planted).
  struct Plant {
    vec2 ball{};               // world: the ball with the foot flat, the foothold
    FootPivot pivot{};         // world: the point it bears on now (heel, ball, tip; Rule 2: still)
    double ground = 0.0;       // heel-up pitch of the ground under it (facing frame)
    double stance_cut = 0.0;   // cycles its stance ends early (a short step)
    bool heel_strike = true;   // its heel is on the ground: it lands heel first (a walk's)
    bool tip_roll = true;      // its boot tip is on the ground: it may roll up onto it
    double roll_max = 1e9;     // rad it may roll heel-up before its ankle meets a riser ahead
    double knee_offset = 0.0;  // rad it landed with over the profile's knee (fades through stance)
    bool stepped = false;      // planted by a step of this walk (its stance follows the profiles)
    bool out_of_reach = false; // last step its leg, at full reach, held the hips below where the
                               // gait wanted them, or was about to (a run's push-off then, or a
                               // walking foot left behind while the other bears: it leaves)
    double reach_margin = 0.0; // m, last step: how far above the model its reach allowed the hips
    bool margin_known = false; // (reach_margin is from a step of this plant)
    double landed_hold = 0.0;      // m over the ground's level: its landing hold at the touchdown
    bool landed_hold_set = false;  // (a walk's step set it)
    double since_landing = 0.0;    // s since the touchdown
  };
  // A foot's current swing: its path and where it is heading.
  struct Swing {
    SwingEnd from{};           // where the path starts: its lift-off, or where the foot was
    double path_from = 0.0;    // when its foothold moved to another surface (swing progress)
    double path_hip_x = 0.0;   // world m: the hips where the path starts
    double liftoff_psi = 0.0;  // the foot's phase at lift-off
    double liftoff_hip_x = 0.0;  // world m: the hips at lift-off
    double u = 0.0;            // progress 0..1
    std::int64_t index = 0;    // step number of this swing (Rule 10)
    FootholdChoice choice{};   // its surface, chosen once (issue 6)
    Foothold target{};         // where it will plant
    bool target_set = false;   // (planned on its first step)
    double target_ground = 0.0;  // heel-up pitch of the ground there
    bool target_heel = true;     // its heel bears there (heel_bears)
    bool target_tip = true;      // its boot tip bears there (tip_bears)
    double target_roll_max = 1e9;  // rad it may roll up there (roll_clear_of_ground)
    double land_headroom = 0.0;  // m the landing leg's hold on the hips starts above its ramp
    bool headroom_set = false;   // (set on the swing's first frame)
    double land_support = 0.0;   // m over the level: the landing leg's reach, as followed
    double landing_knee_offset = 0.0;  // rad it will land with bent over the profile's knee
    bool landing_offset_set = false;   // (read as its weight window opens)
  };
  struct Foot {
    bool planted = true;
    Plant plant;
    Swing swing;
    vec2 toe{};            // world, as posed this step
    vec2 ankle{};
    vec2 contact{};
    Bearing bearing = Bearing::ball;
    double pitch = 0.0;
    double toe_bend = 0.0;
  };
  // What every stage of one step reads, built once (as Box2D's step context).
  struct Context {
    double dt = 0.0;
    double facing = 1.0;      // cos(yaw)
    int sign = 1;             // facing sign
    int dir = 1;              // travel direction
    double speed = 0.0;       // m/s this step
    double backward = 0.0;    // 0..1 travel against the facing
    GaitAtSpeed g{};
    double hip_x = 0.0;
    std::array<double, 2> leg_hip_x{};  // by Side: where each leg's hip joint is, world m
    double level = 0.0;       // the ground's level under the hips
    double slope = 0.0;       // dy/dx under the hips
    double ground_cos = 1.0;
    double reach = 0.87;      // m, leg * knee_slack
    double roll_tolerance = 0.0;  // rad, GaitInput's
  };

  Context context(const GaitInput& in, const GaitTuning& t, const Terrain& terrain);
  void update_mode(const Context& c, const GaitInput& in, const GaitTuning& t);
  void advance_phase(const Context& c, const Terrain& terrain);
  void lift_offs_and_touchdowns(const Context& c, double phi_prev, bool wants_to_move, const GaitTuning& t,
                                const Terrain& terrain);
  void plan_swings(const Context& c, const GaitInput& in, const GaitTuning& t, const Terrain& terrain);
  void solve_hips(const Context& c, const GaitTuning& t, const Terrain& terrain);
  void roll_planted(const Context& c, const GaitTuning& t, const Terrain& terrain);
  double matched_knee_offset(const Plant& p, double q, vec2 ankle, vec2 hip, const Context& c, const GaitTuning& t) const;
  void keep_swings_in_reach(const Context& c, const Terrain& terrain);
  void write_output();

  double foot_phase(Side s, double phi, const GaitTuning& t) const;
  double stance_share(Side s, const Context& c, const GaitTuning& t) const;
  StanceRollInput roll_input(const Plant& p, double q, const Context& c, const GaitTuning& t) const;
  // roll_input for a planted foot as it is now: the hips' reach bound and the foot's roll read
  // the same (Rule 2).
  StanceRollInput planted_roll_input(const Foot& f, double q, const Context& c, const GaitTuning& t) const;
  double stance_knee_at(const Plant& p, double q, const Context& c, const GaitTuning& t, bool bend_at_once = false) const;
  double stance_of(double stance_cut, const Context& c) const;
  double natural_height(const Plant& p, double q, double hip_x, const Context& c, const GaitTuning& t) const;
  double key_height(Side s, bool peak, double dpsi, const Context& c, const GaitTuning& t) const;
  double planned_walk(const Context& c, const GaitTuning& t, double shift) const;
  SwingEnd touchdown_pose(const Foot& f, const Context& c) const;
  double standing_height(Side s, const Context& c, const GaitTuning& t) const;
  void lift_off(Foot& f, double psi, double hip_x);
  void touch_down(Foot& f, const Context& c, const GaitTuning& t);
  FootPivot resting_pivot(vec2 ball_flat, double ground, double over, const Context& c, const GaitTuning& t) const;
  void begin_walking(const Context& c, const GaitTuning& t);
  vec2 standing_ball(Side s, const Context& c, const GaitTuning& t, const Terrain& terrain) const;

  Proportions body_;
  Mode mode_ = Mode::standing;
  double phi_ = 0.0;            // cycle phase (Rule 1)
  int last_dir_ = 1;            // direction of the last travel, +1 / -1
  std::int64_t steps_ = 0;
  std::array<Foot, 2> feet_{};
  double gait_speed_ = 0.0;     // m/s, the speed low-passed over speed_smoothing (the tables' input)
  double run_share_ = 0.0;      // 0..1, the run's share of the leg profiles, followed (context())
  double run_share_velocity_ = 0.0;  // 1/s
  double run_blend_ = 0.0;      // 0..1, how much of the run's bounce rides the hips
  double run_crest_over_ = 0.0;      // m over the level: the bounce's crest, as followed
  double run_crest_velocity_ = 0.0;  // m/s
  PelvisSeam seam_{};          // the model's seams, eased (solve_hips)
  double pelvis_y_ = 0.9;
  PelvisBound pelvis_bound_ = PelvisBound::stand;
  double settled_pelvis_ = 0.0;       // m, world: the hips at rest, critically damped (seed 001 s. 6)
  double settled_velocity_ = 0.0;     // m/s
  double hip_offset_ = 0.0;           // m, the damped hips below what the legs allow (<= 0)
  double prev_level_ = 0.0;           // m, the ground's level under the hips last step
  double solved_pelvis_ = 0.0;        // m, world: last step's solved height, before the settle
  double pelvis_vy_ = 0.0;            // m/s, the hips' vertical speed last step
  bool rise_limited_ = false;         // the hips have a last height to rise from
  GaitOutput out_{};
};

}  // namespace anim
