#include "anim/character.hpp"

#include "anim/ik.hpp"
#include "anim/look_at.hpp"
#include "anim/recoil.hpp"
#include "anim/rifle.hpp"
#include "anim/gait/step_variation.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

constexpr double kMaxDt = 0.1;       // s: a longer spike is simulated as this (quality bar)
constexpr double kMaxSpeed = 8.0;    // m/s, issue 3
constexpr double kMoveIntent = 0.05; // m/s: below this the intent is "stand still"
constexpr double kIdleShiftPeriod = 3.7;  // s between idle weight shifts

double sanitize_dt(double dt) { return std::isfinite(dt) ? std::clamp(dt, 0.0, kMaxDt) : 0.0; }

}  // namespace

Character::Character(const CharacterSpec& spec, const Tuning& tuning, const Terrain& terrain)
    : spec_(spec),
      tuning_(tuning),
      body_(proportions_from(spec.height, spec.build)),
      gait_(body_, tuning.gait, std::isfinite(spec.x) ? spec.x : 0.0, spec.facing, terrain) {
  motion_.x = std::isfinite(spec.x) ? spec.x : 0.0;
  yaw_ = yaw_target_ = spec.facing < 0 ? kPi : 0.0;
  frame_.body_size = body_;
  solve_pose(Intent{}, 0.0);
}

void Character::step(const Intent& raw, double dt_raw, const Terrain& terrain) {
  const double dt = sanitize_dt(dt_raw);
  Intent intent = raw;
  if (!std::isfinite(intent.vx_desired)) intent.vx_desired = 0.0;
  intent.vx_desired = std::clamp(intent.vx_desired, -kMaxSpeed, kMaxSpeed);
  if (intent.has_aim && !is_finite(intent.aim_world)) intent.has_aim = false;

  // 1. Intent -> which way to face: toward the aim point, else along the requested motion.
  int want_sign = yaw_target_ == 0.0 ? 1 : -1;
  if (intent.has_aim && std::abs(intent.aim_world.x - motion_.x) > 0.3) {
    want_sign = intent.aim_world.x > motion_.x ? 1 : -1;
  } else if (!intent.has_aim && std::abs(intent.vx_desired) > kMoveIntent) {
    want_sign = intent.vx_desired > 0.0 ? 1 : -1;
  }
  yaw_target_ = want_sign > 0 ? 0.0 : kPi;
  // A turn is a rotation of a few tenths of a second, not a mirror flip (issue 3).
  // A runner slows before he turns round: the pivot waits until the body is slow enough
  // to plant and turn (the acceleration limit brakes it meanwhile).
  if (std::abs(motion_.vx) <= tuning_.body.turn_max_speed)
    yaw_ = rotate_towards(yaw_, yaw_target_, kPi / tuning_.body.turn_time * dt);

  // A backpedal is capped at a speed people can walk backwards.
  if (intent.vx_desired * want_sign < 0.0) {
    const double cap = tuning_.gait.backward_max_speed;
    intent.vx_desired = std::clamp(intent.vx_desired, -cap, cap);
  }

  // 2. Body motion with the acceleration limit; the real acceleration is kept for the lean.
  const double x_before = motion_.x;
  step_body_motion(motion_, intent.vx_desired, tuning_.body.accel_limit, dt);

  // Standing still is alive: every few seconds the weight settles over one foot or the
  // other (hashed on the time block, so a replay repeats it); moving, the hips centre.
  const bool standing = gait_.output().standing;
  const double shift_target = standing ? tuning_.posture.weight_shift *
      hashed_unit(spec_.seed, static_cast<std::int64_t>(time_ / kIdleShiftPeriod), 7) : 0.0;
  idle_shift_ = rotate_towards(idle_shift_, shift_target, (standing ? 0.05 : 0.4) * dt);

  // 4-5. Gait and pelvis, from the distance travelled.
  GaitInput gi;
  gi.hip_offset = idle_shift_ * BodyFrame{{motion_.x, 0.0}, yaw_}.x_scale();
  gi.body_x = motion_.x;
  gi.travelled = motion_.x - x_before;
  gi.dt = dt;
  gi.facing_scale = BodyFrame{{motion_.x, 0.0}, yaw_}.x_scale();
  // Mid-turn each hip joint shows its depth in x (BodyFrame): the legs reach from there.
  for (Side s : kSides)
    gi.leg_hip_offset[index(s)] = BodyFrame{{motion_.x, 0.0}, yaw_}.depth_scale() *
                                  joint_depth(s == Side::near ? Joint::hip_near : Joint::hip_far, body_);
  gi.wants_to_move = std::abs(intent.vx_desired) > kMoveIntent;
  gi.seed = spec_.seed;
  gait_.step(gi, tuning_.gait, terrain);

  time_ += dt;
  solve_pose(intent, dt);
}

void Character::solve_pose(const Intent& intent, double dt) {
  const GaitOutput& g = gait_.output();
  const PostureTuning& pt = tuning_.posture;
  const BodyFrame frame{{motion_.x, 0.0}, yaw_};
  const double c = frame.x_scale();
  const double sign = c < 0.0 ? -1.0 : 1.0;
  const double speed = std::abs(motion_.vx);
  const bool backward = motion_.vx * c < -1e-6;
  const StepVariation var = step_variation_between(spec_.seed, g.steps, g.step_fraction, tuning_.gait.variation);
  const bool aim_usable = intent.has_aim && std::abs(c) > 0.2;
  const vec2 aim_f = aim_usable ? frame.to_facing(intent.aim_world) : vec2{0.0, 0.0};

  Pose pose;
  pose.pelvis_facing = {idle_shift_, g.pelvis_y};

  // 6. Torso attitude BEFORE anything is solved against the shoulders (Rule 2b): the steady
  // lean of the gait, the lean from the body's real acceleration (seed 000), per-step
  // variation (Rule 10) and breathing, spread over the spine, the lower spine taking more.
  const double lean_accel = step_lean(lean_, motion_.ax * sign, tuning_.lean, dt);
  const double steady = backward ? -0.02 : pt.lean_walk + (pt.lean_sprint - pt.lean_walk) * smoothstep01((speed - 1.0) / 6.0);
  const double lean = steady + lean_accel + var.lean * smoothstep01(speed);
  const double breath = g.standing ? pt.breathing_depth * std::sin(2.0 * kPi * pt.breathing_rate * time_) : 0.0;
  // A shot drives the buttpad back and rocks the shoulders with it (issue 5).
  if (intent.fire) fire_recoil(recoil_, tuning_.recoil);
  step_recoil(recoil_, tuning_.recoil, dt);
  const double rock = tuning_.recoil.shoulder_rock * recoil_.back;
  pose.spine_lower = tuning_.lean.lower_spine_share * lean;
  pose.spine_upper = (1.0 - tuning_.lean.lower_spine_share) * lean - breath - rock;

  // 7. Trunk forward kinematics -> shoulders and head (facing frame).
  const JointPositions trunk = forward_kinematics(pose, body_, BodyFrame{});
  const vec2 shoulder = trunk[index(Joint::shoulder_near)];
  const double upper_abs = kPi / 2.0 - pose.spine_lower - pose.spine_upper;
  const double trunk_forward = upper_abs - kPi / 2.0;

  // 8. The rifle: decide the aim, place the rifle along it with the buttpad in the shoulder
  // pocket, then solve both hands onto it (Rule 2b). The pitch comes onto a new aim at a
  // limited swing speed so a ready-to-aim change is a motion, not a pop.
  const vec2 pocket = shoulder + 0.05 * direction(trunk_forward) - 0.02 * direction(upper_abs);
  const AimDecision aim = decide_aim(tuning_.aim, tuning_.rifle, pocket, aim_usable, aim_f, g.phase);
  double wanted = aim.pitch;
  // Mid-turn the rifle swings up toward port arms, so the turn reads as a pivot.
  wanted += (tuning_.aim.high_ready_pitch - wanted) * (1.0 - std::abs(c));
  if (!pitch_initialized_) {
    rifle_pitch_ = wanted;
    pitch_initialized_ = true;
  }
  rifle_pitch_ = rotate_towards(rifle_pitch_, wanted, tuning_.aim.swing_speed * dt);
  // The kick rides on top of the aim: muzzle climb, and the buttpad driven back along the bore.
  const double held_pitch = rifle_pitch_ + recoil_.pitch;
  const vec2 butt = pocket - recoil_.back * direction(held_pitch);
  const RiflePoints rifle_f = place_rifle(tuning_.rifle, butt, held_pitch);

  const std::array<vec2, 2> hand_target = {rifle_f.grip, rifle_f.fore};
  for (Side s : kSides) {
    TwoBoneIkInput ik;
    ik.root = shoulder;
    ik.target = hand_target[index(s)];
    ik.upper = body_.upper_arm;
    ik.lower = body_.forearm_to_grip();
    ik.bend = BendSide::clockwise;  // elbows down (Rule 2b)
    ik.softness = pt.arm_softness;
    const TwoBoneIkOutput arm = solve_two_bone_ik(ik);
    pose.arm[index(s)].root = wrap_angle(arm.upper_angle - upper_abs);
    pose.arm[index(s)].mid = wrap_angle(arm.lower_angle - arm.upper_angle);
  }

  // 10. Look-at, after the lean: the FACE turns toward the aim point at a limited speed,
  // inside a cone around the trunk's forward (seed 001 sections 1-2); with no aim point it
  // looks along the rifle's carry. The neck takes part of the turn, the head the rest.
  const vec2 head_f = trunk[index(Joint::head)];
  const double animated = var.head;
  const double target = aim_usable && aim_f.x > head_f.x ? angle_of(aim_f - head_f) - trunk_forward : animated;
  const double look = step_look_at(look_, target, animated, tuning_.look, dt);
  pose.neck = -0.4 * look;
  pose.head = 0.6 * look;
  // 9. Legs: two-bone IK from the hips to the gait's ankles, knees forward, solved in the
  // picture plane so planted feet stay exactly where the gait put them. Mid-turn the knee's
  // bend is foreshortened like the rest of the turning body.
  JointPositions joints = forward_kinematics(pose, body_, frame);
  struct LegJoints { Joint hip, knee, ankle, toe; };
  constexpr std::array<LegJoints, 2> kLegs = {{{Joint::hip_near, Joint::knee_near, Joint::ankle_near, Joint::toe_near},
                                               {Joint::hip_far, Joint::knee_far, Joint::ankle_far, Joint::toe_far}}};
  for (Side s : kSides) {
    const LegJoints& k = kLegs[index(s)];
    const FootOutput& foot = g.feet[index(s)];
    TwoBoneIkInput ik;
    ik.root = joints[index(k.hip)];
    ik.target = foot.ankle_world;
    ik.upper = body_.thigh;
    ik.lower = body_.shank;
    ik.bend = c >= 0.0 ? BendSide::counter_clockwise : BendSide::clockwise;  // knees forward
    const TwoBoneIkOutput leg = solve_two_bone_ik(ik);
    vec2 knee = leg.mid;
    if (std::abs(c) < 1.0) {
      const vec2 axis = leg.end - ik.root;
      const double len2 = glm::dot(axis, axis);
      const vec2 on_line = len2 > 1e-12 ? ik.root + axis * (glm::dot(knee - ik.root, axis) / len2) : ik.root;
      knee = on_line + (knee - on_line) * std::abs(c);
    }
    joints[index(k.knee)] = knee;
    joints[index(k.ankle)] = leg.end;
    joints[index(k.toe)] = foot.toe_world;
    // The same leg as joint angles in the facing frame (exact at the two rest facings).
    const double sgn = c < 0.0 ? -1.0 : 1.0;
    auto facing_angle = [sgn](vec2 v) { return angle_of({v.x * sgn, v.y}); };
    const double thigh_abs = facing_angle(knee - ik.root);
    const double shank_abs = facing_angle(leg.end - knee);
    pose.leg[index(s)].root = wrap_angle(thigh_abs + kPi / 2.0);
    pose.leg[index(s)].mid = wrap_angle(shank_abs - thigh_abs);
    pose.leg[index(s)].end = wrap_angle(-foot.pitch - shank_abs - kPi / 2.0);
  }

  // Output (ARCHITECTURE.md step 12 reads this).
  CharacterFrame& f = frame_;
  f.t = time_;
  f.state = g.standing ? State::stand : (g.params.stance_fraction > 0.5 ? State::walk : State::run);
  f.body = frame;
  f.x = motion_.x;
  f.vx = motion_.vx;
  f.ax = motion_.ax;
  f.phase = g.phase;
  f.step = g.steps;
  f.pelvis_bound = g.pelvis_bound;
  for (Side s : kSides) {
    f.contact[index(s)] = g.feet[index(s)].planted;
    f.foot_target[index(s)] = g.feet[index(s)].ankle_world;
    f.plant_world[index(s)] = g.feet[index(s)].contact_world;
    f.toe_bend[index(s)] = g.feet[index(s)].toe_bend;
    f.bearing[index(s)] = g.feet[index(s)].bearing;
    f.foothold[index(s)] = g.feet[index(s)].foothold_world;
  }
  f.has_aim = intent.has_aim;
  f.aim_world = intent.has_aim ? intent.aim_world : frame.to_world(rifle_f.muzzle + 5.0 * direction(held_pitch));
  const double face_abs = trunk_forward - pose.neck + pose.head;
  const vec2 gaze_f = direction(face_abs);
  f.gaze = glm::normalize(vec2{gaze_f.x * c, gaze_f.y} + vec2{1e-12, 0.0});
  f.stance_fraction = g.params.stance_fraction;
  f.cadence = g.params.cadence;
  f.stride = g.params.stride;
  f.body_size = body_;
  f.pose = pose;
  f.joints = joints;
  f.rifle = {frame.to_world(rifle_f.butt), frame.to_world(rifle_f.grip), frame.to_world(rifle_f.fore),
             frame.to_world(rifle_f.muzzle)};
  f.lean = lean;
  f.lean_accel = lean_accel;
  f.look = look;
  f.aim_mode = static_cast<std::uint8_t>(aim.mode);
  // 11. Secondary motion, after the look-at: spring chains root to tip, this same frame.
  f.gear = step_gear(gear_, f, tuning_.gear, dt);
}

}  // namespace anim
