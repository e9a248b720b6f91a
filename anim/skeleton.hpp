#pragma once
// The skeleton as flat data (STYLE.md 4): a joint enum, a parent table with parents before
// children, body proportions from height, a joint-angle pose and forward kinematics.
#include "anim/vec.hpp"

#include <array>
#include <cstddef>
#include <string_view>

namespace anim {

// Every joint the trace of INTERFACES.md names. "near" is the limb on the camera side.
enum class Joint : std::size_t {
  pelvis, chest, neck, head,
  shoulder_near, elbow_near, hand_near,
  shoulder_far, elbow_far, hand_far,
  hip_near, knee_near, ankle_near, toe_near,
  hip_far, knee_far, ankle_far, toe_far,
  count
};
inline constexpr std::size_t kJointCount = static_cast<std::size_t>(Joint::count);
constexpr std::size_t index(Joint j) { return static_cast<std::size_t>(j); }

// Parent of each joint (pelvis is the root and its own parent). Parents come first.
inline constexpr std::array<Joint, kJointCount> kJointParent = {
    Joint::pelvis, Joint::pelvis, Joint::chest, Joint::neck,
    Joint::neck, Joint::shoulder_near, Joint::elbow_near,
    Joint::neck, Joint::shoulder_far, Joint::elbow_far,
    Joint::pelvis, Joint::hip_near, Joint::knee_near, Joint::ankle_near,
    Joint::pelvis, Joint::hip_far, Joint::knee_far, Joint::ankle_far,
};

std::string_view joint_name(Joint j);  // "pelvis", "knee_near", ... as in the trace

enum class Side : std::size_t { near = 0, far = 1 };
inline constexpr std::array<Side, 2> kSides = {Side::near, Side::far};
constexpr std::size_t index(Side s) { return static_cast<std::size_t>(s); }

// Segment lengths, metres, from body height by the anthropometric fractions of
// D. A. Winter, "Biomechanics and Motor Control of Human Movement", 4th ed. (2009),
// fig. 4.1 (after Drillis & Contini 1966): segment length = fraction x height H.
struct Proportions {
  double height = 1.78;        // H, standing height, m (range 1.2 .. 2.3)
  double thigh = 0.0;          // hip -> knee, 0.245 H
  double shank = 0.0;          // knee -> ankle, 0.246 H
  double ankle_height = 0.0;   // floor -> ankle joint, 0.039 H
  double foot = 0.0;           // heel -> toe tip, 0.152 H
  double pelvis_width = 0.0;   // hip joint centres apart, 0.191 H (drawn as pelvis depth)
  double trunk = 0.0;          // hip joint -> shoulder joint, 0.818 H - 0.530 H = 0.288 H
  double neck = 0.0;           // shoulder -> chin level, 0.870 H - 0.818 H = 0.052 H
  double head = 0.0;           // chin -> crown, 1.000 H - 0.870 H = 0.130 H
  double upper_arm = 0.0;      // shoulder -> elbow, 0.186 H
  double forearm = 0.0;        // elbow -> wrist, 0.146 H
  double hand = 0.0;           // wrist -> knuckles/grip, 0.108 H
  double shoulder_width = 0.0; // 0.259 H (drawn as shoulder depth)

  double leg() const { return thigh + shank; }    // hip -> ankle, the IK leg length
  // Elbow -> the hand's holding point (palm centre, 40% along the hand): the arm IK's lower bone.
  double forearm_to_grip() const { return forearm + 0.4 * hand; }
  double arm() const { return upper_arm + forearm_to_grip(); }
  // Foot landmarks in the foot's own frame (x along the sole, toward the toe; from the
  // ankle): where the heel and the toe (ball of the foot, the pivot of toe-off) are.
  double heel_back() const { return 0.20 * foot; }
  double toe_forward() const { return 0.60 * foot; }  // ball of foot, ahead of the ankle
  double ball_to_tip() const { return 0.20 * foot; }  // ball -> boot tip (heel to tip: the foot)
};

// Segment lengths as fractions of the standing height H, the fractions Proportions lists
// (Winter 2009 fig. 4.1) by default. A character file (assets/characters/*.toml, read by
// game/core/character_file) gives its own, for a build other than the average.
struct SegmentFractions {
  double thigh = 0.245, shank = 0.246, ankle_height = 0.039, foot = 0.152;
  double pelvis_width = 0.191, trunk = 0.288, neck = 0.052, head = 0.130;
  double upper_arm = 0.186, forearm = 0.146, hand = 0.108, shoulder_width = 0.259;
};

// Proportions of a body of height `h` metres (clamped to 1.2 .. 2.3 m) with the segment
// fractions `f`; a fraction that is not a number in (0, 1] keeps Winter's.
Proportions proportions_from(double h, const SegmentFractions& f);

// Proportions of a body of height `h` metres (clamped to 1.2 .. 2.3 m), Winter's fractions.
Proportions proportions_for_height(double h);

// Joint-angle pose in the facing frame (+x forward, y up, origin on the ground under the
// body's reference point). Angles in radians, counter-clockwise; "abs" angles are against
// +x, the others relative to the parent bone.
struct LimbAngles {
  double root = 0.0;  // upper bone, relative to parent (trunk for arms, vertical-down for legs)
  double mid = 0.0;   // lower bone relative to the upper (elbow, knee flexion)
  double end = 0.0;   // foot relative to the shank (legs); hand relative to forearm (arms)
};

struct Pose {
  vec2 pelvis_facing{0.0, 0.9};  // hip centre, m, in the facing frame
  double spine_lower = 0.0;      // pelvis->chest lean from vertical, + forward, rad
  double spine_upper = 0.0;      // chest->neck, relative to the lower spine, rad
  double neck = 0.0;             // neck relative to the upper spine, rad
  double head = 0.0;             // head (face pitch) relative to the neck, + chin up, rad
  std::array<LimbAngles, 2> arm{};  // by Side
  std::array<LimbAngles, 2> leg{};  // by Side
};

// The eye, from the head joint (the skull's centre) in the skull's own frame: ahead along
// the face and up along the skull's axis, as shares of the head (chin -> crown). A 0.23 m
// head puts it 6.4 cm ahead of the centre, a little above it. The aim's cheek weld and the
// figure's eye both read it here.
inline constexpr double kEyeForwardShare = 0.28;
inline constexpr double kEyeUpShare = 0.03;

// The skull's axis, chin -> crown, rad against +x in the facing frame (FK's head angle).
double skull_angle(const Pose& pose);
// The eye of a head centred at `head` with its skull along `skull` (rad), facing frame.
vec2 eye_position(const Proportions& body, vec2 head, double skull);

// World positions of every joint, m, y up.
using JointPositions = std::array<vec2, kJointCount>;

// Where the lower spine ends (chest) as a fraction of the trunk; the upper spine is the rest.
inline constexpr double kLowerSpineShare = 0.5;
// Shoulder joints sit this far below the neck base, along the trunk, as a share of the trunk.
inline constexpr double kShoulderDropShare = 0.06;

// Where the facing frame sits in the world. The body turns about its vertical axis by a yaw
// psi: facing +x is psi = 0, facing -x is psi = pi. Seen from the side, a facing-frame x
// shows as x cos(psi), and a point `depth` metres toward the camera shows as depth sin(psi),
// so a turn is a few tenths of a second of the figure rotating, not a one-frame flip.
struct BodyFrame {
  vec2 origin_world{0.0, 0.0};  // body reference point on the ground, world m
  double yaw = 0.0;             // psi, rad: 0 faces +x, pi faces -x

  static BodyFrame facing(vec2 origin, int facing) { return {origin, facing < 0 ? kPi : 0.0}; }
  // cos and sin of the yaw, exact at the two rest facings so a mirrored pose is exact.
  double x_scale() const { return yaw == 0.0 ? 1.0 : (yaw == kPi ? -1.0 : std::cos(yaw)); }
  double depth_scale() const { return (yaw == 0.0 || yaw == kPi) ? 0.0 : std::sin(yaw); }
  int sign() const { return x_scale() < 0.0 ? -1 : 1; }
  // Facing frame -> world (the one place the mirror happens, ARCHITECTURE.md).
  vec2 to_world(vec2 p_facing, double depth = 0.0) const {
    return {origin_world.x + p_facing.x * x_scale() + depth * depth_scale(), origin_world.y + p_facing.y};
  }
  // World -> facing frame for points in the sagittal plane (depth 0). Defined only while
  // |x_scale| > 0; mid-turn (x_scale 0) x maps to 0.
  vec2 to_facing(vec2 p_world) const {
    const double s = x_scale();
    const double dx = p_world.x - origin_world.x;
    return {std::abs(s) > 1e-9 ? dx / s : 0.0, p_world.y - origin_world.y};
  }
};

// How far a joint sits toward the camera (near +, far -), m; seen only mid-turn.
double joint_depth(Joint j, const Proportions& body);

// Forward kinematics: facing frame -> world through `frame`.
JointPositions forward_kinematics(const Pose& pose, const Proportions& body, const BodyFrame& frame);
// The same in two parts: the joints in the facing frame (the pelvis at pose.pelvis_facing),
// then mapped to the world through `frame` with each joint's depth.
JointPositions facing_kinematics(const Pose& pose, const Proportions& body);
JointPositions to_world(const JointPositions& facing, const Proportions& body, const BodyFrame& frame);
// The trunk's joints alone in the facing frame (pelvis, chest, neck, head, both shoulders:
// the values facing_kinematics gives them; the limbs' are left zero), for the stages that
// read only the trunk before the limbs are solved.
JointPositions trunk_kinematics(const Pose& pose, const Proportions& body);

}  // namespace anim
