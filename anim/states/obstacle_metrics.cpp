#include "anim/states/obstacle_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace anim {

BoxClearance closest_joint_to_boxes(const CharacterFrame& f, const Terrain& terrain) {
  BoxClearance best{std::numeric_limits<double>::infinity(), Joint::pelvis};
  for (const Box& b : terrain.boxes) {
    const double x0 = b.x, x1 = b.x + b.width, y0 = terrain.ground_at(b.x) - 1e3, y1 = terrain.ground_at(b.x) + b.height;
    for (std::size_t j = 0; j < kJointCount; ++j) {
      const vec2 p = f.joints[j];
      const double dx = std::max({x0 - p.x, 0.0, p.x - x1}), dy = std::max({y0 - p.y, 0.0, p.y - y1});
      const double d = (dx == 0.0 && dy == 0.0) ? -std::min({p.x - x0, x1 - p.x, y1 - p.y}) : std::hypot(dx, dy);
      if (d < best.distance) best = {d, static_cast<Joint>(j)};
    }
  }
  return best;
}

namespace {

JointStep worst_step(std::span<const CharacterFrame> frames, bool beyond_body) {
  JointStep worst;
  for (std::size_t i = 1; i < frames.size(); ++i) {
    const double body = beyond_body ? glm::length(frames[i].joints[index(Joint::pelvis)] - frames[i - 1].joints[index(Joint::pelvis)]) : 0.0;
    for (std::size_t j = 0; j < kJointCount; ++j) {
      const double d = glm::length(frames[i].joints[j] - frames[i - 1].joints[j]) - body;
      if (d > worst.distance) worst = {d, static_cast<Joint>(j), i};
    }
  }
  return worst;
}

}  // namespace

JointStep max_joint_step(std::span<const CharacterFrame> frames) { return worst_step(frames, false); }
JointStep max_joint_step_beyond_body(std::span<const CharacterFrame> frames) { return worst_step(frames, true); }

}  // namespace anim
