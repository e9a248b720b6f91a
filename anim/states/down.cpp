#include "anim/states/down.hpp"

#include "anim/states/pose_from_joints.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

vec2 unit_or(vec2 v, vec2 fallback) {
  const double l = glm::length(v);
  return l > 1e-12 && std::isfinite(l) ? v / l : fallback;
}

// The face's direction: the skull's axis turned a quarter toward the side he faces
// (render/figure's front_of_up).
vec2 front_of(vec2 skull, int facing) { return facing > 0 ? vec2{skull.y, -skull.x} : vec2{-skull.y, skull.x}; }

// Writes a body that is not the living pipeline's into `f`: its points, where the face looks
// and the eye, and the body's place and speed (the pelvis); nothing planted, no gait, the
// rifle not aimed.
void show_body(CharacterFrame& f, const BodyPoints& p, int facing, State state, double dt) {
  const vec2 pelvis = p.joints[index(Joint::pelvis)];
  const double x_before = f.x;
  f.state = state;
  f.joints = p.joints;
  f.pose = pose_from_joints(p.joints, f.body_size, facing);
  f.rifle = p.rifle;
  f.skull = unit_or(p.skull, {0.0, 1.0});
  f.gaze = front_of(f.skull, facing);
  // anim::eye_position in the facing frame, mirrored to the world.
  const vec2 skull_f{f.skull.x * facing, f.skull.y};
  const vec2 eye_f = eye_position(f.body_size, {0.0, 0.0}, angle_of(skull_f));
  f.eye = p.joints[index(Joint::head)] + vec2{eye_f.x * facing, eye_f.y};
  f.body = BodyFrame::facing({pelvis.x, 0.0}, facing);
  f.x = pelvis.x;
  f.vx = dt > 0.0 && std::isfinite(x_before) ? (pelvis.x - x_before) / dt : 0.0;
  f.ax = 0.0;
  f.contact = {false, false};
  f.foot_target = {p.joints[index(Joint::ankle_near)], p.joints[index(Joint::ankle_far)]};
  f.plant_world = {p.joints[index(Joint::toe_near)], p.joints[index(Joint::toe_far)]};
  f.foothold = f.plant_world;
  f.toe_bend = {0.0, 0.0};
  f.has_aim = false;
  f.aim_world = p.rifle.muzzle + 5.0 * unit_or(p.rifle.muzzle - p.rifle.butt, {static_cast<double>(facing), 0.0});
  f.stance_fraction = f.cadence = f.stride = 0.0;
  f.lean = f.lean_accel = f.lean_slope = f.look = 0.0;
  f.aim_mode = 3;  // AimMode::carry: nothing aimed
  f.aim_weight = 0.0;
  f.elbow_depth = {0.0, 0.0};
  f.pocket = p.joints[index(Joint::shoulder_near)];
  f.sight_eye = f.eye;
}

void die(DownState& s, vec2 impulse, const CharacterFrame& shown, const Tuning& tuning, const Terrain& terrain) {
  RagdollBirth b;
  b.body = shown.body_size;
  b.facing = shown.body.sign();
  b.joints = shown.joints;
  b.rifle = shown.rifle;
  b.joint_velocity = joint_velocities(s.trail.joints, shown.joints, s.trail.dt);
  b.rifle_velocity = rifle_velocities(s.trail.rifle, shown.rifle, s.trail.dt);
  b.rifle_spec = tuning.rifle;
  b.impulse = impulse;
  s.ragdoll_tuning = tuning.ragdoll;  // the constants he dies with, kept until he is up
  s.ragdoll = make_ragdoll(b, s.ragdoll_tuning, terrain);
  s.phase = DownPhase::ragdoll;
}

}  // namespace

DownStep begin_down(DownState& s, const DownIntent& in, const CharacterFrame& shown, const GearState& gear, double dt,
                    const Tuning& tuning, const Terrain& terrain) {
  if (in.die) {
    if (s.phase == DownPhase::ragdoll) {
      push_ragdoll(s.ragdoll, in.impulse, s.ragdoll_tuning);  // a later hit
    } else {
      if (s.phase == DownPhase::living) s.gear = gear;  // the chains carry on hanging from him
      die(s, in.impulse, shown, tuning, terrain);
    }
    return DownStep::ragdoll;
  }
  if (s.phase == DownPhase::ragdoll) {
    if (!in.get_up) return DownStep::ragdoll;
    // Seed 001 section 8: freeze exactly where the ragdoll is, and get up from there.
    s.get_up = start_get_up(body_points(shown), s.ragdoll.face_up, s.ragdoll.rig.facing, shown.body_size, tuning.rifle,
                            tuning.get_up, terrain);
    s.phase = DownPhase::getting_up;
    s.trail = {shown.joints, shown.rifle, dt};
    return DownStep::start_get_up;
  }
  s.trail = {shown.joints, shown.rifle, dt};
  return s.phase == DownPhase::getting_up ? DownStep::getting_up : DownStep::living;
}

void step_down_ragdoll(DownState& s, CharacterFrame& frame, double t, double dt, const Tuning& tuning,
                       const Terrain& terrain) {
  step_ragdoll(s.ragdoll, dt, terrain, s.ragdoll_tuning);
  const Ragdoll& r = s.ragdoll;
  BodyPoints p;
  p.joints = ragdoll_joints(r);
  p.rifle = ragdoll_rifle(r);
  p.skull = r.position[pt(RagdollPoint::head)] - r.position[pt(RagdollPoint::neck)];
  frame.t = t;
  show_body(frame, p, r.rig.facing, State::ragdoll, dt);
  frame.gaze = ragdoll_gaze(r);
  // 11. Secondary motion on the ragdoll's joints, root to tip (seed 001 sections 3-5).
  frame.gear = step_gear(s.gear, frame, tuning.gear, dt);
}

bool finish_get_up(DownState& s, CharacterFrame& frame, double dt, const Tuning& tuning, const Terrain& terrain) {
  GetUp& g = s.get_up;
  g.t += dt;
  const GetUpPose pose = get_up_pose(g, body_points(frame), tuning.get_up, frame.body_size, terrain);
  const bool over = pose.live_share >= 1.0;
  if (!over) {
    const double x = frame.x, vx = frame.vx;
    frame.x = s.trail.joints[index(Joint::pelvis)].x;  // the pelvis as shown last step: show_body's speed
    show_body(frame, pose.points, g.facing, State::getup, dt);
    // Into the stand, the body's place and speed become the living pipeline's.
    frame.x += (x - frame.x) * pose.live_share;
    frame.vx += (vx - frame.vx) * pose.live_share;
  }
  frame.gear = step_gear(s.gear, frame, tuning.gear, dt);
  if (over) s.phase = DownPhase::living;
  return over;
}

}  // namespace anim
