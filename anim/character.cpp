#include "anim/character.hpp"

#include "anim/ik.hpp"
#include "anim/rifle.hpp"
#include "anim/step_variation.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

constexpr double kMaxDt = 0.1;       // s: a longer spike is simulated as this (quality bar)
constexpr double kMaxSpeed = 8.0;    // m/s, issue 3
constexpr double kMoveIntent = 0.05; // m/s: below this the intent is "stand still"
constexpr double kIdleShiftPeriod = 3.7;  // s between idle weight shifts

double sanitize_dt(double dt) { return std::isfinite(dt) ? std::clamp(dt, 0.0, kMaxDt) : 0.0; }

// Moves `a` toward `b` by at most `max_step` (never overshoots, seed 001 section 1).
double rotate_towards(double a, double b, double max_step) {
  const double d = b - a;
  return std::abs(d) <= max_step ? b : a + (d > 0.0 ? max_step : -max_step);
}

}  // namespace

Character::Character(const CharacterSpec& spec, const Tuning& tuning, const Terrain& terrain)
    : spec_(spec),
      tuning_(tuning),
      body_(proportions_for_height(spec.height)),
      gait_(body_, tuning.gait, std::isfinite(spec.x) ? spec.x : 0.0, spec.facing, terrain) {
  motion_.x = std::isfinite(spec.x) ? spec.x : 0.0;
  yaw_ = yaw_target_ = spec.facing < 0 ? kPi : 0.0;
  frame_.body_size = body_;
  solve_pose(Intent{}, terrain, 0.0);
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
  gi.wants_to_move = std::abs(intent.vx_desired) > kMoveIntent;
  gi.seed = spec_.seed;
  gait_.step(gi, tuning_.gait, terrain);

  time_ += dt;
  solve_pose(intent, terrain, dt);
}

void Character::solve_pose(const Intent& intent, const Terrain& terrain, double dt) {
  (void)terrain;
  const GaitOutput& g = gait_.output();
  const PostureTuning& pt = tuning_.posture;
  const BodyFrame frame{{motion_.x, 0.0}, yaw_};
  const double c = frame.x_scale();
  const double speed = std::abs(motion_.vx);
  const bool backward = motion_.vx * c < -1e-6;
  const StepVariation var = step_variation_between(spec_.seed, g.steps, g.step_fraction, tuning_.gait.variation);

  Pose pose;
  pose.pelvis_facing = {idle_shift_, g.pelvis_y};

  // 6. Torso attitude BEFORE anything is solved against the shoulders (Rule 2b): a steady
  // forward lean that grows with speed, the acceleration lean (seed 000), per-step
  // variation (Rule 10), and breathing.
  if (dt > 0.0) {
    const double raw = pt.lean_strength * std::atan2(motion_.ax * (c < 0.0 ? -1.0 : 1.0), kGravity);
    lean_accel_ += (raw - lean_accel_) * std::clamp(pt.lean_smoothing * dt, 0.0, 1.0);
  }
  const double steady = backward ? -0.02 : pt.lean_walk + (pt.lean_sprint - pt.lean_walk) * smoothstep01(speed / 7.0);
  const double lean = std::clamp(steady + lean_accel_ + var.lean * smoothstep01(speed), -pt.lean_max, pt.lean_max);
  const double breath = g.standing ? pt.breathing_depth * std::sin(2.0 * kPi * pt.breathing_rate * time_) : 0.0;
  pose.spine_lower = 0.65 * lean;  // the lower spine takes more of the lean (seed 000)
  pose.spine_upper = 0.35 * lean - breath;

  // 7. Trunk forward kinematics -> shoulders (facing frame).
  const JointPositions trunk = forward_kinematics(pose, body_, BodyFrame{});
  const vec2 shoulder = trunk[index(Joint::shoulder_near)];
  const double upper_abs = kPi / 2.0 - pose.spine_lower - pose.spine_upper;

  // 8. Rifle along the aim, buttpad in the shoulder pocket; hands solved onto it.
  const vec2 pocket = shoulder + 0.05 * direction(upper_abs - kPi / 2.0) - 0.02 * direction(upper_abs);
  double pitch = pt.low_ready_pitch;
  if (intent.has_aim && std::abs(c) > 0.2) {
    const vec2 aim_f = frame.to_facing(intent.aim_world);
    if (aim_f.x > 0.05) pitch = std::clamp(angle_of(aim_f - pocket), pt.aim_pitch_min, pt.aim_pitch_max);
  }
  // Mid-turn the rifle swings up toward port arms, so the turn reads as a pivot.
  pitch += (1.3 - pitch) * (1.0 - std::abs(c));
  const RiflePoints rifle_f = place_rifle(tuning_.rifle, pocket, pitch);

  const std::array<vec2, 2> hand_target = {rifle_f.grip, rifle_f.fore};
  for (Side s : kSides) {
    TwoBoneIkInput ik;
    ik.root = shoulder;
    ik.target = hand_target[index(s)];
    ik.upper = body_.upper_arm;
    ik.lower = body_.forearm_to_grip();
    ik.bend = BendSide::clockwise;  // elbows down (Rule 2b)
    const TwoBoneIkOutput arm = solve_two_bone_ik(ik);
    pose.arm[index(s)].root = wrap_angle(arm.upper_angle - upper_abs);
    pose.arm[index(s)].mid = wrap_angle(arm.lower_angle - arm.upper_angle);
  }

  // 10. Look-at: the face turns toward the aim point at a limited speed, inside a cone.
  double head_target = var.head;
  if (intent.has_aim && std::abs(c) > 0.2) {
    const vec2 aim_f = frame.to_facing(intent.aim_world);
    const vec2 eye = trunk[index(Joint::head)];
    if (aim_f.x > 0.0) head_target = angle_of(aim_f - eye) - (upper_abs - kPi / 2.0);
  }
  head_target = std::clamp(head_target, -pt.head_cone, pt.head_cone);
  head_pitch_ = rotate_towards(head_pitch_, head_target, pt.head_turn_speed * dt);
  pose.neck = 0.4 * head_pitch_ * -1.0;  // the neck takes part of the turn; + neck tips forward
  pose.head = 0.6 * head_pitch_;

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
  for (Side s : kSides) {
    f.contact[index(s)] = g.feet[index(s)].planted;
    f.foot_target[index(s)] = g.feet[index(s)].ankle_world;
    f.plant_world[index(s)] = g.feet[index(s)].toe_world;
  }
  f.has_aim = intent.has_aim;
  f.aim_world = intent.has_aim ? intent.aim_world : frame.to_world(rifle_f.muzzle + 5.0 * direction(pitch));
  const double face_abs = upper_abs - pose.neck + pose.head - kPi / 2.0;
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
}

}  // namespace anim
