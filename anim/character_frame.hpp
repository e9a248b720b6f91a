#pragma once
// What one simulation step of a character produces: everything the trace (INTERFACES.md),
// the figure and the debug overlay read. Plain data; world metres, y up.
#include "anim/gait/pelvis.hpp"
#include "anim/gait/stance_roll.hpp"
#include "anim/gear_points.hpp"
#include "anim/skeleton.hpp"

#include <cstdint>
#include <string_view>

namespace anim {

enum class State : std::uint8_t { stand, walk, run, crouch, prone, kneel, climb, vault, ladder, ragdoll, getup, drop };
std::string_view state_name(State s);  // as the trace spells it

// A soldier's job in the squad, and so the kit he carries (anim/gear.hpp kit_of).
enum class Role : std::uint8_t { rifleman, radioman, gunner };
std::string_view role_name(Role r);  // "rifleman", "radioman", "gunner"
inline constexpr int kTeams = 4;     // sides a scenario may put soldiers on

// The rifle as it is held; the drawn rifle uses exactly these points (Rule 2b).
struct RiflePoints {
  vec2 butt{};    // buttpad, in the shoulder pocket, world m
  vec2 grip{};    // pistol grip: the near hand holds here
  vec2 fore{};    // fore-end: the far hand holds here
  vec2 muzzle{};  // end of the barrel
};

struct CharacterFrame {
  double t = 0.0;           // simulation time, s
  State state = State::stand;
  BodyFrame body{};         // origin on the ground under the body and the yaw
  double x = 0.0;           // body horizontal position, world m (as simulated)
  double vx = 0.0;          // body horizontal velocity, m/s (as simulated)
  double ax = 0.0;          // body horizontal acceleration, m/s^2 (as simulated)
  double phase = 0.0;       // gait phase in [0, 1), advanced by distance (Rule 1)
  std::int64_t step = 0;    // steps taken so far (one more at each plant)
  std::array<bool, 2> contact{};       // by Side: that foot is planted
  std::array<vec2, 2> foot_target{};   // by Side: where the gait wants each ankle, world m
  std::array<vec2, 2> plant_world{};   // by Side: while planted, the point that bears and stays
                                       // still (the heel through the heel rocker, the ball, then
                                       // the boot's tip through push-off: `bearing`)
  std::array<Bearing, 2> bearing{};    // by Side: which point that is
  std::array<vec2, 2> foothold{};      // by Side: where the ball lies with the foot flat: planted,
                                       // the foothold the swing chose; swinging, the one it heads
                                       // for (world m)
  std::array<double, 2> toe_bend{};    // by Side: rad the toes bend up at the ball (the boot creases)
  PelvisBound pelvis_bound = PelvisBound::stand;  // what decided the hips' height (overlay)
  vec2 aim_world{};         // aim point, world m
  bool has_aim = false;     // an aim point was given (else a relaxed carry)
  vec2 gaze{1.0, 0.0};      // unit vector the face looks along, world
  vec2 skull{0.0, 1.0};     // unit vector of the skull's axis, chin -> crown, world
  vec2 eye{};               // the aiming eye, world m (skeleton.hpp eye_position)
  double stance_fraction = 0.0;  // share of the cycle a foot is down (Rule 6)
  double cadence = 0.0;          // steps per second
  double stride = 0.0;           // m per cycle (two steps)
  Proportions body_size{};  // the proportions this character was built with
  Pose pose{};              // the joint angles that produced `joints`
  JointPositions joints{};  // world positions of every joint
  std::array<double, 2> elbow_depth{};  // by Side: m each elbow is held toward the camera, off the
                                        // plane of the side view (an arm's bones keep their length in 3D)
  RiflePoints rifle{};
  GearPoints gear{};        // spring chains of step 11 (anim/gear); valid once step_gear ran
  // The upper body, for the overlay and the tests (issue 5).
  double lean = 0.0;         // total trunk lean from vertical, rad, + forward
  double lean_accel = 0.0;   // the part of it from the body's acceleration (seed 000), rad
  double lean_slope = 0.0;   // the part of it from the ground's slope, rad
  double look = 0.0;         // the face's angle from the trunk's forward, rad, + up
  std::uint8_t aim_mode = 0; // anim::AimMode: aimed, low_ready, high_ready, carry
  double aim_weight = 0.0;   // 0..1, how much the rifle is aimed (cheek weld, the trunk's share)
  vec2 pocket{};             // the firing shoulder's pocket, world m: a shouldered buttpad sits here
  vec2 sight_eye{};          // where the aiming eye belongs on the sight line, world m
  // Who he is and what he just did, for the drawing (issue 15). Copied from the spec and the
  // intents by game::World after each step; anim::Character leaves the defaults.
  Role role = Role::rifleman;
  std::uint8_t team = 0;     // 0..kTeams-1 (render's team accents)
  double since_shot = -1.0;  // s since his last shot, < 0: none yet
  // The posture (issue 11, anim/states/).
  double posture_level = 0.0;          // 0 stand, 1 crouch, 2 kneel, 3 prone; between: a change under way
  bool speed_capped = false;           // the requested speed was more than the posture allows (HUD)
  std::array<bool, 2> knee_contact{};  // by Side: that knee bears on the ground (a kneel's rear knee)
  std::array<double, 2> knee_depth{};  // by Side: m the knee is held out of the side view's plane (a
                                       // prone leg drawn up to the side); the legs keep their 3D length
  // Obstacle moves (issue 12, anim/states/obstacle_state): by Side, that hand holds on (a box's
  // top or edge, a rung, the crawl's floor) and bears.
  std::array<bool, 2> hand_contact{};
  double hands_free = 0.0;  // 0..1: how far the hands have let go of the rifle for holds of their own
};

}  // namespace anim
