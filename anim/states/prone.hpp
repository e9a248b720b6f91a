#pragma once
// Prone (Rule 7). Going down and getting up are motions through the hands and knees, not a
// rotation of the standing body: from the kneel the trunk goes forward over the hands and the
// front foot steps back beside the rear one (on hands and knees), then the hips go forward
// and down as the legs straighten back along the ground, the feet holding where they lie.
// Getting up is the same path backwards.
//
// Crawling is its own gait, on diagonal limb pairs: the near hand with the far knee, then the
// far hand with the near knee. A pair plants together, the hand reaching forward of the
// shoulder and the knee drawn up out to the side (it cannot fold down through the floor), and
// both hold still in the world while the body goes over them (Rule 2: relative to the body
// they move back at exactly its speed), the arm pulling and the leg pushing back until it lies
// nearly straight along the ground; then the pair is carried forward, lifted, while the other
// pulls. The phase is advanced by the distance crawled (Rule 1). The hands leave the rifle for
// the floor as the crawl comes in, the rifle slung across the back; they take it again when he
// stops.
//
// The head lying flat is solved absolutely and it is the FACE that is solved: to look ahead
// off a horizontal body the neck cranes and the skull comes up toward vertical. Moving he
// looks ahead (or at the aim); still, the head lets down to rest and lifts now and then to
// check, hashed on the time block and the seed so a replay repeats it.
#include "anim/states/kneel.hpp"

#include <cstdint>

namespace anim {

struct ProneTuning {
  double pelvis_height = 0.13;   // m, 0.08..0.25: the hip joints over the floor lying flat (half the
                                 // pelvis's depth front to back, ~0.26 m for a 1.78 m man, Winter 2009)
  double leg_extension = 0.96;   // share of leg length, 0.85..0.995: lying flat, hip -> ankle
  double trunk_lean = 1.42;      // rad, 1.2..1.57: the lower trunk from vertical lying flat
  double chest_raise = 0.38;     // rad, 0..0.6: the upper trunk propped up on the elbows
  double fours_lean = 1.15;      // rad, 0.8..1.5: the trunk over the hands, on hands and knees
  double fours_share = 0.45;     // 0.2..0.7: share of the way down at hands and knees
  double step_lift = 0.05;       // m, 0..0.15: the front boot's lift as it steps back beside the rear
  double crawl_stride = 0.42;    // m per cycle (two pushes), 0.2..0.8: a low crawl's ~0.2 m a push
  double crawl_stance = 0.58;    // share of the cycle a limb pair is planted (the knee pushes, the hand
                                 // pulls), 0.5..0.8: above a half both pairs bear for part of the cycle
  double crawl_lift = 0.035;     // m, 0..0.1: a drawn-up knee's and its boot's lift off the floor
  double look_up = 0.05;         // rad, -0.3..0.5: the face's pitch looking ahead (+ up)
  double rest_pitch = -0.55;     // rad, -1..0: the face's pitch with the head let down to rest
  double check_period = 3.5;     // s, 1..20: how often, still, he may lift his head to check
  double check_share = 0.35;     // 0..1: the share of those periods he does
  double check_time = 1.4;       // s, 0.3..3: how long a check lasts (the head up and down again)
  double face_response = 7.0;    // 1/s, 1..30: the face follows where it should look critically damped
                                 // (no jerk as it lifts to look ahead when he moves off)
  double aim_up_max = 0.35;      // rad, 0..0.8: a prone body aims this far up at most (propped elbows)
  double aim_down_max = 0.15;    // rad, 0..0.5: and this far down (the chest is on the floor)
  double neck_share = 0.65;      // 0..1: of the face's turn lying flat, the neck's (it cranes)
  double neck_extend_max = 1.25; // rad, 0.5..1.5: the neck's extension lying flat (cervical
                                 // extension ~70 deg, Youdas et al. 1992)
  double crawl_knee_reach = 0.97;  // share, 0.8..0.995: a knee's push ends with the thigh at this share of
                                   // its reach straight back along the floor (Rule 7: nearly straight back)
  double crawl_hand_reach = 0.30;  // m, 0.1..0.45: a hand plants this far ahead of the shoulder (Rule 7:
                                   // arms reaching forward; ~half an arm, so it pulls to under the chest)
  double crawl_hand_height = 0.04; // m, 0.02..0.08: a planted hand's grip point over the floor (palm down,
                                   // half a fist's thickness, Winter 2009 hand segment)
  double crawl_hand_lift = 0.05;   // m, 0..0.15: a hand's lift reaching forward
};

// The prone pose at share `share` of the way from the kneel (0) to lying flat (1), facing
// frame, body at x = 0, ground at y = 0: feet, hips, knees that bear and the trunk's pitch.
struct ProneInput {
  KneelPose kneel{};          // the finished kneel it starts from (kneel_pose at share 1)
  double share = 0.0;         // 0..1, uneased: each stage eases itself (smootherstep)
  double crawl_phase = 0.0;   // cycles crawled, advanced by distance (Rule 1); lying flat only
  double legs = 0.0;          // 0..1: how much of the crawl's leg motion is in (ProneState)
};
struct PronePose {
  std::array<vec2, 2> ankle{}, toe{};
  std::array<double, 2> pitch{};
  std::array<bool, 2> planted{};
  std::array<bool, 2> knee_down{};
  vec2 pelvis{};
  double trunk_lean = 0.0;    // rad from vertical, the lower trunk (from the kneel's)
  double chest_raise = 0.0;   // rad, the upper trunk raised off the lower
  double flat = 0.0;          // 0..1 how much the body lies flat (the head is solved absolutely)
  // The crawl's arms (Rule 7): where each hand goes on the floor (facing frame) and whether it
  // bears; `hands` is how far they are off the rifle onto the floor (and the rifle slung).
  std::array<vec2, 2> hand{};
  std::array<bool, 2> hand_down{};
  double hands = 0.0;         // 0..1
  std::array<double, 2> knee_lift{};  // m over the knee's floor height (kneel.knee_height): a drawn-up
                                      // knee carried forward; 0 where it bears
};
// The crawl's diagonal pairs: a hand goes with the opposite knee (Rule 7). The cycle phase of
// each limb, by Side: the near leg leads (its phase is the crawl's), the far leg half a cycle
// on, and each hand with the opposite leg.
double crawl_leg_phase(double phase, Side side);
double crawl_hand_phase(double phase, Side side);

// What lasts between steps lying flat: the crawl's phase, advanced by distance (Rule 1), and
// how much of its leg motion is in (it comes in with distance crawled and lets out at rest,
// the drawn-up leg stretching back).
struct ProneState {
  double phase = 0.0;  // cycles
  double legs = 0.0;   // 0..1
  double face = 0.0;        // rad, the face's pitch as followed
  double face_rate = 0.0;   // rad/s
  bool face_set = false;
};
// The face's pitch followed toward `target` (critically damped at face_response).
double follow_face(ProneState& s, double target, double dt, const ProneTuning& t);
// `travelled`: m along the facing this step (+ forward).
void step_prone_crawl(ProneState& s, double travelled, bool flat, double dt, const ProneTuning& t);

PronePose prone_pose(const ProneInput& in, const Proportions& body, const KneelTuning& kt, const ProneTuning& t);

// Where the face looks lying flat, rad above the horizontal: ahead when moving (or at the
// aim, within a prone body's limits), let down to rest when still with a lift now and then.
struct ProneLookInput {
  bool moving = false;
  bool has_aim = false;
  double aim_pitch = 0.0;     // rad above the horizontal from the head to the aim point
  double time = 0.0;          // s
  std::uint64_t seed = 0;     // Rule 10: the checks are hashed on the seed and the time block
};
double prone_face_pitch(const ProneLookInput& in, const ProneTuning& t);

// The crawl's rifle (a low crawl, FM 3-21.8 ch. 8): the hands are on the floor, so the rifle
// rides on the near (firing) forearm, held at its fore-end, muzzle forward and off the floor;
// it goes with that hand (still while the hand is planted). `held` is the rifle as the hands
// would hold it (world), `hand` the near hand (world), `sign` the facing sign, `w` 0..1 how
// far the crawl has taken it (0: `held` as it is).
RiflePoints crawl_rifle(const RiflePoints& held, vec2 hand, double sign, double w);

// A prone leg drawn up: the knee cannot fold down through the floor, so it goes out to the
// side (out of the side view's plane) and bears on the floor at `floor_y`. Given the hip and
// the ankle (side view, m), where the knee shows and how far out of the plane it is, so the
// thigh and shank keep their lengths in 3D. `ik_knee` is the in-plane solution, kept where it
// is above the floor.
struct FrogKnee {
  vec2 knee{};
  double depth = 0.0;  // m out of the plane, >= 0
};
FrogKnee frog_knee(vec2 hip, vec2 ankle, vec2 ik_knee, double floor_y, const Proportions& body);

}  // namespace anim
