#pragma once
// The kneel (Rule 7): the rear KNEE is a contact, like a foot. Not the feet placed and the
// knees left to land where they may (two horizontal thighs on an invisible chair): the hips
// drop until the rear thigh alone spans hip to floor, the rear foot goes back so the shin
// lies along the ground, the front foot plants under the front knee (MOTION.md "Postures":
// the rear thigh near vertical, the rear shin and instep along the ground, the front shin
// near vertical with the foot under the knee).
//
// Going down from the crouch is a motion of its own: the rear foot steps back (lifted,
// never slid) and lands on its toes, then the hips sink over it, the knee comes down to the
// floor and the foot rolls over its ball onto the instep. The front foot stays where it
// stood. Getting up is the same path run backwards.
#include "anim/states/lower_body.hpp"

namespace anim {

struct KneelTuning {
  double knee_height = 0.055;   // m, 0.02..0.1: the knee joint's centre over the floor when it bears
                                // (half the depth of a knee in its pad, Winter 2009 segment data)
  double ankle_height = 0.065;  // m, 0.03..0.12: the rear ankle over the floor, the instep down
  double step_share = 0.45;     // 0.2..0.7: share of the way down spent stepping the rear foot back
  double step_lift = 0.05;      // m, 0..0.15: the stepping boot's lift
  double tuck_pitch = 1.1;      // rad, 0.6..1.4: heel-up pitch of the rear foot landing on its toes
  double reach_share = 0.92;    // 0.85..1: share of a leg's length either leg may span on the way
  double trunk_lean = 0.10;     // rad, 0..0.5: the trunk kneeling, nearly upright over the rear knee
};

struct KneelInput {
  std::array<vec2, 2> ankle_start{};  // by Side: where each ankle stood when the kneel began, facing
                                      // frame relative to the body (the crouched gait's)
  std::array<vec2, 2> toe_start{};    // by Side: and each toe (ball)
  std::array<double, 2> pitch_start{};// by Side: each foot's heel-up pitch then
  double pelvis_start = 0.7;          // m over the ground: the crouched hips then
  double pelvis_forward_start = 0.0;  // m: and their offset ahead of the body
  double share = 0.0;                 // 0..1 of the way down (0: crouched, 1: kneeling), uneased:
                                      // each stage of the motion eases itself (smootherstep)
};

// The pose of the kneel at `share`, in the facing frame with the ground at y = 0 and the body
// at x = 0: feet, hips, knee contacts. The caller takes it to the world.
struct KneelPose {
  std::array<vec2, 2> ankle{}, toe{};
  std::array<double, 2> pitch{};
  std::array<bool, 2> planted{};      // the foot bears (the stepping foot does not while it swings)
  std::array<Bearing, 2> bearing{};
  std::array<bool, 2> knee_down{};    // that knee bears on the floor
  vec2 pelvis{};                      // the hips
  Side rear = Side::far;              // the leg that kneels
  vec2 rear_knee{};                   // where its knee bears at the end
};
KneelPose kneel_pose(const KneelInput& in, const Proportions& body, const KneelTuning& t);

// The final kneel's pose for a soldier whose front foot stands at `front_ankle` (facing
// frame, ground y = 0): where the hips, the rear knee and the rear foot go.
struct KneelLayout {
  vec2 pelvis{};
  vec2 rear_knee{};
  vec2 rear_ankle{};
  vec2 rear_toe{};
  double rear_pitch = 0.0;   // heel-up, rad: the instep along the ground (sole up)
};
// The toe (ball) of a foot whose ankle is at `ankle` with heel-up pitch `pitch` (a swinging
// foot turns about its ankle), facing frame.
vec2 swung_toe(const Proportions& body, vec2 ankle, double pitch);

KneelLayout kneel_layout(vec2 front_ankle, const Proportions& body, const KneelTuning& t);

}  // namespace anim
