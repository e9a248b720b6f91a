#include "anim/states/state_layer.hpp"

#include "anim/character.hpp"
#include "anim/tuning.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

// facing frame (body at 0, ground at 0) <-> world
vec2 to_world(vec2 p, double body_x, double sign, double ground) { return {body_x + sign * p.x, ground + p.y}; }
vec2 to_facing(vec2 w, double body_x, double sign, double ground) { return {(w.x - body_x) * sign, w.y - ground}; }

double mix(double a, double b, double w) { return a + (b - a) * w; }

}  // namespace

bool StateLayer::cap_intent(Intent& intent, const Tuning& t) const {
  const double cap = posture_speed_cap(posture_, intent.stance, t.stances);
  if (std::abs(intent.vx_desired) <= cap) return false;
  intent.vx_desired = std::clamp(intent.vx_desired, -cap, cap);
  return true;
}

const PostureOutput& StateLayer::advance(Stance request, double speed, bool feet_down, double dt, const Tuning& t) {
  // Leaving the gait for a kneel waits for both feet to be down (the kneel steps from them).
  if (posture_.level == kCrouchLevel && stance_level(request) > kCrouchLevel && !feet_down) request = Stance::crouch;
  out_ = step_posture(posture_, {request, speed, dt}, t.stances);
  return out_;
}

GaitTuning StateLayer::gait_tuning(const Tuning& t) const {
  // Eased like every link (C2 at its ends), so the hips start and stop without a jerk.
  return crouched_gait(t.gait, t.crouch, out_.level >= kCrouchLevel ? 1.0 : out_.link.share);
}

bool StateLayer::take_gait_reset(double body_x, double sign, double ground, std::array<vec2, 2>& balls) {
  const bool reset = moved_off_gait_;
  moved_off_gait_ = false;
  for (Side s : kSides) balls[index(s)] = to_world(kneel_start_.toe_start[index(s)], body_x, sign, ground);
  return reset;
}

void StateLayer::take_gait(const GaitOutput& gait, double body_x, double sign, double ground, double pelvis_forward,
                           const Tuning& t) {
  const double depth = out_.level >= kCrouchLevel ? 1.0 : out_.link.share;
  lower_ = LowerBody{};
  lower_.legs = gait;
  lower_.pelvis_forward = pelvis_forward;
  lower_.trunk_pitch = t.crouch.trunk_lean * depth;
  lower_.breathing = gait.standing;
  // The kneel begins from here: the feet and hips relative to the body.
  for (Side s : kSides) {
    const FootOutput& f = gait.feet[index(s)];
    kneel_start_.ankle_start[index(s)] = to_facing(f.ankle_world, body_x, sign, ground);
    kneel_start_.toe_start[index(s)] = to_facing(f.toe_world, body_x, sign, ground);
    kneel_start_.pitch_start[index(s)] = f.pitch;
  }
  kneel_start_.pelvis_start = gait.pelvis_y - ground;
  kneel_start_.pelvis_forward_start = pelvis_forward;
  kneel_body_x_ = body_x;
  prone_ = ProneState{};
}

void StateLayer::solve(const PostureSolveInput& in, const Proportions& body, const Tuning& t) {
  const PostureLink& link = out_.link;
  KneelInput kin = kneel_start_;
  kin.share = link.lower == Stance::crouch ? link.raw : 1.0;  // each stage of it eases itself
  const KneelPose kneel = kneel_pose(kin, body, t.kneel);
  const bool lying = link.lower == Stance::kneel;
  step_prone_crawl(prone_, in.travelled, lying && link.raw >= 1.0, in.dt, t.prone);
  PronePose prone{};
  if (lying) prone = prone_pose({kneel, link.raw, prone_.phase, prone_.legs}, body, t.kneel, t.prone);
  if (in.body_x != kneel_body_x_) moved_off_gait_ = true;

  // The gait's output is kept for what the posture does not change (phase, steps, params);
  // the feet, hips and contacts are the posture's.
  GaitOutput legs = lower_.legs;
  lower_ = LowerBody{};
  legs.standing = true;
  for (Side s : kSides) {
    const std::size_t i = index(s);
    const vec2 ankle = lying ? prone.ankle[i] : kneel.ankle[i];
    const vec2 toe = lying ? prone.toe[i] : kneel.toe[i];
    FootOutput& f = legs.feet[i];
    f.planted = lying ? prone.planted[i] : kneel.planted[i];
    f.ankle_world = to_world(ankle, in.body_x, in.sign, in.ground);
    f.toe_world = to_world(toe, in.body_x, in.sign, in.ground);
    f.contact_world = f.toe_world;
    f.foothold_world = f.toe_world;
    f.bearing = lying ? Bearing::tip : kneel.bearing[i];
    f.pitch = lying ? prone.pitch[i] : kneel.pitch[i];
    f.toe_bend = 0.0;
    lower_.knee_contact[i] = lying ? prone.knee_down[i] : kneel.knee_down[i];
    lower_.knee_world[i] = to_world(kneel.rear_knee, in.body_x, in.sign, in.ground);
  }
  const vec2 pelvis = lying ? prone.pelvis : kneel.pelvis;
  legs.pelvis_y = in.ground + pelvis.y;
  legs.phase = lying ? prone_.phase : legs.phase;
  lower_.legs = legs;
  lower_.pelvis_forward = pelvis.x;
  lower_.trunk_pitch = lying ? prone.trunk_lean : mix(t.crouch.trunk_lean, t.kneel.trunk_lean, link.share);
  lower_.chest_raise = lying ? prone.chest_raise : 0.0;
  lower_.prone = lying ? prone.flat : 0.0;
  const double face = prone_face_pitch({std::abs(in.travelled) > 1e-6, in.has_aim, in.aim_pitch, in.time, in.seed}, t.prone);
  lower_.face_world = follow_face(prone_, face, in.dt, t.prone);
  // The rifle lying flat: along the aim within a prone body's limits, else level, its muzzle
  // held off the ground ahead.
  lower_.rifle_pitch = in.has_aim ? std::clamp(in.aim_pitch, -t.prone.aim_down_max, t.prone.aim_up_max) : 0.0;
  lower_.breathing = true;  // a kneel is still; lying flat the chest breathes on the floor, crawling too
  if (lying) {
    // Crawling, the hands go to the floor (the elbows out to the sides).
    for (Side s : kSides) {
      const std::size_t i = index(s);
      lower_.hands.hand[i] = {to_world(prone.hand[i], in.body_x, in.sign, in.ground), prone.hands, prone.hand_down[i]};
      lower_.knee_lift[i] = prone.knee_lift[i];
    }
    lower_.hands.elbows_out = prone.hands;  // (the rifle rides on the near forearm: crawl_rifle)
  }
}

State StateLayer::state() const { return out_.state; }

}  // namespace anim
