#include "anim/states/get_up_keys.hpp"

#include "anim/ik.hpp"
#include "anim/ragdoll_tuning.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

// A key pose as the directions of its bones, rad against +x in the facing frame (facing +x,
// the ground at y = 0 under the origin): every bone its own length (anim::Proportions), the
// joints by forward kinematics (anim/skeleton.cpp's chain, in absolute angles).
struct KeyAngles {
  vec2 pelvis{};
  double spine_lower = kPi / 2.0, spine_upper = kPi / 2.0;
  double neck = kPi / 2.0, skull = kPi / 2.0;
  std::array<double, 2> upper_arm{}, forearm{};  // by Side
  std::array<double, 2> thigh{}, shank{}, sole{};  // sole: heel -> toe along the sole
  double rifle = 0.0;  // rad, the bore's pitch; the grip is in the near hand
  bool arms_on_rifle = false;  // both hands solved onto the rifle from rifle_butt (a low ready)
  vec2 rifle_butt{};
};

}  // namespace

GroundClearance ground_clearance(const Proportions& b) {
  const RagdollRadii r;
  const double s = b.height / 1.78;
  GroundClearance c{};
  auto set = [&c](Joint j, double v) { c[index(j)] = v; };
  set(Joint::pelvis, r.pelvis * s);
  set(Joint::hip_near, r.pelvis * s);
  set(Joint::hip_far, r.pelvis * s);
  set(Joint::chest, r.chest * s);
  set(Joint::neck, r.neck * s);
  set(Joint::head, r.head * s);
  set(Joint::shoulder_near, r.neck * s);
  set(Joint::shoulder_far, r.neck * s);
  for (Joint j : {Joint::elbow_near, Joint::elbow_far}) set(j, r.elbow * s);
  for (Joint j : {Joint::hand_near, Joint::hand_far}) set(j, r.hand * s);
  for (Joint j : {Joint::knee_near, Joint::knee_far}) set(j, r.knee * s);
  for (Joint j : {Joint::ankle_near, Joint::ankle_far}) set(j, r.boot * s);
  return c;  // the toe joint is on the sole: 0
}

namespace {

constexpr std::array<Joint, 2> kHands = {Joint::hand_near, Joint::hand_far};
constexpr std::array<Joint, 2> kElbows = {Joint::elbow_near, Joint::elbow_far};
constexpr std::array<Joint, 2> kShoulders = {Joint::shoulder_near, Joint::shoulder_far};
struct LegJoints { Joint hip, knee, ankle, toe; };
constexpr std::array<LegJoints, 2> kLegs = {{{Joint::hip_near, Joint::knee_near, Joint::ankle_near, Joint::toe_near},
                                             {Joint::hip_far, Joint::knee_far, Joint::ankle_far, Joint::toe_far}}};

// The key pose in the facing frame.
BodyPoints key_points(const KeyAngles& k, const Proportions& b, const RifleSpec& spec) {
  BodyPoints out;
  JointPositions& p = out.joints;
  auto at = [&p](Joint j) -> vec2& { return p[index(j)]; };
  at(Joint::pelvis) = k.pelvis;
  at(Joint::chest) = k.pelvis + kLowerSpineShare * b.trunk * direction(k.spine_lower);
  at(Joint::neck) = at(Joint::chest) + (1.0 - kLowerSpineShare) * b.trunk * direction(k.spine_upper);
  at(Joint::head) = at(Joint::neck) + b.neck * direction(k.neck) + 0.5 * b.head * direction(k.skull);
  out.skull = direction(k.skull);
  const vec2 shoulder = at(Joint::neck) - kShoulderDropShare * b.trunk * direction(k.spine_upper);
  for (Side s : kSides) {
    const std::size_t i = index(s);
    at(kShoulders[i]) = shoulder;
    at(kElbows[i]) = shoulder + b.upper_arm * direction(k.upper_arm[i]);
    at(kHands[i]) = at(kElbows[i]) + b.forearm_to_grip() * direction(k.forearm[i]);
    const LegJoints& l = kLegs[i];
    at(l.hip) = k.pelvis;
    at(l.knee) = k.pelvis + b.thigh * direction(k.thigh[i]);
    at(l.ankle) = at(l.knee) + b.shank * direction(k.shank[i]);
    at(l.toe) = at(l.ankle) + b.toe_forward() * direction(k.sole[i]) + b.ankle_height * direction(k.sole[i] - kPi / 2.0);
  }
  if (k.arms_on_rifle) {
    // A low ready: the buttpad at the shoulder, both hands solved onto the rifle, elbows down.
    out.rifle = place_rifle(spec, shoulder + k.rifle_butt, k.rifle);
    const std::array<vec2, 2> held = {out.rifle.grip, out.rifle.fore};
    for (Side s : kSides) {
      const std::size_t i = index(s);
      TwoBoneIkInput in;
      in.root = shoulder;
      in.target = held[i];
      in.upper = b.upper_arm;
      in.lower = b.forearm_to_grip();
      in.bend = BendSide::counter_clockwise;  // facing +x the elbow hangs below the shoulder-hand line
      const TwoBoneIkOutput o = solve_two_bone_ik(in);
      at(kElbows[i]) = o.mid;
      at(kHands[i]) = o.end;
    }
  } else {
    // The rifle in the near hand, its grip there.
    const RiflePoints r = place_rifle(spec, {0.0, 0.0}, k.rifle);
    out.rifle = r;
    const vec2 by = at(Joint::hand_near) - r.grip;
    for (vec2* q : {&out.rifle.butt, &out.rifle.grip, &out.rifle.fore, &out.rifle.muzzle}) *q += by;
  }
  return out;
}

// Lying on his front, the head toward +x, the hands under the shoulders ready to push.
KeyAngles prone(const Proportions& b) {
  KeyAngles k;
  k.pelvis = {0.0, 0.11 * b.height / 1.78};
  k.spine_lower = 0.0;
  k.spine_upper = 0.05;
  k.neck = 0.25;
  k.skull = 0.35;
  k.upper_arm = {kPi - 0.25, kPi - 0.45};
  k.forearm = {0.15, 0.0};
  k.thigh = {kPi + 0.04, kPi - 0.02};
  k.shank = {kPi, kPi};
  k.sole = {kPi - 0.25, kPi - 0.2};  // the insteps on the ground, soles up
  k.rifle = 0.0;
  return k;
}

// On his hands and knees: the rear (far) knee under the hips, the arms straight under the
// shoulders.
KeyAngles hands_and_knees(const Proportions& b, const GroundClearance& c) {
  KeyAngles k;
  const double knee_r = c[index(Joint::knee_far)], hand_r = c[index(Joint::hand_near)];
  k.thigh = {-kPi / 2.0 + 0.2, -kPi / 2.0 - 0.05};
  k.pelvis = {0.0, knee_r + b.thigh * std::cos(0.05)};
  k.shank = {kPi + 0.02, kPi};
  k.sole = {kPi - 0.2, kPi - 0.2};
  const double shoulder_y = hand_r + 0.97 * b.arm();
  const double to_shoulder = (1.0 - kShoulderDropShare) * b.trunk;
  const double a = std::asin(std::clamp((shoulder_y - k.pelvis.y) / to_shoulder, -1.0, 1.0));
  k.spine_lower = a + 0.08;
  k.spine_upper = a - 0.08;
  k.neck = a + 0.2;
  k.skull = 0.15;  // looking down ahead
  k.upper_arm = {-kPi / 2.0 + 0.1, -kPi / 2.0 + 0.18};
  k.forearm = {-kPi / 2.0 - 0.05, -kPi / 2.0 + 0.05};
  k.rifle = 0.03;  // on the ground under the near hand
  return k;
}

// Lying on his back, the head toward -x and the feet toward +x (facing +x).
KeyAngles supine(const Proportions& b) {
  KeyAngles k;
  k.pelvis = {0.0, 0.11 * b.height / 1.78};
  k.spine_lower = kPi;
  k.spine_upper = kPi + 0.05;
  k.neck = kPi - 0.1;
  k.skull = kPi - 0.25;  // the head a little raised off the ground, the face up
  k.upper_arm = {-0.1, -0.15};
  k.forearm = {0.1, 0.0};
  k.thigh = {0.02, -0.02};
  k.shank = {-0.02, 0.0};
  k.sole = {kPi / 2.0 - 0.3, kPi / 2.0 - 0.25};  // toes up
  k.rifle = 0.1;
  return k;
}

// Sat up with both knees up and the feet flat, the near foot in front, the far one drawn in
// under the seat (ready to go back under him as he comes onto that knee), the far hand
// behind on the ground propping him.
KeyAngles tuck_sit(const Proportions& b) {
  KeyAngles k;
  k.pelvis = {0.0, 0.11 * b.height / 1.78};
  k.spine_lower = kPi / 2.0 - 0.35;
  k.spine_upper = kPi / 2.0 - 0.5;
  k.neck = kPi / 2.0 - 0.35;
  k.skull = kPi / 2.0 - 0.15;
  k.thigh = {0.75, 1.0};
  k.shank = {-0.9, -1.9};
  k.sole = {0.0, 0.0};
  k.upper_arm = {-kPi / 2.0 + 0.5, -kPi / 2.0 - 0.55};
  k.forearm = {0.1, -kPi / 2.0 - 0.35};  // the far arm props him up behind
  k.rifle = -0.15;
  return k;
}

// The kneel (Rule 7): the rear (far) knee on the ground under the hips, its thigh spanning hip
// to floor and its shin along the ground; the front foot flat under the front knee; the trunk
// upright, the rifle at a low ready.
KeyAngles kneel(const Proportions& b, const GroundClearance& c) {
  KeyAngles k;
  const double knee_r = c[index(Joint::knee_far)];
  k.thigh[1] = -kPi / 2.0 - 0.05;
  k.pelvis = {0.0, knee_r + b.thigh * std::cos(0.05)};
  k.shank[1] = kPi;
  k.sole[1] = kPi - 0.35;
  k.shank[0] = -kPi / 2.0 + 0.06;
  const double knee_y = b.ankle_height + b.shank * std::cos(0.06);
  k.thigh[0] = std::asin(std::clamp((knee_y - k.pelvis.y) / b.thigh, -1.0, 1.0));
  k.sole[0] = 0.0;
  k.spine_lower = kPi / 2.0 - 0.15;
  k.spine_upper = kPi / 2.0 - 0.05;
  k.neck = kPi / 2.0 - 0.1;
  k.skull = kPi / 2.0;
  k.arms_on_rifle = true;
  k.rifle_butt = {0.04, -0.06};
  k.rifle = -0.5;
  return k;
}

}  // namespace

BodyPoints get_up_key(GetUpKey key, bool face_up, const Proportions& body, const RifleSpec& rifle) {
  const GroundClearance c = ground_clearance(body);
  switch (key) {
    case GetUpKey::lying: return key_points(face_up ? supine(body) : prone(body), body, rifle);
    case GetUpKey::risen: return key_points(face_up ? tuck_sit(body) : hands_and_knees(body, c), body, rifle);
    case GetUpKey::kneel: case GetUpKey::count: break;
  }
  return key_points(kneel(body, c), body, rifle);
}

}  // namespace anim
