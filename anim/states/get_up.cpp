#include "anim/states/get_up.hpp"

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

// What each part of a lying body keeps between itself and the ground, m, for a 1.78 m body:
// the ragdoll's contact discs (RagdollRadii), so the get-up lies where the ragdoll lay.
struct Clearance {
  std::array<double, kJointCount> radius{};
};

Clearance clearance_for(const Proportions& b) {
  const RagdollRadii r;
  const double s = b.height / 1.78;
  Clearance c;
  auto set = [&c](Joint j, double v) { c.radius[index(j)] = v; };
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
KeyAngles hands_and_knees(const Proportions& b, const Clearance& c) {
  KeyAngles k;
  const double knee_r = c.radius[index(Joint::knee_far)], hand_r = c.radius[index(Joint::hand_near)];
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
KeyAngles kneel(const Proportions& b, const Clearance& c) {
  KeyAngles k;
  const double knee_r = c.radius[index(Joint::knee_far)];
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

// Facing frame -> world about `origin`, turned by `tilt` rad (onto a slope) first.
void place(BodyPoints& p, vec2 origin, int facing, double tilt) {
  const vec2 c = direction(tilt);
  auto to_world = [&](vec2 q) {
    const vec2 r{c.x * q.x - c.y * q.y, c.y * q.x + c.x * q.y};
    return vec2{origin.x + facing * r.x, origin.y + r.y};
  };
  for (vec2& j : p.joints) j = to_world(j);
  for (vec2* q : {&p.rifle.butt, &p.rifle.grip, &p.rifle.fore, &p.rifle.muzzle}) *q = to_world(*q);
  const vec2 s{c.x * p.skull.x - c.y * p.skull.y, c.y * p.skull.x + c.x * p.skull.y};
  p.skull = {facing * s.x, s.y};
}

// Raised until every part clears the ground by its disc (the level: continuous over edges).
void lift_clear(BodyPoints& p, const Clearance& c, const Terrain& terrain, double share) {
  double lift = 0.0;
  for (std::size_t i = 0; i < kJointCount; ++i)
    lift = std::max(lift, terrain.level_at(p.joints[i].x) + c.radius[i] - p.joints[i].y);
  if (lift > 0.0) translate(p, {0.0, lift * share});
}

// Moves `p` so that joint `j` is at `at`.
void pin(BodyPoints& p, Joint j, vec2 at) { translate(p, at - p.joints[index(j)]); }

// The motion's segments: lying (held), lying -> risen, risen -> kneel, kneel -> stand.
constexpr std::size_t kSegments = kGetUpKeys + 1;

// The part he pushes on through each segment: it goes straight from key to key (and stays
// put where both keys have it in one place), the body moving about it.
Joint anchor_of(std::size_t segment, bool face_up) {
  constexpr std::array<Joint, kSegments> kDown = {Joint::pelvis, Joint::hand_near, Joint::knee_far, Joint::ankle_near};
  constexpr std::array<Joint, kSegments> kUp = {Joint::pelvis, Joint::pelvis, Joint::ankle_near, Joint::ankle_near};
  return (face_up ? kUp : kDown)[std::min(segment, kSegments - 1)];
}

double span(double v, double lo) { return std::isfinite(v) ? std::clamp(v, lo, 5.0) : lo; }

// s from the start to the end of each segment.
std::array<double, kSegments> segment_ends(const GetUp& g, const GetUpTuning& t) {
  std::array<double, kSegments> end{};
  end[0] = g.lie;
  end[1] = end[0] + span(t.rise_time, 0.05);
  end[2] = end[1] + span(t.kneel_time, 0.05);
  end[3] = end[2] + span(t.stand_time, 0.05);
  return end;
}

}  // namespace

GetUp start_get_up(const BodyPoints& frozen, bool face_up, int facing, const Proportions& body, const RifleSpec& rifle,
                   const GetUpTuning& tuning, const Terrain& terrain) {
  GetUp g;
  g.face_up = face_up;
  g.facing = facing < 0 ? -1 : 1;
  g.frozen = frozen;
  const Clearance c = clearance_for(body);
  const std::array<KeyAngles, kGetUpKeys> angles = {face_up ? supine(body) : prone(body),
                                                    face_up ? tuck_sit(body) : hands_and_knees(body, c),
                                                    kneel(body, c)};
  // Lying where the ragdoll lay: its pelvis, on the slope there (the ground's tilt as the
  // facing frame sees it); sat up or on all fours half tilted; the kneel upright.
  const vec2 pelvis = frozen.joints[index(Joint::pelvis)];
  const double x0 = is_finite(pelvis) ? pelvis.x : 0.0;
  const double tilt = std::atan(g.facing * terrain.slope_at(x0, 0.6));
  const std::array<double, kGetUpKeys> tilt_share = {1.0, 0.5, 0.0};
  for (std::size_t k = 0; k < kGetUpKeys; ++k) {
    BodyPoints p = key_points(angles[k], body, rifle);
    place(p, {x0, terrain.level_at(x0)}, g.facing, tilt * tilt_share[k]);
    // Each key after the first keeps the part he pushes on where the key before had it.
    if (k > 0) {
      const Joint anchor = anchor_of(k, face_up);
      const vec2 was = g.keys[k - 1].joints[index(anchor)];
      pin(p, anchor, {was.x, p.joints[index(anchor)].y});
    } else {
      pin(p, Joint::pelvis, {x0, p.joints[index(Joint::pelvis)].y});
    }
    translate(p, {0.0, terrain.level_at(p.joints[index(Joint::pelvis)].x) - terrain.level_at(x0)});
    lift_clear(p, c, terrain, 1.0);
    g.keys[k] = p;
  }
  g.stand_x = g.keys[static_cast<std::size_t>(GetUpKey::kneel)].joints[index(Joint::ankle_near)].x;
  // The blend's length: blend_time, or longer where a joint has further to go than it covers
  // at blend_speed on average (smoothstep peaks at 1.5 times that).
  double far = 0.0;
  for (std::size_t i = 0; i < kJointCount; ++i) far = std::max(far, glm::length(g.keys[0].joints[i] - frozen.joints[i]));
  const double speed = std::isfinite(tuning.blend_speed) ? std::clamp(tuning.blend_speed, 0.5, 6.0) : 2.0;
  g.blend = std::max(span(tuning.blend_time, 0.01), std::min(far / speed, 3.0));
  g.lie = std::max(span(tuning.lie_time, 0.0), g.blend);
  return g;
}

double get_up_duration(const GetUp& g, const GetUpTuning& t) { return segment_ends(g, t).back(); }

GetUpPose get_up_pose(const GetUp& g, const BodyPoints& live, const GetUpTuning& t, const Proportions& body,
                      const Terrain& terrain) {
  const std::array<double, kSegments> end = segment_ends(g, t);
  GetUpPose out;
  if (g.t >= end.back()) {
    out.points = live;
    out.live_share = 1.0;
    return out;
  }
  // The motion: the key poses in turn, each blended into the next with zero speed at both
  // ends (smoothstep), the last into the living stand.
  BodyPoints motion = g.keys[0];
  if (g.t > end[0]) {
    std::size_t s = 1;
    while (s + 1 < kSegments && g.t > end[s]) ++s;
    const double u = smoothstep01((g.t - end[s - 1]) / (end[s] - end[s - 1]));
    const BodyPoints& from = g.keys[s - 1];
    const BodyPoints& to = s < kGetUpKeys ? g.keys[s] : live;
    motion = blend_points(from, to, u);
    const Joint anchor = anchor_of(s, g.face_up);
    const vec2 a = from.joints[index(anchor)], b = to.joints[index(anchor)];
    pin(motion, anchor, a + (b - a) * u);
    const bool last = s == kSegments - 1;
    lift_clear(motion, clearance_for(body), terrain, last ? 1.0 - u : 1.0);
    out.live_share = last ? u : 0.0;
  }
  // The first g.blend seconds: from the frozen ragdoll pose into the motion (seed 001 section 8).
  out.points = blend_points(g.frozen, motion, smoothstep01(g.t / g.blend));
  return out;
}

}  // namespace anim
