#pragma once
// Step 3 of the frame (ARCHITECTURE.md): the state layer. It decides which geometry solves
// the body this step and hands the pose a LowerBody (anim/states/lower_body.hpp), whatever
// produced it:
//   stand, walk, run   the gait (anim/gait), Rule 6
//   crouch             the gait on the crouch's own geometry (anim/states/crouch)
//   kneel              anim/states/kneel: the rear knee a contact
//   prone              anim/states/prone: down through the hands and knees, the crawl, the face
// Later states (climb, vault, ladder, ragdoll, get-up) plug in the same way: a module under
// anim/states/ with its input and output structs, a branch in StateLayer::solve that fills
// the LowerBody, and a State for the trace. Character::step calls cap_intent before the body
// moves, advance, then either the gait (gait_runs) and take_gait, or solve.
#include "anim/states/crouch.hpp"
#include "anim/states/kneel.hpp"
#include "anim/states/lower_body.hpp"
#include "anim/states/posture.hpp"
#include "anim/states/prone.hpp"

#include <cstdint>

namespace anim {

struct Intent;
struct Tuning;

// What a posture's own geometry reads this step (the gait's states read GaitInput instead).
struct PostureSolveInput {
  double body_x = 0.0;       // world m, after this step's motion
  double sign = 1.0;         // facing sign: the facing frame's x = (world x - body_x) * sign
  double ground = 0.0;       // m, the ground's height under the body
  double travelled = 0.0;    // m moved this step along the facing (+ forward, - backing)
  double dt = 0.0;           // s
  double time = 0.0;         // s since start (the prone head's checks)
  std::uint64_t seed = 0;    // Rule 10
  bool has_aim = false;      // the aim point is usable
  double aim_pitch = 0.0;    // rad above the horizontal from the head to it
};

class StateLayer {
 public:
  // Before the body moves: the requested speed capped at what the posture (and the way to the
  // requested one) allows. Returns true when it was capped (the HUD says so).
  bool cap_intent(Intent& intent, const Tuning& t) const;

  // A soldier placed in a posture starts in it (his first step): no change of posture shown.
  void start_in(Stance stance) {
    posture_.level = out_.level = stance_level(stance);
    out_.link = posture_link(out_.level);
  }

  // Where on the posture chain the body is this step. `feet_down`: the gait stands with both
  // feet planted (a kneel or prone begins only from there).
  const PostureOutput& advance(Stance request, double speed, bool feet_down, double dt, const Tuning& t);

  // The body may turn round: not kneeling or lying (a kneel or prone holds its facing; a
  // request to face the other way waits until he is back up to the crouch).
  bool may_turn() const { return out_.level <= kCrouchLevel; }

  // The gait solves the body (stand, walk, run, crouch: the level is at most the crouch's).
  bool gait_runs() const { return out_.level <= kCrouchLevel; }
  // The gait's tuning at the crouch depth of this step.
  GaitTuning gait_tuning(const Tuning& t) const;
  // The gait resumes after a kneel or prone that moved the body: it must re-plant its feet
  // where the posture left them. Once: true with `balls` (world, by Side) set when the caller
  // should reset the gait onto them.
  bool take_gait_reset(double body_x, double sign, double ground, std::array<vec2, 2>& balls);

  // The gait solved the legs: its output is the lower body. `pelvis_forward` is the hips'
  // idle offset ahead of the body (facing frame). Kept as the start of a kneel.
  void take_gait(const GaitOutput& gait, double body_x, double sign, double ground, double pelvis_forward,
                 const Tuning& t);
  // A kneel or prone: the posture's own geometry.
  void solve(const PostureSolveInput& in, const Proportions& body, const Tuning& t);

  const LowerBody& lower() const { return lower_; }
  const PostureOutput& posture() const { return out_; }
  // What the trace names (INTERFACES.md `state`): the gait's stand / walk / run upright, else
  // the posture.
  State state() const;
  bool speed_capped() const { return capped_; }
  void set_capped(bool capped) { capped_ = capped; }

 private:
  PostureState posture_;
  PostureOutput out_;
  LowerBody lower_;
  KneelInput kneel_start_;   // the crouched gait's last feet and hips, relative to the body
  double kneel_body_x_ = 0.0;  // world m: the body's x when they were taken
  bool moved_off_gait_ = false;  // the body moved since the gait last ran
  ProneState prone_;
  bool capped_ = false;
};

}  // namespace anim
