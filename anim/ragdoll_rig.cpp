#include "anim/ragdoll_rig.hpp"

#include <cmath>

namespace anim {

namespace {

using P = RagdollPoint;

// Segment masses as shares of body mass: D. A. Winter, "Biomechanics and Motor Control of
// Human Movement", 4th ed. (2009), table 4.1 (after Dempster 1955). Each segment's mass is
// split between the particles at its ends; the trunk in three.
constexpr double kHand = 0.006, kForearm = 0.016, kUpperArm = 0.028;
constexpr double kFoot = 0.0145, kShank = 0.0465, kThigh = 0.100;
constexpr double kHeadNeck = 0.081, kTrunk = 0.497;
// Kit, as shares of an 80 kg body: plate carrier and pouches ~12 kg on the chest, helmet
// 1.6 kg, a combat boot 1.1 kg on each foot; the carbine 3.5 kg, its balance ~0.35 m ahead
// of the buttpad (the magazine well), so 58% of it on the butt's particle.
constexpr double kFootAnkle = 0.5;
constexpr double kCarrier = 0.15, kHelmet = 0.02, kBoot = 0.014, kRifle = 0.044, kRifleButtShare = 0.58;

constexpr std::array<double, kRagdollPoints> kMassShare = {
    kTrunk / 3.0 + kThigh,                  // pelvis: a third of the trunk and both thighs' tops
    kTrunk / 3.0 + kCarrier,                // chest
    kTrunk / 3.0 + kUpperArm,               // neck: and both upper arms' tops (the shoulders)
    kHeadNeck + kHelmet,                    // head
    0.5 * (kUpperArm + kForearm),           // elbow near
    0.5 * kForearm + kHand,                 // hand near
    0.5 * (kUpperArm + kForearm),           // elbow far
    0.5 * kForearm + kHand,                 // hand far
    0.5 * (kThigh + kShank),                // knee near
    0.5 * kShank + kFootAnkle * (kFoot + kBoot),          // ankle near
    (1.0 - kFootAnkle) * (kFoot + kBoot),                 // boot tip near
    0.5 * (kThigh + kShank),                              // knee far
    0.5 * kShank + kFootAnkle * (kFoot + kBoot),          // ankle far
    (1.0 - kFootAnkle) * (kFoot + kBoot),                 // boot tip far
    kRifleButtShare * kRifle,               // rifle butt
    (1.0 - kRifleButtShare) * kRifle,       // rifle muzzle
};

RagdollBone bone(P a, P b, double length) {
  RagdollBone r;
  r.a0 = r.a1 = pt(a);
  r.b = pt(b);
  r.length = r.rest = r.born = length;
  return r;
}

RagdollBone shoulder_bone(P elbow, double length) {
  RagdollBone r = bone(P::chest, elbow, length);
  r.a1 = pt(P::neck);
  r.t = kShoulderOnSpine;
  return r;
}

// A joint's range from its anatomical range: `flexion_ccw` says whether flexing turns the
// child bone counter-clockwise when facing +x; `neutral` is the geometric angle at 0.
RagdollRange range(P p0, P p1, P q, const JointRange& j, bool flexion_ccw, int facing, double neutral = 0.0) {
  RagdollRange r;
  r.p0a = r.p0b = pt(p0);
  r.p1 = pt(p1);
  r.q = pt(q);
  double lo = flexion_ccw ? j.lo : -j.hi;
  double hi = flexion_ccw ? j.hi : -j.lo;
  lo += neutral;
  hi += neutral;
  if (facing < 0) {  // a mirror turns counter-clockwise into clockwise (ik.hpp)
    const double l = lo;
    lo = -hi;
    hi = -l;
  }
  r.lo = r.born_lo = lo;
  r.hi = r.born_hi = hi;
  set_range_now(r, lo, hi);
  return r;
}

}  // namespace

JointOnRagdoll joint_on_ragdoll(const RagdollRig& rig, Joint j) {
  auto on = [](P p) { return JointOnRagdoll{pt(p), pt(p), 0.0, 0.0}; };
  switch (j) {
    case Joint::pelvis: case Joint::hip_near: case Joint::hip_far: return on(P::pelvis);
    case Joint::chest: return on(P::chest);
    case Joint::neck: return on(P::neck);
    case Joint::head: return on(P::head);
    case Joint::shoulder_near: case Joint::shoulder_far: return {pt(P::chest), pt(P::neck), kShoulderOnSpine, 0.0};
    case Joint::elbow_near: return on(P::elbow_near);
    case Joint::hand_near: return on(P::hand_near);
    case Joint::elbow_far: return on(P::elbow_far);
    case Joint::hand_far: return on(P::hand_far);
    case Joint::knee_near: return on(P::knee_near);
    case Joint::ankle_near: return on(P::ankle_near);
    case Joint::toe_near: return {pt(P::ankle_near), pt(P::tip_near), rig.toe_on_foot.x, rig.toe_on_foot.y};
    case Joint::knee_far: return on(P::knee_far);
    case Joint::ankle_far: return on(P::ankle_far);
    case Joint::toe_far: return {pt(P::ankle_far), pt(P::tip_far), rig.toe_on_foot.x, rig.toe_on_foot.y};
    case Joint::count: break;
  }
  return {};
}

void set_range_now(RagdollRange& r, double lo, double hi) {
  const double mid = 0.5 * (lo + hi), half = 0.5 * (hi - lo);
  r.cos_mid = std::cos(mid);
  r.sin_mid = std::sin(mid);
  r.cos_half = std::cos(half);
  r.cos_lo = std::cos(lo);
  r.sin_lo = std::sin(lo);
  r.cos_hi = std::cos(hi);
  r.sin_hi = std::sin(hi);
}

double range_angle(const RagdollRange& r, const std::array<vec2, kRagdollPoints>& p) {
  const vec2 p0 = p[r.p0a] + r.t0 * (p[r.p0b] - p[r.p0a]);
  const vec2 u = p[r.p1] - p0;
  const vec2 v = p[r.q] - (p0 + r.s * u);
  return std::atan2(cross(u, v), glm::dot(u, v));
}

RagdollRig make_ragdoll_rig(const Proportions& body, int facing, const RagdollTuning& tuning, const RifleSpec& spec) {
  RagdollRig rig;
  rig.facing = facing < 0 ? -1 : 1;
  rig.rifle_held = tuning.rifle_held >= 0.5;
  for (std::size_t i = 0; i < kRagdollPoints; ++i) rig.inv_mass[i] = 1.0 / kMassShare[i];

  // Bones, spine first and outward, the order the relaxation visits them (Gauss-Seidel
  // converges fastest from the heavy root out).
  auto& b = rig.bones;
  auto at = [&b](RagdollBoneId id) -> RagdollBone& { return b[static_cast<std::size_t>(id)]; };
  at(RagdollBoneId::spine_lower) = bone(P::pelvis, P::chest, kLowerSpineShare * body.trunk);
  at(RagdollBoneId::spine_upper) = bone(P::chest, P::neck, (1.0 - kLowerSpineShare) * body.trunk);
  at(RagdollBoneId::neck) = bone(P::neck, P::head, body.neck + 0.5 * body.head);  // forward_kinematics
  at(RagdollBoneId::upper_arm_near) = shoulder_bone(P::elbow_near, body.upper_arm);
  at(RagdollBoneId::forearm_near) = bone(P::elbow_near, P::hand_near, body.forearm_to_grip());
  at(RagdollBoneId::upper_arm_far) = shoulder_bone(P::elbow_far, body.upper_arm);
  at(RagdollBoneId::forearm_far) = bone(P::elbow_far, P::hand_far, body.forearm_to_grip());
  // The foot: ankle -> the centre of the boot's toe cap. Standing (facing +x) the ankle is at
  // (0, ankle_height), the toe joint at (toe_forward, 0) on the sole (forward_kinematics), and
  // the boot a run of radius rb over the sole from the heel to the toe tip (render/figure), so
  // the cap's centre is at (foot - heel_back - rb, rb).
  const double sx = rig.facing < 0 ? -1.0 : 1.0;
  const double rb = tuning.radii.boot * body.height / 1.78;
  const vec2 ankle_f{0.0, body.ankle_height}, toe_f{sx * body.toe_forward(), 0.0};
  const vec2 tip_f{sx * (body.foot - body.heel_back() - rb), rb};
  auto carried_in = [](vec2 from, vec2 toward, vec2 q) {  // q as (a, b) on from -> toward
    const vec2 e = toward - from, d = q - from;
    return vec2{glm::dot(d, e), glm::dot(d, vec2{-e.y, e.x})} / glm::dot(e, e);
  };
  rig.toe_on_foot = carried_in(ankle_f, tip_f, toe_f);
  rig.tip_on_foot = carried_in(ankle_f, toe_f, tip_f);
  const double foot = glm::length(tip_f - ankle_f);
  at(RagdollBoneId::thigh_near) = bone(P::pelvis, P::knee_near, body.thigh);
  at(RagdollBoneId::shank_near) = bone(P::knee_near, P::ankle_near, body.shank);
  at(RagdollBoneId::foot_near) = bone(P::ankle_near, P::tip_near, foot);
  at(RagdollBoneId::thigh_far) = bone(P::pelvis, P::knee_far, body.thigh);
  at(RagdollBoneId::shank_far) = bone(P::knee_far, P::ankle_far, body.shank);
  at(RagdollBoneId::foot_far) = bone(P::ankle_far, P::tip_far, foot);

  // The held rifle: a bar butt -> muzzle (facing +x, level; mirrored for -x), the near hand
  // on its grip and the far hand on its fore-end.
  const RiflePoints level = place_rifle(spec, {0.0, 0.0}, 0.0);
  auto mirror = [sx](vec2 v) { return vec2{sx * v.x, v.y}; };
  const vec2 butt = mirror(level.butt), bar = mirror(level.muzzle) - butt;
  const double bar2 = glm::dot(bar, bar);
  const std::array<vec2, 2> held = {mirror(level.grip), mirror(level.fore)};
  const std::array<P, 2> hands = {P::hand_near, P::hand_far};
  for (std::size_t k = 0; k < 2; ++k) {
    RagdollHold& h = rig.holds[k];
    h.hand = pt(hands[k]);
    const vec2 d = held[k] - butt;
    h.held = h.at = h.point = h.born_point = vec2{glm::dot(d, bar), glm::dot(d, vec2{-bar.y, bar.x})} / bar2;
  }
  at(RagdollBoneId::rifle) = bone(P::rifle_butt, P::rifle_muzzle, std::sqrt(bar2));

  // Joint ranges (RagdollLimits), parents first.
  const RagdollLimits& l = tuning.limits;
  const int f = rig.facing;
  auto& r = rig.ranges;
  auto rng = [&r](RagdollRangeId id) -> RagdollRange& { return r[static_cast<std::size_t>(id)]; };
  rng(RagdollRangeId::spine) = range(P::pelvis, P::chest, P::neck, l.spine, false, f);  // flexing tips forward: clockwise
  rng(RagdollRangeId::neck) = range(P::chest, P::neck, P::head, l.neck, false, f);
  // Shoulder: the upper arm against the trunk's down (neck -> chest), from the shoulder point.
  struct ArmIds { RagdollRangeId shoulder, elbow; P elbow_point, hand_point; };
  for (const ArmIds& a : {ArmIds{RagdollRangeId::shoulder_near, RagdollRangeId::elbow_near, P::elbow_near, P::hand_near},
                          ArmIds{RagdollRangeId::shoulder_far, RagdollRangeId::elbow_far, P::elbow_far, P::hand_far}}) {
    RagdollRange& s = rng(a.shoulder);
    s = range(P::neck, P::chest, a.elbow_point, l.shoulder, true, f);
    s.s = 1.0 - kShoulderOnSpine;  // the shoulder point, seen from the neck
    RagdollRange& e_r = rng(a.elbow);
    e_r = range(P::chest, a.elbow_point, a.hand_point, l.elbow, true, f);  // elbows down (ik.hpp, character.cpp)
    e_r.p0b = pt(P::neck);
    e_r.t0 = kShoulderOnSpine;
  }
  // Ankle neutral: with the foot square to the shank (standing), the angle from the shank
  // (down) to ankle -> tip, counter-clockwise when facing +x.
  const double ankle_neutral = kPi / 2.0 + std::atan2(tip_f.y - ankle_f.y, std::abs(tip_f.x));
  struct LegIds { RagdollRangeId hip, knee, ankle; P knee_point, ankle_point, tip_point; };
  for (const LegIds& g : {LegIds{RagdollRangeId::hip_near, RagdollRangeId::knee_near, RagdollRangeId::ankle_near,
                                 P::knee_near, P::ankle_near, P::tip_near},
                          LegIds{RagdollRangeId::hip_far, RagdollRangeId::knee_far, RagdollRangeId::ankle_far,
                                 P::knee_far, P::ankle_far, P::tip_far}}) {
    rng(g.hip) = range(P::chest, P::pelvis, g.knee_point, l.hip, true, f);
    rng(g.knee) = range(P::pelvis, g.knee_point, g.ankle_point, l.knee, false, f);  // knees forward (Rule 8)
    rng(g.ankle) = range(g.knee_point, g.ankle_point, g.tip_point, l.ankle, true, f, ankle_neutral);
  }

  // Contacts: every particle a disc (RagdollRadii); the ankle's reaches the sole (the heel
  // sits under it), the boot tip's is the boot's.
  const double scale = body.height / 1.78;
  const RagdollRadii& rad = tuning.radii;
  const std::array<double, kRagdollPoints> radius = {
      rad.pelvis * scale, rad.chest * scale, rad.neck * scale, rad.head * scale,
      rad.elbow * scale, rad.hand * scale, rad.elbow * scale, rad.hand * scale,
      rad.knee * scale, body.ankle_height, rb, rad.knee * scale, body.ankle_height, rb,
      rad.rifle_butt * scale, rad.rifle_muzzle * scale};
  for (std::size_t i = 0; i < kRagdollPoints; ++i) {
    RagdollContact& c = rig.contacts[i];
    c.i = static_cast<std::uint8_t>(i);
    c.radius = c.radius_now = c.born_radius = radius[i];
  }
  return rig;
}

}  // namespace anim
