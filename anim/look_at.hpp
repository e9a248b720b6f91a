#pragma once
// Look-at with a turn speed, a cone and a weight (seed 001 sections 1 and 2), in 2D: the
// angle is the FACE's pitch away from the trunk's forward (Rule 7: it is the face that is
// solved, not the skull's axis, which is perpendicular to it).
namespace anim {

struct LookAtTuning {
  double turn_speed = 3.4907;  // rad/s the face may turn (200 deg/s, seed 001 section 1)
  double cone = 0.7854;        // rad, the largest angle from the trunk's forward (45 deg)
  double weight = 1.0;         // 0..1: 0 leaves the animated face, 1 applies the look-at
};

// The one piece of state a look-at keeps between frames: where the face points now.
struct LookAtState {
  double angle = 0.0;  // rad from the trunk's forward, + up (facing frame)
};

// Moves `from` toward `to` by at most `max_step`: it can never overshoot, however long the
// step (RotateTowards in seed 001 section 1).
double rotate_towards(double from, double to, double max_step);

// One frame: the target direction (rad from the trunk's forward) is clamped to the cone, the
// face turns toward it at most turn_speed * dt, and the result is blended with the animated
// angle by the weight. Returns the angle to apply; `state` keeps the turned angle.
double step_look_at(LookAtState& state, double target, double animated, const LookAtTuning& t, double dt);

}  // namespace anim
