#include "bench/box2d_ragdoll.hpp"

#include <box2d/box2d.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace box2d_bench {

namespace {

using anim::Joint;
using anim::RagdollRangeId;
using anim::vec2;

constexpr double kBodyMass = 80.0;  // kg; shares as anim/ragdoll_rig.cpp (Winter 2009, table 4.1, and kit)

// The 11 bodies: a segment from joint to joint, its contact radius (anim::RagdollRadii) and
// its mass share.
struct Segment { Joint from, to; double radius, mass_share; };
constexpr double kTrunk = 0.497;
constexpr std::array<Segment, 11> kSegments = {{
    {Joint::pelvis, Joint::chest, 0.11, 0.5 * kTrunk},                     // 0 lower trunk
    {Joint::chest, Joint::neck, 0.15, 0.5 * kTrunk + 0.15},                // 1 upper trunk, with the plate carrier
    {Joint::neck, Joint::head, 0.11, 0.081 + 0.02},                        // 2 head and helmet
    {Joint::shoulder_near, Joint::elbow_near, 0.05, 0.028},                // 3
    {Joint::elbow_near, Joint::hand_near, 0.045, 0.016 + 0.006},           // 4
    {Joint::shoulder_far, Joint::elbow_far, 0.05, 0.028},                  // 5
    {Joint::elbow_far, Joint::hand_far, 0.045, 0.016 + 0.006},             // 6
    {Joint::hip_near, Joint::knee_near, 0.06, 0.100},                      // 7
    {Joint::knee_near, Joint::ankle_near, 0.06, 0.0465 + 0.0145 + 0.014},  // 8 shank, foot and boot
    {Joint::hip_far, Joint::knee_far, 0.06, 0.100},                        // 9
    {Joint::knee_far, Joint::ankle_far, 0.06, 0.0465 + 0.0145 + 0.014},    // 10
}};

// The 10 revolute joints: parent body, child body, where, and the verlet ragdoll's range.
struct Hinge { int a, b; Joint at; RagdollRangeId range; };
constexpr std::array<Hinge, 10> kHinges = {{
    {0, 1, Joint::chest, RagdollRangeId::spine},
    {1, 2, Joint::neck, RagdollRangeId::neck},
    {1, 3, Joint::shoulder_near, RagdollRangeId::shoulder_near},
    {3, 4, Joint::elbow_near, RagdollRangeId::elbow_near},
    {1, 5, Joint::shoulder_far, RagdollRangeId::shoulder_far},
    {5, 6, Joint::elbow_far, RagdollRangeId::elbow_far},
    {0, 7, Joint::pelvis, RagdollRangeId::hip_near},
    {7, 8, Joint::knee_near, RagdollRangeId::knee_near},
    {0, 9, Joint::pelvis, RagdollRangeId::hip_far},
    {9, 10, Joint::knee_far, RagdollRangeId::knee_far},
}};

constexpr std::uint16_t kGroundBit = 0x0001, kBodyBit = 0x0002;

b2Vec2 to_b2(vec2 v) { return {static_cast<float>(v.x), static_cast<float>(v.y)}; }

}  // namespace

struct Box2dRagdolls::World {
  b2World world{b2Vec2(0.0f, static_cast<float>(-anim::kGravity))};
  struct Link { b2RevoluteJoint* joint; double child_length; };
  std::vector<Link> links;
};

Box2dRagdolls::Box2dRagdolls(std::span<const anim::RagdollBirth> births, const anim::RagdollTuning& tuning, bool sleeping)
    : world_(std::make_unique<World>()) {
  b2World& w = world_->world;
  w.SetAllowSleeping(sleeping);  // off: the verlet ragdolls are measured awake too
  const float friction = static_cast<float>(tuning.friction_static);

  double lo = 0.0, hi = 0.0;
  for (const anim::RagdollBirth& b : births) {
    lo = std::min(lo, b.joints[anim::index(Joint::pelvis)].x);
    hi = std::max(hi, b.joints[anim::index(Joint::pelvis)].x);
  }
  b2BodyDef ground_def;
  b2Body* ground = w.CreateBody(&ground_def);
  b2EdgeShape edge;
  edge.SetTwoSided(b2Vec2(static_cast<float>(lo - 50.0), 0.0f), b2Vec2(static_cast<float>(hi + 50.0), 0.0f));
  b2FixtureDef ground_fixture;
  ground_fixture.shape = &edge;
  ground_fixture.friction = friction;
  ground_fixture.filter.categoryBits = kGroundBit;
  ground->CreateFixture(&ground_fixture);

  anim::RagdollTuning awake = tuning;
  awake.sleep = 0;
  for (const anim::RagdollBirth& birth : births) {
    // Born exactly as the verlet ragdoll is (its sanitized joints, velocities with the
    // impulse already spread over the body, and its joint ranges).
    const anim::Ragdoll r = anim::make_ragdoll(birth, awake, anim::Terrain{});
    const anim::JointPositions joints = anim::ragdoll_joints(r);
    anim::Ragdoll moving = r;
    for (std::size_t i = 0; i < anim::kRagdollPoints; ++i)
      moving.position[i] = (r.position[i] - r.previous[i]) / r.substep_before;
    moving.settle = 0.0;
    const anim::JointPositions velocity = anim::ragdoll_joints(moving);

    std::array<b2Body*, kSegments.size()> body{};
    std::array<double, kSegments.size()> length{};
    for (std::size_t s = 0; s < kSegments.size(); ++s) {
      const Segment& seg = kSegments[s];
      const vec2 a = joints[anim::index(seg.from)], b = joints[anim::index(seg.to)];
      const vec2 va = velocity[anim::index(seg.from)], vb = velocity[anim::index(seg.to)];
      const vec2 d = b - a;
      length[s] = std::max(glm::length(d), 1e-3);
      b2BodyDef def;
      def.type = b2_dynamicBody;
      def.position = to_b2(0.5 * (a + b));
      def.angle = static_cast<float>(anim::angle_of(d));
      def.linearVelocity = to_b2(0.5 * (va + vb));
      def.angularVelocity = static_cast<float>(anim::cross(d, vb - va) / (length[s] * length[s]));
      body[s] = w.CreateBody(&def);
      b2PolygonShape box;
      box.SetAsBox(static_cast<float>(0.5 * length[s]), static_cast<float>(seg.radius));
      b2FixtureDef fixture;
      fixture.shape = &box;
      fixture.density = static_cast<float>(seg.mass_share * kBodyMass / (2.0 * length[s] * seg.radius));
      fixture.friction = friction;
      fixture.filter.categoryBits = kBodyBit;
      fixture.filter.maskBits = kGroundBit;
      body[s]->CreateFixture(&fixture);
    }
    for (const Hinge& h : kHinges) {
      const anim::RagdollRange& range = r.rig.ranges[static_cast<std::size_t>(h.range)];
      b2RevoluteJointDef def;
      def.Initialize(body[h.a], body[h.b], to_b2(joints[anim::index(h.at)]));
      // The joint angle is the verlet ragdoll's range angle (anim::range_angle), so the same
      // limits apply: reference = relative body angle at birth - that angle.
      const double mid = 0.5 * (range.born_lo + range.born_hi);
      const double angle = mid + anim::wrap_angle(anim::range_angle(range, r.position) - mid);
      def.referenceAngle = static_cast<float>(body[h.b]->GetAngle() - body[h.a]->GetAngle() - angle);
      def.enableLimit = true;
      def.lowerAngle = static_cast<float>(range.born_lo);
      def.upperAngle = static_cast<float>(range.born_hi);
      world_->links.push_back({static_cast<b2RevoluteJoint*>(w.CreateJoint(&def)), length[static_cast<std::size_t>(h.b)]});
    }
  }
}

Box2dRagdolls::~Box2dRagdolls() = default;

void Box2dRagdolls::step(double dt) { world_->world.Step(static_cast<float>(dt), 8, 3); }

double Box2dRagdolls::worst_separation() const {
  double worst = 0.0;
  for (const World::Link& l : world_->links) {
    const b2Vec2 d = l.joint->GetAnchorA() - l.joint->GetAnchorB();
    worst = std::max(worst, static_cast<double>(d.Length()) / l.child_length);
  }
  return worst;
}

}  // namespace box2d_bench
