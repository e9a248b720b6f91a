#include "anim/character.hpp"

#include "anim/gait/step_variation.hpp"
#include "anim/leg_pose.hpp"
#include "anim/look_at.hpp"
#include "anim/recoil.hpp"
#include "anim/upper_body/arms.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

constexpr double kMaxDt = 0.1;       // s: a longer spike is simulated as this (quality bar)
constexpr double kMaxSpeed = 8.0;    // m/s, issue 3
constexpr double kMoveIntent = 0.05; // m/s: below this the intent is "stand still"

double sanitize_dt(double dt) { return std::isfinite(dt) ? std::clamp(dt, 0.0, kMaxDt) : 0.0; }

Intent sanitize_intent(const Intent& raw) {
  Intent in = raw;
  if (!std::isfinite(in.vx_desired)) in.vx_desired = 0.0;
  in.vx_desired = std::clamp(in.vx_desired, -kMaxSpeed, kMaxSpeed);
  if (in.has_aim && !is_finite(in.aim_world)) in.has_aim = false;
  return in;
}

}  // namespace

Character::Character(const CharacterSpec& spec, const Tuning& tuning, const Terrain& terrain)
    : spec_(spec),
      tuning_(tuning),
      body_(proportions_from(spec.height, spec.build)),
      gait_(body_, tuning.gait, std::isfinite(spec.x) ? spec.x : 0.0, spec.facing, terrain) {
  motion_.x = std::isfinite(spec.x) ? spec.x : 0.0;
  yaw_ = yaw_target_ = spec.facing < 0 ? kPi : 0.0;
  frame_.body_size = body_;
  states_.take_gait(gait_.output(), motion_.x, spec.facing < 0 ? -1.0 : 1.0, terrain.height_at(motion_.x), 0.0, tuning_);
  obstacle_ = ObstacleState(terrain, motion_.x, body_);
  solve_pose(begin_step(Intent{}, 0.0), terrain);
}

void Character::step(const Intent& raw, double dt, const Terrain& terrain) {
  // The input cleaned once for every stage below (finite, within limits).
  const double h = sanitize_dt(dt);
  const Intent in = sanitize_intent(raw);
  if (step_down(in, h, terrain)) return;  // 3. State: dead, or getting up (anim/states/down)
  // An obstacle move holds his facing (and lowers the aim) while it runs.
  Intent held = in;
  if (obstacle_.holds_facing()) {
    held.has_aim = false;
    held.vx_desired = 0.0;
  }
  StepContext c = begin_step(held, h);
  if (obstacle_.holds_facing()) c.intent.vx_desired = in.vx_desired;  // the move reads it
  states_.set_capped(states_.cap_intent(c.intent, tuning_));  // 3. the posture's speed, before the body moves
  // 3. State: an obstacle move places the body (Rule 7), else the posture's geometry: stand,
  // walk and run are the gait's (Rule 6), crouch, kneel and prone plug in through it.
  if (!step_obstacle(c, terrain)) {
    move_body(c);
    step_state(c, obstacle_.walkable());
  }
  time_ += c.dt;
  solve_pose(c, obstacle_.walkable());
}

bool Character::step_obstacle(StepContext& c, const Terrain& terrain) {
  ObstacleInput in;
  in.dt = c.dt;
  in.body_x = motion_.x;
  in.body_vx = motion_.vx;
  in.vx_desired = c.intent.vx_desired;
  in.sign = c.sign > 0.0 ? 1 : -1;
  in.side_on = std::abs(c.facing) >= 1.0;
  in.take = c.intent.take_obstacle;
  in.climb = c.intent.climb;
  in.wants_sign = yaw_target_ == 0.0 ? 1 : -1;
  in.accel_limit = tuning_.body.accel_limit;
  in.may_start = states_.posture().level == 0.0;
  in.now = pose_of(frame_, obstacle_.owns_body() ? obstacle_.output().gait : states_.lower().legs);
  const ObstacleOutput& o = obstacle_.step(in, terrain, tuning_.obstacle, tuning_.gait);
  if (o.turn_to) yaw_target_ = *o.turn_to > 0 ? 0.0 : kPi;
  if (o.ended) {
    motion_ = BodyMotion{o.end_x, 0.0, 0.0};
    gait_.reset_standing(o.end_x, in.sign, obstacle_.walkable(), tuning_.gait);
    states_.take_gait(gait_.output(), o.end_x, in.sign, obstacle_.walkable().height_at(o.end_x), 0.0, tuning_);
  }
  if (!o.owns_body) {
    c.intent.vx_desired = o.vx_desired;
    return false;
  }
  idle_shift_ = 0.0;
  travelled_ = o.body_x - motion_.x;
  motion_.ax = c.dt > 0.0 ? (o.body_vx - motion_.vx) / c.dt : 0.0;
  motion_.x = o.body_x;
  motion_.vx = o.body_vx;
  return true;
}

StepContext Character::begin_step(const Intent& clean, double dt) {
  StepContext c;
  c.dt = dt;
  c.intent = clean;
  Intent& intent = c.intent;
  const BodyTuning& bt = tuning_.body;
  // 1. Intent -> which way to face: toward the aim point, else along the requested motion.
  // Asked to go away from the aim faster than a person walks backwards, he turns and runs
  // (the aim then falls behind him), rather than backpedalling at a run.
  int want_sign = yaw_target_ == 0.0 ? 1 : -1;
  const bool moving = std::abs(intent.vx_desired) > kMoveIntent;
  const int travel_sign = intent.vx_desired > 0.0 ? 1 : -1;
  if (intent.has_aim && std::abs(intent.aim_world.x - motion_.x) > bt.aim_face_distance) {
    want_sign = intent.aim_world.x > motion_.x ? 1 : -1;
    if (moving && want_sign != travel_sign && std::abs(intent.vx_desired) > tuning_.gait.backward_max_speed)
      want_sign = travel_sign;
  } else if (!intent.has_aim && moving) {
    want_sign = travel_sign;
  }
  yaw_target_ = want_sign > 0 ? 0.0 : kPi;
  // A turn is a rotation of a few tenths of a second, not a mirror flip (issue 3). A runner
  // slows before he turns round: the pivot waits until the body is slow enough to plant and
  // turn (the acceleration limit brakes it meanwhile); a turn once begun completes.
  const bool mid_turn = yaw_ != 0.0 && yaw_ != kPi;
  if (states_.may_turn() && (mid_turn || std::abs(motion_.vx) <= bt.turn_max_speed))
    yaw_ = rotate_towards(yaw_, yaw_target_, kPi / bt.turn_time * c.dt);
  // A backpedal is capped at a speed people can walk backwards.
  if (intent.vx_desired * want_sign < 0.0) {
    const double cap = tuning_.gait.backward_max_speed;
    intent.vx_desired = std::clamp(intent.vx_desired, -cap, cap);
  }
  const BodyFrame frame{{motion_.x, 0.0}, yaw_};
  c.facing = frame.x_scale();
  c.sign = c.facing < 0.0 ? -1.0 : 1.0;
  c.aim_usable = intent.has_aim && std::abs(c.facing) > bt.aim_min_side;
  c.aim_facing = c.aim_usable ? frame.to_facing(intent.aim_world) : vec2{0.0, 0.0};
  return c;
}

void Character::move_body(StepContext& c) {
  // 2. Body motion with the acceleration limit; the real acceleration is kept for the lean.
  const double x_before = motion_.x;
  step_body_motion(motion_, c.intent.vx_desired, tuning_.body.accel_limit, c.dt);
  travelled_ = motion_.x - x_before;
}

void Character::step_gait(const StepContext& c, const Terrain& terrain) {
  // Standing still is alive: every few seconds the weight settles over one foot or the
  // other (hashed on the time block, so a replay repeats it); moving, the hips centre.
  const PostureTuning& pt = tuning_.posture;
  const bool standing = gait_.output().standing;
  const double shift_target = standing ? pt.weight_shift *
      hashed_unit(spec_.seed, static_cast<std::int64_t>(time_ / pt.weight_shift_period), 7) : 0.0;
  idle_shift_ = rotate_towards(idle_shift_, shift_target, (standing ? pt.weight_shift_speed : pt.weight_centre_speed) * c.dt);

  // 4-5. Gait and pelvis, from the distance travelled.
  const BodyFrame frame{{motion_.x, 0.0}, yaw_};
  GaitInput gi;
  gi.hip_offset = idle_shift_ * c.facing;
  gi.body_x = motion_.x;
  gi.travelled = travelled_;
  gi.dt = c.dt;
  gi.facing_scale = c.facing;
  // Mid-turn each hip joint shows its depth in x (BodyFrame): the legs reach from there.
  for (Side s : kSides)
    gi.leg_hip_offset[index(s)] = frame.depth_scale() * joint_depth(s == Side::near ? Joint::hip_near : Joint::hip_far, body_);
  gi.wants_to_move = std::abs(c.intent.vx_desired) > kMoveIntent;
  gi.seed = spec_.seed;
  gi.roll_tolerance = detail_.roll_tolerance;
  gait_.step(gi, states_.gait_tuning(tuning_), terrain);
}

void Character::step_state(const StepContext& c, const Terrain& terrain) {
  // Where on the posture chain the body is, then the geometry that solves it (anim/states/).
  const double ground = terrain.height_at(motion_.x);
  if (time_ == 0.0 && c.intent.stance != Stance::stand) {
    // Placed in a posture, he starts in it: the feet planted as crouched (where a kneel or
    // prone would have begun from), the upper body's followers afresh.
    states_.start_in(c.intent.stance);
    gait_.reset_standing(motion_.x, c.sign < 0.0 ? -1 : 1, terrain, states_.gait_tuning(tuning_));
    states_.take_gait(gait_.output(), motion_.x, c.sign, ground, idle_shift_, tuning_);
    rifle_ = RifleHoldState{};
    look_ = LookAtState{};
  }
  // (A kneel or prone begins with both feet down and the turn, if any, complete.)
  states_.advance(c.intent.stance, std::abs(motion_.vx), gait_.output().standing && std::abs(c.facing) == 1.0, c.dt, tuning_);
  if (states_.gait_runs()) {
    std::array<vec2, 2> balls{};
    if (states_.take_gait_reset(motion_.x, c.sign, ground, balls))
      gait_.reset_standing(motion_.x, c.sign < 0.0 ? -1 : 1, terrain, states_.gait_tuning(tuning_), &balls);
    step_gait(c, terrain);
    states_.take_gait(gait_.output(), motion_.x, c.sign, ground, idle_shift_, tuning_);
    return;
  }
  PostureSolveInput in;
  in.body_x = motion_.x;
  in.sign = c.sign;
  in.ground = ground;
  in.travelled = travelled_ * c.sign;  // along the facing
  in.dt = c.dt;
  in.time = time_;
  in.seed = spec_.seed;
  if (c.aim_usable) {
    // (An aim point behind him is not aimed at from a kneel or lying flat: he does not turn.)
    const vec2 head = frame_.joints[index(Joint::head)];
    const vec2 to_aim{(c.intent.aim_world.x - head.x) * c.sign, c.intent.aim_world.y - head.y};
    in.has_aim = to_aim.x > 0.0;
    in.aim_pitch = angle_of(to_aim);
  }
  states_.solve(in, body_, tuning_);
}

void Character::solve_pose(const StepContext& c, const Terrain& terrain) {
  const bool move = obstacle_.owns_body();  // an obstacle move places the body (3. State)
  const BodyTargets& held = obstacle_.output().pose;
  const LowerBody& lower = states_.lower();
  const BodyTargets& hands = move ? held : lower.hands;  // the hands' own holds off the rifle, if any
  const GaitOutput& g = move ? obstacle_.output().gait : lower.legs;
  const BodyFrame frame{{motion_.x, 0.0}, yaw_};
  const double speed = std::abs(motion_.vx);
  const StepVariation var = step_variation_between(spec_.seed, g.steps, g.step_fraction, tuning_.gait.variation);

  Pose pose;
  pose.pelvis_facing = {lower.pelvis_forward, g.pelvis_y};

  // 6. Torso attitude BEFORE anything is solved against the shoulders (Rule 2b). The aim's
  // share of the lean reads the rifle's pitch as it was last step (the rifle is placed from
  // the shoulders this lean sets; its pitch moves at a bounded rate, so this is smooth).
  if (c.intent.fire) fire_recoil(recoil_, tuning_.recoil);
  step_recoil(recoil_, tuning_.recoil, c.dt);
  const TorsoTuning& tt = tuning_.torso;
  const double grade = move ? 0.0  // (a move owns the trunk: the walk takes it over at rest, not leaning for the last surface's slope)
                            : c.sign * (terrain.level_at(motion_.x + tt.slope_reach) - terrain.level_at(motion_.x - tt.slope_reach)) /
                                  (2.0 * tt.slope_reach);
  TorsoInput ti;
  ti.speed = speed;
  ti.backward = std::clamp(-motion_.vx * c.facing / std::max(speed, 1e-9), 0.0, 1.0) * smoothstep01(speed / 0.3);
  ti.grade = grade;
  ti.accel_forward = move ? 0.0 : motion_.ax * c.sign;  // (nor for the move's own accelerations)
  ti.variation = var.lean;
  ti.aim_pitch = rifle_.pitch;
  ti.aim_weight = rifle_.aim_weight;
  ti.breathing = lower.breathing ? 1.0 : 0.0;
  ti.rock = tuning_.recoil.shoulder_rock * recoil_.back;
  ti.time = time_;
  ti.dt = c.dt;
  const TorsoAttitude torso = step_torso(torso_, ti, tt, tuning_.lean);
  pose.spine_lower = torso.spine_lower + lower.trunk_pitch;  // the posture's trunk (anim/states/)
  pose.spine_upper = torso.spine_upper - lower.chest_raise;
  if (move) pose.spine_lower = held.lean - torso.spine_upper;

  // 7. Trunk forward kinematics -> shoulders and head (facing frame).
  const JointPositions trunk = to_world(trunk_kinematics(pose, body_), body_, BodyFrame{});
  const vec2 shoulder = trunk[index(Joint::shoulder_near)];
  const double upper_abs = kPi / 2.0 - pose.spine_lower - pose.spine_upper;

  // 8. The rifle along the aim with its buttpad in the shoulder pocket, or carried; then
  // both hands solved onto it (Rule 2b).
  RifleHoldInput ri;
  ri.shoulder = shoulder;
  ri.trunk_angle = upper_abs;
  ri.hips = pose.pelvis_facing;
  ri.trunk_length = body_.trunk;
  ri.has_aim = c.aim_usable;
  ri.aim = c.aim_facing;
  if (lower.prone > 0.0) {
    // Going down the rifle comes up from the carry's pitch to the prone one (anim/states/prone:
    // within what a prone body can aim, the elbows on the floor), shouldered all the way.
    ri.has_aim = true;
    const double pitch = tuning_.aim.carry_pitch + (lower.rifle_pitch - tuning_.aim.carry_pitch) * lower.prone;
    ri.aim = shoulder + 20.0 * direction(pitch);
  }
  ri.phase = g.phase;
  ri.speed = speed;
  ri.turn = 1.0 - std::abs(c.facing);
  ri.recoil_pitch = recoil_.pitch;
  ri.recoil_back = recoil_.back;
  ri.dt = c.dt;
  const RifleHold hold = step_rifle_hold(rifle_, ri, tuning_.aim, tuning_.carry, tuning_.rifle);
  ArmsInput arms_in{shoulder, upper_abs, hold.rifle};
  hold_hands(arms_in.rifle, hands, frame);  // a hand on a box's top, an edge, a rung or the crawl's floor
  const ArmsPose arms = solve_arms(arms_in, body_, arms_for(tuning_.arms, hands));
  pose.arm = arms.angles;

  // 10. Look-at, after the lean: the FACE turns toward the aim point at a limited speed,
  // inside a cone around the trunk's forward (seed 001 sections 1-2); with no aim point it
  // looks along the rifle's carry. Aimed, the head drops onto the stock (the cheek weld).
  // (Solved before the legs: it does not read them, and the joints below need its angles.)
  const vec2 head_f = trunk[index(Joint::head)];
  const double trunk_forward = upper_abs - kPi / 2.0;
  double target = c.aim_usable && c.aim_facing.x > head_f.x ? angle_of(c.aim_facing - head_f) - trunk_forward : var.head;
  LookAtTuning look_tuning = tuning_.look;
  HeadTuning head_tuning = tuning_.head;
  if (lower.prone > 0.0) {
    // Lying flat the FACE is solved absolutely (Rule 7): off a horizontal trunk the neck cranes
    // and the skull comes up toward vertical; the cone and the neck's share open up for it.
    target += (lower.face_world - trunk_forward - target) * lower.prone;
    look_tuning.cone += (kPi / 2.0 + 0.2 - look_tuning.cone) * lower.prone;
    head_tuning.look_neck_share += (tuning_.prone.neck_share - head_tuning.look_neck_share) * lower.prone;
    head_tuning.neck_extend_max = std::max(head_tuning.neck_extend_max, tuning_.prone.neck_extend_max * lower.prone);
  }
  const double look = step_look_at(look_, target, var.head, look_tuning, c.dt);
  // (Lying flat with no aim point the rifle is held shouldered but the head is free: the weld
  // is only for aiming.)
  const double weld = c.aim_usable ? hold.aim_weight : hold.aim_weight * (1.0 - lower.prone);
  const HeadPose head = solve_head({trunk[index(Joint::neck)], upper_abs, look, weld, hold.rifle, hold.pitch},
                                   body_, tuning_.rifle, head_tuning);
  pose.neck = head.neck;
  pose.head = head.head;

  // 9. Legs: two-bone IK from the hips to the gait's ankles, knees forward.
  const JointPositions facing_joints = facing_kinematics(pose, body_);  // (the head's, for the eye below: the legs do not move it)
  JointPositions joints = to_world(facing_joints, body_, frame);
  pose.leg = solve_legs(g, body_, c.facing, joints);
  std::array<double, 2> knee_depth{};
  if (lower.prone > 0.0) {
    // A prone leg drawn up cannot fold its knee down through the floor: it goes out to the side.
    for (Side s : kSides) {
      const double floor = terrain.height_at(motion_.x) + tuning_.kneel.knee_height + lower.knee_lift[index(s)];
      const Joint hip = s == Side::near ? Joint::hip_near : Joint::hip_far;
      const Joint knee = s == Side::near ? Joint::knee_near : Joint::knee_far;
      const Joint ankle = s == Side::near ? Joint::ankle_near : Joint::ankle_far;
      const FrogKnee fk = frog_knee(joints[index(hip)], joints[index(ankle)], joints[index(knee)], floor, body_);
      joints[index(knee)] = fk.knee;
      knee_depth[index(s)] = fk.depth;
    }
  }
  // The elbows as the side view sees them, held out of its plane (arms.hpp).
  for (Side s : kSides) {
    const Joint elbow = s == Side::near ? Joint::elbow_near : Joint::elbow_far;
    const Joint hand = s == Side::near ? Joint::hand_near : Joint::hand_far;
    joints[index(elbow)] = frame.to_world(arms.elbow[index(s)], joint_depth(elbow, body_) + arms.elbow_depth[index(s)]);
    joints[index(hand)] = frame.to_world(arms.hand[index(s)], joint_depth(hand, body_));
  }

  // Output (ARCHITECTURE.md step 12 reads this).
  CharacterFrame& f = frame_;
  f.t = time_;
  f.state = move ? obstacle_.output().state
         : states_.state() != State::stand ? states_.state()
         : g.standing ? State::stand : (g.params.stance_fraction > 0.5 ? State::walk : State::run);
  f.body = frame;
  f.x = motion_.x;
  f.vx = motion_.vx;
  f.ax = motion_.ax;
  f.phase = g.phase;
  f.step = g.steps;
  f.pelvis_bound = g.pelvis_bound;
  for (Side s : kSides) {
    const FootOutput& foot = g.feet[index(s)];
    f.contact[index(s)] = foot.planted;
    f.foot_target[index(s)] = foot.ankle_world;
    f.plant_world[index(s)] = foot.contact_world;
    f.toe_bend[index(s)] = foot.toe_bend;
    f.bearing[index(s)] = foot.bearing;
    f.foothold[index(s)] = foot.foothold_world;
  }
  f.has_aim = c.intent.has_aim;
  f.aim_world = c.intent.has_aim ? c.intent.aim_world : frame.to_world(hold.rifle.muzzle + 5.0 * direction(hold.pitch));
  const double skull = skull_angle(pose);
  const vec2 face_f = direction(skull - kPi / 2.0);
  f.gaze = glm::normalize(vec2{face_f.x * c.facing, face_f.y} + vec2{1e-12, 0.0});
  const vec2 skull_f = direction(skull);
  f.skull = glm::normalize(vec2{skull_f.x * c.facing, skull_f.y} + vec2{0.0, 1e-12});
  f.eye = frame.to_world(eye_position(body_, BodyFrame{}.to_world(facing_joints[index(Joint::head)], joint_depth(Joint::head, body_)), skull));
  f.stance_fraction = g.params.stance_fraction;
  f.cadence = g.params.cadence;
  f.stride = g.params.stride;
  f.body_size = body_;
  f.pose = pose;
  f.joints = joints;
  f.rifle = {frame.to_world(hold.rifle.butt), frame.to_world(hold.rifle.grip), frame.to_world(hold.rifle.fore),
             frame.to_world(hold.rifle.muzzle)};
  f.rifle = slung_rifle(f.rifle, joints[index(Joint::pelvis)], joints[index(Joint::shoulder_near)], frame.sign(), hands.sling);
  if (!move) f.rifle = crawl_rifle(f.rifle, joints[index(Joint::hand_near)], frame.sign(), lower.hands.hand[0].weight);
  for (Side s : kSides) f.hand_contact[index(s)] = hands.hand[index(s)].bearing;
  f.hands_free = std::max(hands.hand[0].weight, hands.hand[1].weight);
  f.lean = torso.lean + lower.trunk_pitch;
  f.lean_accel = torso.accel_lean;
  f.lean_slope = torso.slope_lean;
  f.look = look;
  f.aim_mode = static_cast<std::uint8_t>(hold.mode);
  f.aim_weight = hold.aim_weight;
  f.elbow_depth = arms.elbow_depth;
  f.pocket = frame.to_world(hold.pocket);
  f.sight_eye = frame.to_world(head.eye_target);
  // 11. Secondary motion, after the look-at: spring chains root to tip, this same frame.
  f.gear = step_gear(gear_, f, tuning_.gear, c.dt, detail_.gear_every);
  f.posture_level = states_.posture().level;
  f.speed_capped = states_.speed_capped();
  f.knee_depth = knee_depth;
  for (Side s : kSides) {
    const vec2 knee = joints[index(s == Side::near ? Joint::knee_near : Joint::knee_far)];
    f.knee_contact[index(s)] = lower.knee_contact[index(s)] ||
                               knee.y <= terrain.height_at(knee.x) + tuning_.kneel.knee_height + 1e-3;
  }
}

bool Character::step_down(const Intent& in, double h, const Terrain& terrain) {
  const DownStep down = begin_down(down_, {in.die, in.die_impulse, in.get_up}, frame_, gear_, h, tuning_, terrain);
  if (down == DownStep::living) return false;
  if (down == DownStep::ragdoll) {
    time_ += h;
    step_down_ragdoll(down_, frame_, time_, h, tuning_, terrain);
    return true;
  }
  if (down == DownStep::start_get_up) stand_at(down_.get_up.stand_x, down_.get_up.facing, terrain);
  // The living stand he gets up into, this step: step()'s stages, standing still, aiming where
  // he is asked to.
  Intent stand;
  stand.has_aim = in.has_aim;
  stand.aim_world = in.aim_world;
  StepContext c = begin_step(stand, h);
  move_body(c);
  step_state(c, obstacle_.walkable());
  time_ += c.dt;
  solve_pose(c, obstacle_.walkable());
  if (finish_get_up(down_, frame_, h, tuning_, terrain)) gear_ = down_.gear;
  return true;
}

void Character::stand_at(double x, int facing, const Terrain& terrain) {
  const double at = std::isfinite(x) ? x : motion_.x;
  motion_ = BodyMotion{};
  motion_.x = at;
  travelled_ = 0.0;
  yaw_ = yaw_target_ = facing < 0 ? kPi : 0.0;
  gait_.reset_standing(at, facing, terrain, tuning_.gait);
  states_ = StateLayer{};  // he gets up into the stand, whatever posture or move he fell from
  obstacle_ = ObstacleState(terrain, at, body_);
  states_.take_gait(gait_.output(), at, facing < 0 ? -1.0 : 1.0, terrain.height_at(at), 0.0, tuning_);
  torso_ = TorsoState{};
  look_ = LookAtState{};
  rifle_ = RifleHoldState{};
  recoil_ = RecoilState{};
  idle_shift_ = 0.0;
}

}  // namespace anim
