#include "anim/ragdoll.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace anim {

namespace {

using P = RagdollPoint;

constexpr double kWorldLimit = 1e7;  // m: a coordinate beyond this is taken as not finite
constexpr std::size_t kCacheLine = 64;  // bytes (x86-64 and ARMv8 alike)
// m per sub-step: slower than this (4.8 m/s at 1/120 s) no contact radius is crossed and the
// push alone is exact; faster, the path is swept
constexpr double kSweepTravel = 0.04;
// Past max_extra_solves the solve goes on while a bone is off by more than this share of its
// length, at most kRescueSolves more times: a runner thrown onto his face at 8 m/s strains the
// bones at the impact beyond what the extra solves take back (2 of bench_ragdoll's 1000 falls
// drifted 3-3.6% with 4 of them; issue 13's bar is 2%), and nothing else ever gets there.
constexpr double kRescueError = 0.01;
constexpr int kRescueSolves = 8;

// Every bit the same, of arrays of doubles and of structs of them (positions, contact loads: no
// padding): -0 is not 0 here, and a NaN is itself.
template <class T>
bool same_bits(const T& a, const T& b) {
  static_assert(sizeof(typename T::value_type) % sizeof(double) == 0);
  return std::memcmp(a.data(), b.data(), sizeof(typename T::value_type) * a.size()) == 0;
}

// The body's state is `s`, every bit of it.
bool same_state(const Ragdoll& r, const RagdollStepState& s) {
  return r.solve_cache.factored == s.factored && same_bits(r.position, s.position) && same_bits(r.previous, s.previous) &&
         same_bits(r.touch, s.touch);
}

// A hash of the state's positions, the memory's first test (a match is compared bit for bit):
// four independent lanes of FNV-1a's multiply, so it is not one long chain of them.
std::uint64_t state_hash(const Ragdoll& r) {
  std::uint64_t lane[4] = {14695981039346656037ULL ^ r.solve_cache.factored, 1, 2, 3};
  const auto* bytes = reinterpret_cast<const unsigned char*>(r.position.data());
  for (std::size_t at = 0; at < sizeof r.position; at += 8) {
    std::uint64_t w;
    std::memcpy(&w, bytes + at, 8);
    std::uint64_t& h = lane[(at / 8) % 4];
    h = (h ^ w) * 1099511628211ULL;
  }
  return lane[0] ^ (lane[1] << 1) ^ (lane[2] << 2) ^ (lane[3] << 3);
}

// The body's state now is the next of the memory's chain (which is where it was: a step is
// computed only from the chain's end).
void remember_step(RagdollStepMemory& memory, const Ragdoll& r) {
  constexpr std::size_t kRing = RagdollStepMemory::kRing;
  if (memory.state.size() != kRing) memory.state.resize(kRing);
  memory.newest = static_cast<std::uint8_t>((memory.newest + 1) % kRing);
  RagdollStepState& s = memory.state[memory.newest];
  s.position = r.position;
  s.previous = r.previous;
  s.touch = r.touch;
  s.factored = r.solve_cache.factored;
  memory.hash[memory.newest] = state_hash(r);
  memory.now = memory.newest;
  memory.count = static_cast<std::uint8_t>(std::min<std::size_t>(memory.count + 1u, kRing));
}

// The end of every step, computed or recalled: the fastest particle, the rest detector, sleep
// and face up or down.
void finish_step(Ragdoll& r, double dt, const RagdollTuning& tuning);

// A count from the tuning (a double, anim::Tuning's file and panel): rounded into [lo, hi],
// `otherwise` when it is not a number.
int whole(double v, int lo, int hi, int otherwise) {
  return std::isfinite(v) ? static_cast<int>(std::lround(std::clamp(v, static_cast<double>(lo), static_cast<double>(hi)))) : otherwise;
}

bool usable(vec2 p) { return is_finite(p) && std::abs(p.x) < kWorldLimit && std::abs(p.y) < kWorldLimit; }

vec2 capped(vec2 v, double max_len) {
  const double l2 = glm::dot(v, v);
  return l2 > max_len * max_len ? v * (max_len / std::sqrt(l2)) : v;
}

// The joint each particle is born on; the boot tips are born off their feet and the rifle's
// two on the rifle (make_ragdoll).
constexpr std::array<Joint, 8> kBornOnJoint = {
    Joint::pelvis, Joint::chest, Joint::neck, Joint::head,
    Joint::elbow_near, Joint::hand_near, Joint::elbow_far, Joint::hand_far,
};
struct LegBirth { P knee, ankle, tip; Joint knee_joint, ankle_joint, toe_joint; };
constexpr std::array<LegBirth, 2> kLegBirth = {{
    {P::knee_near, P::ankle_near, P::tip_near, Joint::knee_near, Joint::ankle_near, Joint::toe_near},
    {P::knee_far, P::ankle_far, P::tip_far, Joint::knee_far, Joint::ankle_far, Joint::toe_far},
}};

vec2 joint_point(const RagdollRig& rig, const RagdollPositions& p, Joint j) {
  const JointOnRagdoll o = joint_on_ragdoll(rig, j);
  return o.from == o.toward ? p[o.from] : carried_point(p[o.from], p[o.toward], o.a, o.b);
}

vec2 bone_start(const RagdollBone& b, const RagdollPositions& p) { return p[b.a0] + b.t * (p[b.a1] - p[b.a0]); }

// The worst bone error, as a share of that bone's rest length.
double worst_bone_error(const RagdollRig& rig, const RagdollPositions& p) {
  double worst = 0.0;
  for (const RagdollBone& b : rig.bones) {
    if (b.rest <= 0.0) continue;
    worst = std::max(worst, std::abs(glm::length(p[b.b] - bone_start(b, p)) - b.rest) / b.rest);
  }
  return worst;
}

// The facing side's front of a bone pointing "up" the body (render/figure's front_of_up).
vec2 front_of(vec2 up, int facing) { return facing > 0 ? vec2{up.y, -up.x} : vec2{-up.y, up.x}; }

// Holds `w` (1 born .. 0 settled) of every born value and the rest of the body's own.
void apply_settle(RagdollRig& rig, double w) {
  for (RagdollBone& b : rig.bones) b.rest = b.length + (b.born - b.length) * w;
  for (RagdollRange& r : rig.ranges)
    if (r.born_lo != r.lo || r.born_hi != r.hi) set_range_now(r, r.lo + (r.born_lo - r.lo) * w, r.hi + (r.born_hi - r.hi) * w);
  for (RagdollHold& h : rig.holds) h.point = h.held + (h.born_point - h.held) * w;
  for (RagdollContact& c : rig.contacts) c.radius_now = c.radius + (c.born_radius - c.radius) * w;
}

// The birth's proportions, or those of a body of its height when any is not a positive number.
Proportions sane_body(const Proportions& b) {
  bool ok = true;
  for (double v : {b.height, b.thigh, b.shank, b.ankle_height, b.foot, b.pelvis_width, b.trunk, b.neck, b.head,
                   b.upper_arm, b.forearm, b.hand, b.shoulder_width})
    ok = ok && std::isfinite(v) && v > 0.0 && v < 10.0;
  return ok ? b : proportions_for_height(std::isfinite(b.height) ? b.height : 1.78);
}

double settle_weight(double age, const RagdollTuning& t) {
  const double span = std::isfinite(t.settle_time) && t.settle_time > 1e-6 ? t.settle_time : 1e-6;
  return 1.0 - smoothstep01(age / span);
}

double substep_limit(const RagdollTuning& t) {
  return std::isfinite(t.max_substep) ? std::clamp(t.max_substep, 1e-4, 0.05) : 1.0 / 120.0;
}

double speed_limit(const RagdollTuning& t) {
  return std::isfinite(t.max_speed) && t.max_speed > 0.0 ? t.max_speed : 25.0;
}

void gather_near_body(Ragdoll& r, const Terrain& terrain, double reach) {
  double lo = r.position[0].x, hi = lo;
  for (const vec2& p : r.position) {
    lo = std::min(lo, p.x);
    hi = std::max(hi, p.x);
  }
  gather_terrain(r.nearby, terrain, lo - reach, hi + reach);
}

// What one sub-step needs besides the ragdoll, worked out once per step from the tuning.
struct SubstepContext {
  double h = 1.0 / 120.0;     // s
  int newton_steps = 3;
  double keep = 1.0;          // velocity kept through the air drag over h
  double limb_share = 0.0;    // the share of the limbs' relative motion damped over h
  double max_travel = 0.2;    // m per sub-step (the speed cap)
  Friction friction{};
  int extra_solves = 0;       // passes allowed past newton_steps
  double tolerance = 0.005;   // share of a bone's length
  double stick_travel = 0.0;  // m per sub-step: a contact slower than this starts stuck
  ContactHoldRule hold{};
  double reuse_travel = 0.0;  // m: a kept factor is reused across sub-steps until a particle moves this far
};

SubstepContext substep_context(double h, const RagdollTuning& t) {
  SubstepContext c;
  c.h = h;
  c.newton_steps = whole(t.newton_steps, 1, 16, 3);
  const double damping = std::isfinite(t.damping) ? std::clamp(t.damping, 0.0, 20.0) : 0.0;
  c.keep = std::exp(-damping * h);
  const double limb = std::isfinite(t.limb_damping) ? std::clamp(t.limb_damping, 0.0, 200.0) : 0.0;
  c.limb_share = 1.0 - std::exp(-limb * h);
  c.max_travel = speed_limit(t) * h;
  const double mu_s = std::isfinite(t.friction_static) ? std::clamp(t.friction_static, 0.0, 2.0) : 0.0;
  const double mu_k = std::isfinite(t.friction_kinetic) ? std::clamp(t.friction_kinetic, 0.0, mu_s) : 0.0;
  c.friction = {mu_s, mu_k};
  c.extra_solves = whole(t.max_extra_solves, 0, 16, 4);
  c.tolerance = std::isfinite(t.solve_tolerance) ? std::clamp(t.solve_tolerance, 1e-6, 0.1) : 0.005;
  c.reuse_travel = std::isfinite(t.factor_reuse_travel) ? std::clamp(t.factor_reuse_travel, 0.0, 0.05) : 0.0;
  c.stick_travel = (std::isfinite(t.stick_speed) ? std::clamp(t.stick_speed, 0.0, 2.0) : 0.0) * h;
  const double settle = kGravity * h * h;  // m: what gravity moves a still body in a sub-step
  c.hold.stick = mu_s;
  c.hold.release = (std::isfinite(t.contact_release) ? std::clamp(t.contact_release, 0.0, 10.0) : 0.5) * settle;
  c.hold.slip = (std::isfinite(t.contact_slip) ? std::clamp(t.contact_slip, 0.0, 10.0) : 1.0) * settle;
  return c;
}

// A fast particle stops where its path since the sub-step began enters the solid.
void sweep(Ragdoll& r) {
  for (std::size_t i = 0; i < kRagdollPoints; ++i) {
    const vec2 travel = r.position[i] - r.previous[i];
    if (glm::dot(travel, travel) > kSweepTravel * kSweepTravel)
      r.position[i] = first_entry(r.nearby, r.previous[i], r.position[i]);
  }
}

// One sub-step (ARCHITECTURE.md's ragdoll: verlet, then the constraints with the ground
// INSIDE the relaxation, Rule 7b). r.nearby must hold the terrain around the body.
void substep(Ragdoll& r, const SubstepContext& c) {
  const RagdollRig& rig = r.rig;
  // 1. Verlet (Rule 7b): the velocity is position minus previous position; the limbs' swing
  // about each other damped.
  integrate_ragdoll(r.position, r.previous, c.keep * c.h / r.substep_before, c.max_travel, {0.0, -kGravity * c.h * c.h});
  r.substep_before = c.h;
  if (c.limb_share > 0.0) damp_bones(rig, r.position, r.previous, c.limb_share);
  // 2. A fast particle stops where its path enters the solid (no tunnelling through a wall).
  sweep(r);
  // 3. Friction, bounded by the ground's load on each particle in the last sub-step; a particle
  // that static friction held, or that barely moves, starts the solve stuck.
  std::array<bool, kRagdollPoints> stuck{};
  for (const RagdollContact& k : rig.contacts) {
    const bool held = apply_friction(k, r.position, r.previous, r.touch[k.i], c.friction);
    const vec2 moved = r.position[k.i] - r.previous[k.i];
    stuck[k.i] = held || glm::dot(moved, moved) < c.stick_travel * c.stick_travel;
  }
  r.touch = {};
  // 4. The ground and the boxes, INSIDE the relaxation (Rule 7b), then every bone, hold and
  // joint past its range at once (anim/ragdoll_bone_solve): each pass the ground first pushes
  // out what is in it and holds what it pushed (anim/ragdoll_contact: hold_contact), so the
  // solve moves the body off the ground instead of into it; after the solve each hold is
  // decided again from what the solve asked of it (rehold_contacts: let go of what it pulls,
  // slide what it drags out of the friction cone). newton_steps passes, then more, up to
  // max_extra_solves, while a hold changed or a bone is still off by more than solve_tolerance.
  std::array<PointMobility, kRagdollPoints> mobility{};
  for (std::size_t i = 0; i < kRagdollPoints; ++i) mobility[i].w = rig.inv_mass[i];
  begin_bone_substep(r.solve_cache);
  BoneSolveScratch scratch;
  for (int k = 0; k < c.newton_steps + c.extra_solves + kRescueSolves; ++k) {
    bool changed = k > 0 && rehold_contacts(mobility, r.touch, c.hold);
    changed = project_contacts(rig.contacts, r.position, r.nearby, r.touch, r.previous, &mobility, stuck) || changed;
    if (k >= c.newton_steps) {
      const double error = worst_bone_error(rig, r.position);
      if (!changed && error < c.tolerance) break;
      if (k >= c.newton_steps + c.extra_solves && error < kRescueError) break;  // past the extra solves only to rescue a bone
    }
    solve_bones(rig, *r.plan, r.position, mobility, r.solve_cache, scratch, c.reuse_travel);
  }
  // What the body pressed into the ground through the held particles is that ground's load
  // too: friction's bound (Coulomb: mu times the normal push) counts it.
  for (std::size_t i = 0; i < kRagdollPoints; ++i) r.touch[i].depth += mobility[i].pressed;
  // 5. The ground has the last word (Rule 7b), on what the last solve moved in; and what the
  // solve carried right through a wall stops at it.
  project_contacts(rig.contacts, r.position, r.nearby, r.touch, r.previous, nullptr, stuck);
  sweep(r);
  // 6. Sliding friction on the body as a whole. A light part on the ground (a boot tip) cannot
  // hold a heavy body by itself: the bones drag it along again every sub-step, and a body
  // kneeling on its toes would slide down a gentle slope for ever. So where the parts on the
  // ground slide together, the whole body's velocity loses their slide at Coulomb's rate for
  // its weight, mu_k g cos(slope), never past stopping them; a planted foot (not sliding) or
  // a wall (no weight on it) adds nothing.
  if (c.friction.slide > 0.0) {
    double load = 0.0;
    vec2 slide{0.0, 0.0}, normal{0.0, 0.0};
    for (std::size_t i = 0; i < kRagdollPoints; ++i) {
      const ContactTouch& t = r.touch[i];
      if (!(t.depth > 0.0)) continue;
      const double w = t.depth / rig.inv_mass[i];
      const vec2 moved = r.position[i] - r.previous[i];
      slide += w * (moved - t.normal * glm::dot(moved, t.normal));
      normal += w * t.normal;
      load += w;
    }
    if (load > 0.0) {
      slide /= load;
      const double speed = glm::length(slide);
      const double bearing = std::max(0.0, glm::length(normal) > 0.0 ? normal.y / glm::length(normal) : 0.0);
      const double stop = c.friction.slide * kGravity * bearing * c.h * c.h;
      if (speed > 0.0) {
        const vec2 change = slide * (std::min(speed, stop) / speed);
        for (vec2& q : r.previous) q += change;  // a slower velocity: the previous positions follow
      }
    }
  }
}

}  // namespace

JointPositions joint_velocities(const JointPositions& before, const JointPositions& now, double dt) {
  JointPositions v{};
  if (!(std::isfinite(dt) && dt > 0.0)) return v;
  for (std::size_t i = 0; i < kJointCount; ++i) {
    const vec2 d = (now[i] - before[i]) / dt;
    v[i] = usable(now[i]) && usable(before[i]) && is_finite(d) ? d : vec2{0.0, 0.0};
  }
  return v;
}

RiflePoints rifle_velocities(const RiflePoints& before, const RiflePoints& now, double dt) {
  const JointPositions b = {before.butt, before.grip, before.fore, before.muzzle};
  const JointPositions n = {now.butt, now.grip, now.fore, now.muzzle};
  const JointPositions v = joint_velocities(b, n, dt);  // the unused tail is zero both sides
  return {v[0], v[1], v[2], v[3]};
}

Ragdoll make_ragdoll(const RagdollBirth& birth, const RagdollTuning& tuning, const Terrain& terrain) {
  Ragdoll r;
  const int facing = birth.facing < 0 ? -1 : 1;
  r.rig = make_ragdoll_rig(sane_body(birth.body), facing, tuning, birth.rifle_spec);
  const double h = substep_limit(tuning);
  r.substep_before = h;

  // The pose, sanitized: a joint that is not usable sits on the pelvis (or the origin).
  const vec2 fallback = usable(birth.joints[index(Joint::pelvis)]) ? birth.joints[index(Joint::pelvis)] : vec2{0.0, 0.0};
  JointPositions joints{};
  for (std::size_t i = 0; i < kJointCount; ++i) joints[i] = usable(birth.joints[i]) ? birth.joints[i] : fallback;
  const double v_max = speed_limit(tuning);
  auto born_at = [&](P particle, vec2 at, vec2 v) {
    const std::size_t i = pt(particle);
    r.position[i] = at;
    // Rule 7b: the velocity IS position minus previous position.
    r.previous[i] = at - capped(is_finite(v) ? v : vec2{0.0, 0.0}, v_max) * h;
  };
  for (std::size_t i = 0; i < kBornOnJoint.size(); ++i)
    born_at(static_cast<P>(i), joints[index(kBornOnJoint[i])], birth.joint_velocity[index(kBornOnJoint[i])]);
  for (const LegBirth& l : kLegBirth) {
    const vec2 ankle = joints[index(l.ankle_joint)], toe = joints[index(l.toe_joint)];
    born_at(l.knee, joints[index(l.knee_joint)], birth.joint_velocity[index(l.knee_joint)]);
    born_at(l.ankle, ankle, birth.joint_velocity[index(l.ankle_joint)]);
    // The boot tip where the living foot has it (a foot of no length: square to the shank).
    const vec2 tip = glm::length(toe - ankle) > 1e-6
                         ? carried_point(ankle, toe, r.rig.tip_on_foot.x, r.rig.tip_on_foot.y)
                         : ankle + vec2{r.rig.facing * r.rig.bones[static_cast<std::size_t>(RagdollBoneId::foot_near)].length, 0.0};
    born_at(l.tip, tip, birth.joint_velocity[index(l.toe_joint)]);
  }
  for (std::size_t i = 0; i < kJointCount; ++i)
    r.joint_offset[i] = joints[i] - joint_point(r.rig, r.position, static_cast<Joint>(i));

  // The rifle, as held; one that is not usable is put back in the hands with its own shape.
  const RiflePoints& rifle = birth.rifle;
  const bool rifle_usable = usable(rifle.butt) && usable(rifle.grip) && usable(rifle.fore) && usable(rifle.muzzle) &&
                            glm::length(rifle.muzzle - rifle.butt) > 1e-3;
  if (rifle_usable) {
    born_at(P::rifle_butt, rifle.butt, birth.rifle_velocity.butt);
    born_at(P::rifle_muzzle, rifle.muzzle, birth.rifle_velocity.muzzle);
  } else {
    const vec2 hand = r.position[pt(P::hand_near)], hv = birth.joint_velocity[index(Joint::hand_near)];
    const vec2 grip = r.rig.holds[0].held;
    // butt + a e + b perp(e) = hand with e the bar along +x times the facing, |e| its length.
    const double len = r.rig.bones[static_cast<std::size_t>(RagdollBoneId::rifle)].length;
    const vec2 e{r.rig.facing * len, 0.0};
    const vec2 butt = hand - grip.x * e - grip.y * vec2{-e.y, e.x};
    born_at(P::rifle_butt, butt, hv);
    born_at(P::rifle_muzzle, butt + e, hv);
  }
  const vec2 bar = r.position[pt(P::rifle_muzzle)] - r.position[pt(P::rifle_butt)];
  const double bar2 = glm::dot(bar, bar);
  const std::array<vec2, 2> held = {rifle.grip, rifle.fore};
  auto on_bar = [&](vec2 q) {  // q as (a, b) on butt -> muzzle
    const vec2 d = q - r.position[pt(P::rifle_butt)];
    return vec2{glm::dot(d, bar), glm::dot(d, vec2{-bar.y, bar.x})} / bar2;
  };
  for (std::size_t k = 0; k < 2; ++k) {
    RagdollHold& hold = r.rig.holds[k];
    if (rifle_usable) hold.born_point = on_bar(held[k]);
    hold.at = on_bar(r.position[hold.hand]);
  }

  // What the pose was born with, to be eased into the ragdoll's own (settle_time).
  for (RagdollBone& b : r.rig.bones) {
    const double d = glm::length(r.position[b.b] - bone_start(b, r.position));
    b.born = d > 1e-6 ? d : b.length;
  }
  for (RagdollRange& g : r.rig.ranges) {
    const double mid = 0.5 * (g.lo + g.hi);
    const double angle = mid + wrap_angle(range_angle(g, r.position) - mid);  // nearest the range
    g.born_lo = std::min(g.lo, angle);
    g.born_hi = std::max(g.hi, angle);
  }
  gather_near_body(r, terrain, 0.5);
  for (RagdollContact& c : r.rig.contacts)
    c.born_radius = std::min(c.radius, terrain_clearance(r.nearby, r.position[c.i]));
  r.settle = 1.0;
  apply_settle(r.rig, 1.0);

  // The ground already carries him: what one still sub-step under gravity presses each part
  // into it is the load its friction starts from (a planted foot stays planted).
  Ragdoll probe = r;
  probe.previous = probe.position;
  substep(probe, substep_context(h, tuning));
  r.touch = probe.touch;

  r.face_up = ragdoll_front_up(r) > 0.0;
  push_ragdoll(r, birth.impulse, tuning);
  return r;
}

void push_ragdoll(Ragdoll& r, vec2 impulse, const RagdollTuning& tuning) {
  if (!is_finite(impulse)) return;
  const double cap = std::isfinite(tuning.max_impulse) ? std::max(0.0, tuning.max_impulse) : 0.0;
  impulse = capped(impulse, cap);
  if (impulse.x == 0.0 && impulse.y == 0.0) return;
  const double falloff = std::isfinite(tuning.impulse_falloff) ? std::max(1e-3, tuning.impulse_falloff) : 1.0;
  const vec2 chest = r.position[pt(P::chest)];
  for (std::size_t i = 0; i < kRagdollPoints; ++i) {
    const double share = std::exp(-glm::length(r.position[i] - chest) / falloff);
    r.previous[i] -= impulse * (share * r.substep_before);  // Rule 7b: the previous positions only
  }
  r.asleep = false;
  r.rest = {};
}

void step_ragdoll(Ragdoll& r, double dt, const Terrain& terrain, const RagdollTuning& tuning) {
  if (!(std::isfinite(dt) && dt > 0.0)) return;
  const double max_step = std::isfinite(tuning.max_step) ? std::clamp(tuning.max_step, 1e-4, 1.0) : 0.1;
  dt = std::min(dt, max_step);
  if (r.asleep) {
    r.age += dt;
    return;
  }
  if (r.settle > 0.0) {
    r.settle = settle_weight(r.age + dt, tuning);
    apply_settle(r.rig, r.settle);
  }
  double reach = 0.0;
  for (const RagdollContact& c : r.rig.contacts) reach = std::max(reach, c.radius_now);
  gather_near_body(r, terrain, reach + speed_limit(tuning) * dt + 0.05);

  // A step from a state and inputs seen within the last steps ends where it ended then
  // (RagdollStepMemory): recalled, not computed. Anything else that moved the body, pushed it or
  // changed its inputs starts the memory again; a body that moves (faster than rest_speed) or
  // whose rig still settles keeps none (it comes back to no state of its own).
  RagdollStepMemory& memory = r.memory;
  constexpr std::size_t kRing = RagdollStepMemory::kRing;
  memory.recalled = false;
  const bool remember = r.settle == 0.0 && r.top_speed < tuning.rest_speed;
  if (memory.count > 0 && !(remember && same_state(r, memory.state[memory.now]) && dt == memory.dt &&
                            tuning == memory.tuning && r.nearby == memory.nearby))
    memory.count = 0;
  if (memory.count > 0) {
    // Where the chain knows the next state, or where it was last at this one.
    std::size_t from = memory.now;
    for (std::size_t back = 1; from == memory.newest && back < memory.count; ++back) {
      const std::size_t then = (memory.newest + kRing - back) % kRing;
      if (memory.hash[then] == memory.hash[memory.newest] && same_state(r, memory.state[then])) from = then;
    }
    if (from != memory.newest) {
      memory.now = static_cast<std::uint8_t>((from + 1) % kRing);
      const RagdollStepState& next = memory.state[memory.now];
      r.position = next.position;
      r.previous = next.previous;
      r.touch = next.touch;
      memory.recalled = true;
      r.age += dt;
      finish_step(r, dt, tuning);
      return;
    }
  }
  if (remember && memory.count == 0) {
    memory.dt = dt;
    memory.tuning = tuning;
    memory.nearby = r.nearby;
    remember_step(memory, r);
  }
  // The sub-steps' context, worked out from the tuning once a step is computed (a recalled one,
  // above, needs none of it).
  const int max_substeps = whole(tuning.max_substeps, 1, 256, 12);
  const int substeps = std::clamp(static_cast<int>(std::ceil(dt / substep_limit(tuning) - 1e-9)), 1, max_substeps);
  const SubstepContext context = substep_context(dt / substeps, tuning);
  // Every part of the body's state is read below (the rig, the kept factors, the positions),
  // in no order the cache's prefetcher follows: asked for at once, its misses overlap instead
  // of queueing one after another. Measured on bench_ragdoll's 1000 bodies (8 kB each, far
  // out of the cache): 6% faster; the same with 100 (they stay in it). A recalled step (above)
  // reads little of it and asks for none.
  const char* bytes = reinterpret_cast<const char*>(&r);
  for (std::size_t at = 0; at < sizeof(Ragdoll); at += kCacheLine) __builtin_prefetch(bytes + at);
  const RagdollPositions position_before = r.position;
  for (int s = 0; s < substeps; ++s) substep(r, context);
  r.age += dt;
  if (remember) remember_step(memory, r);

  // Nothing above divides by an unguarded length; this is the quality bar's last word.
  const bool finite = std::all_of(r.position.begin(), r.position.end(), usable) &&
                      std::all_of(r.previous.begin(), r.previous.end(), usable);
  if (!finite) {
    r.position = position_before;
    r.previous = position_before;  // and still
    memory.count = 0;
  }
  finish_step(r, dt, tuning);
}

namespace {

void finish_step(Ragdoll& r, double dt, const RagdollTuning& tuning) {
  double top2 = 0.0;
  for (std::size_t i = 0; i < kRagdollPoints; ++i) {
    const vec2 v = r.position[i] - r.previous[i];
    top2 = std::max(top2, glm::dot(v, v));
  }
  r.top_speed = std::sqrt(top2) / r.substep_before;
  tick_rest(r.rest, r.top_speed, r.position, dt, tuning);
  if (r.rest.at_rest && tuning.sleep >= 0.5) {
    r.asleep = true;
    r.previous = r.position;
  }
  r.face_up = next_face_up(r.face_up, ragdoll_front_up(r), tuning.face_hysteresis);
}

}  // namespace

JointPositions ragdoll_joints(const Ragdoll& r) {
  JointPositions out{};
  for (std::size_t i = 0; i < kJointCount; ++i)
    out[i] = joint_point(r.rig, r.position, static_cast<Joint>(i)) + r.joint_offset[i] * r.settle;
  return out;
}

RiflePoints ragdoll_rifle(const Ragdoll& r) {
  const vec2 butt = r.position[pt(P::rifle_butt)], muzzle = r.position[pt(P::rifle_muzzle)];
  const vec2 grip = r.rig.holds[0].point, fore = r.rig.holds[1].point;
  return {butt, carried_point(butt, muzzle, grip.x, grip.y), carried_point(butt, muzzle, fore.x, fore.y), muzzle};
}

vec2 ragdoll_gaze(const Ragdoll& r) {
  const vec2 skull = r.position[pt(P::head)] - r.position[pt(P::neck)];
  const double l = glm::length(skull);
  return l > 1e-9 ? front_of(skull / l, r.rig.facing) : vec2{static_cast<double>(r.rig.facing), 0.0};
}

double ragdoll_bone_drift(const Ragdoll& r) { return worst_bone_error(r.rig, r.position); }

double ragdoll_front_up(const Ragdoll& r) {
  const vec2 up = r.position[pt(P::neck)] - r.position[pt(P::pelvis)];
  const double l = glm::length(up);
  return l > 1e-9 ? front_of(up, r.rig.facing).y / l : 0.0;
}

}  // namespace anim
