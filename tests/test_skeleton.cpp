// Skeleton (issue 2): proportions from height, the flat joint table, forward kinematics that
// keeps bone lengths, and poses that mirror exactly when the character faces -x.
#include "anim/character.hpp"
#include "anim/metrics.hpp"
#include "anim/skeleton.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>

using namespace anim;

TEST_CASE("proportions follow Winter's segment fractions of height") {
  const Proportions p = proportions_for_height(1.78);
  CHECK(p.thigh == doctest::Approx(0.245 * 1.78));
  CHECK(p.shank == doctest::Approx(0.246 * 1.78));
  CHECK(p.upper_arm == doctest::Approx(0.186 * 1.78));
  CHECK(p.forearm == doctest::Approx(0.146 * 1.78));
  CHECK(p.trunk == doctest::Approx(0.288 * 1.78));
  // Standing, the segments stack up to the body height: ankle + leg + trunk + neck + head.
  CHECK(p.ankle_height + p.leg() + p.trunk + p.neck + p.head == doctest::Approx(1.78).epsilon(0.001));
  const Proportions tall = proportions_for_height(2.0);
  CHECK(tall.leg() / p.leg() == doctest::Approx(2.0 / 1.78));
}

TEST_CASE("odd heights are clamped, never NaN") {
  CHECK(proportions_for_height(0.1).height == doctest::Approx(1.2));
  CHECK(proportions_for_height(9.0).height == doctest::Approx(2.3));
  CHECK(proportions_for_height(std::numeric_limits<double>::quiet_NaN()).height == doctest::Approx(1.78));
}

TEST_CASE("the joint table lists parents before children and names match the trace") {
  for (std::size_t i = 0; i < kJointCount; ++i) CHECK(index(kJointParent[i]) <= i);
  CHECK(joint_name(Joint::pelvis) == "pelvis");
  CHECK(joint_name(Joint::toe_far) == "toe_far");
  CHECK(joint_name(Joint::shoulder_near) == "shoulder_near");
}

namespace {
Pose random_pose(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> a(-2.0, 2.0), y(0.5, 1.0);
  Pose p;
  p.pelvis_facing = {0.1 * a(rng), y(rng)};
  p.spine_lower = 0.2 * a(rng);
  p.spine_upper = 0.1 * a(rng);
  p.neck = 0.2 * a(rng);
  p.head = 0.2 * a(rng);
  for (Side s : kSides) {
    p.arm[index(s)] = {a(rng), a(rng), 0.0};
    p.leg[index(s)] = {a(rng), a(rng), 0.3 * a(rng)};
  }
  return p;
}
}  // namespace

TEST_CASE("forward kinematics keeps every bone its length, facing +x and -x") {
  const Proportions body = proportions_for_height(1.78);
  std::mt19937_64 rng(5);
  for (int i = 0; i < 2000; ++i) {
    const Pose pose = random_pose(rng);
    for (int facing : {1, -1}) {
      CharacterFrame f;
      f.body_size = body;
      f.body = BodyFrame::facing({3.0, 0.0}, facing);
      f.joints = forward_kinematics(pose, body, f.body);
      CHECK(bone_error(f) < 1e-12);
    }
  }
}

TEST_CASE("a pose facing -x is the exact mirror of the same pose facing +x") {
  const Proportions body = proportions_for_height(1.78);
  std::mt19937_64 rng(9);
  for (int i = 0; i < 500; ++i) {
    const Pose pose = random_pose(rng);
    const vec2 origin{2.5, 0.3};
    const JointPositions right = forward_kinematics(pose, body, BodyFrame::facing(origin, 1));
    const JointPositions left = forward_kinematics(pose, body, BodyFrame::facing(origin, -1));
    for (std::size_t j = 0; j < kJointCount; ++j) {
      CHECK(left[j].x - origin.x == doctest::Approx(-(right[j].x - origin.x)).epsilon(1e-12));
      CHECK(left[j].y == right[j].y);
    }
  }
}

TEST_CASE("a standing character has its knees forward and elbows down in both facings") {
  const Terrain flat;
  for (int facing : {1, -1}) {
    CAPTURE(facing);
    CharacterSpec spec;
    spec.facing = facing;
    Character c(spec, Tuning{}, flat);
    Intent still;
    for (int i = 0; i < 60; ++i) c.step(still, 1.0 / 120.0, flat);
    const CharacterFrame& f = c.frame();
    CHECK(f.body.sign() == facing);
    for (Side s : kSides) {
      CHECK(knee_bend(f, s) > 0.0);
      const Joint elbow = s == Side::near ? Joint::elbow_near : Joint::elbow_far;
      const Joint shoulder = s == Side::near ? Joint::shoulder_near : Joint::shoulder_far;
      const Joint hand = s == Side::near ? Joint::hand_near : Joint::hand_far;
      // Elbows down: below the line from shoulder to hand.
      const vec2 sh = f.joints[index(shoulder)], ha = f.joints[index(hand)], el = f.joints[index(elbow)];
      const double t = (el.x - sh.x) / (ha.x - sh.x);
      CHECK(el.y < sh.y + t * (ha.y - sh.y));
    }
    CHECK(bone_error(f) < 1e-9);
  }
}
