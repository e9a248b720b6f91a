#pragma once
// The peer of bench_ragdoll: the same ragdoll in Box2D 2.4 (issue 13: 11 bodies, 10 revolute
// joints with limits, 8 velocity + 3 position iterations), born on the same poses with the same
// velocities and impulses, on the same flat ground with the same friction. A benchmark-only
// dependency (Debian: libbox2d-dev); the project builds without it and the mode is skipped.
// No Box2D type shows here, so bench_ragdoll.cpp compiles either way.
#include "anim/ragdoll.hpp"

#include <memory>
#include <span>

namespace box2d_bench {

class Box2dRagdolls {
 public:
  // One world with a ragdoll for each birth (they collide with the ground only, as the verlet
  // ragdolls do), friction from `tuning`. Sleeping off (every body awake, as the verlet ragdolls
  // with sleep = 0) unless `sleeping`: Box2D's default, bodies slower than its sleep tolerances
  // for b2_timeToSleep (0.5 s) are not stepped, beside the verlet ragdolls asleep at rest.
  Box2dRagdolls(std::span<const anim::RagdollBirth> births, const anim::RagdollTuning& tuning, bool sleeping = false);
  ~Box2dRagdolls();
  Box2dRagdolls(const Box2dRagdolls&) = delete;
  Box2dRagdolls& operator=(const Box2dRagdolls&) = delete;

  void step(double dt);  // 8 velocity and 3 position iterations
  // The worst distance between the two bodies' anchors of any joint now, as a share of the
  // child bone's length (the drift of a joint that should not come apart).
  double worst_separation() const;

 private:
  struct World;
  std::unique_ptr<World> world_;
};

}  // namespace box2d_bench
