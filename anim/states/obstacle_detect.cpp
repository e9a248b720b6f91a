#include "anim/states/obstacle_detect.hpp"

#include <cmath>

namespace anim {

double box_top(const Terrain& world, const Box& box) { return world.ground_at(box.x) + box.height; }

Terrain walkable_terrain(const Terrain& world, double support_y, double step_max) {
  Terrain out;
  out.ground = world.ground;
  out.ladders = world.ladders;
  for (const Box& b : world.boxes)
    if (box_top(world, b) <= support_y + step_max) out.boxes.push_back(b);
  return out;
}

std::optional<BoxAhead> box_ahead(const Terrain& world, double x, int dir, double support_y, double look,
                                  const Proportions& body, const ObstacleTuning& t) {
  std::optional<BoxAhead> best;
  for (std::size_t i = 0; i < world.boxes.size(); ++i) {
    const Box& b = world.boxes[i];
    const double top = box_top(world, b);
    if (top <= support_y + t.step_max) continue;  // ground to him
    const double face = dir > 0 ? b.x : b.x + b.width;
    const double distance = (face - x) * dir;
    // A face a hair behind the body still counts (he is stopped against it).
    if (distance < -0.05 || distance > look) continue;
    if (best && best->distance <= distance) continue;
    BoxAhead a;
    a.box = i;
    a.face_x = face;
    a.far_x = dir > 0 ? b.x + b.width : b.x;
    a.top_y = top;
    a.rise = top - support_y;
    a.distance = std::max(distance, 0.0);
    a.move = a.rise <= t.vault_max_share * body.height      ? ObstacleMove::vault
             : a.rise <= t.climb_reach_share * body.height ? ObstacleMove::climb
                                                           : ObstacleMove::blocked;
    best = a;
  }
  return best;
}

std::optional<EdgeAhead> edge_ahead(const Terrain& walkable, double x, int dir, double support_y, double look,
                                    const ObstacleTuning& t) {
  constexpr double kStep = 0.01;  // m between samples: an edge is found to a centimetre
  // An edge needs a sample more than a step below what he stands on. Where the polyline over
  // the whole look (boxes only raise the surface) is nowhere that low, none is: the ~300
  // samples below are skipped (issue 14: they were a tenth of a crowd's pose solve). The
  // margin covers the rounding of a sample between two points; NaN goes on to the samples.
  constexpr double kRounding = 1e-6;  // m
  if (support_y - (walkable.lowest_ground(x, x + dir * (look + 2.0 * kStep)) - kRounding) <= t.step_max) return std::nullopt;
  double prev = walkable.height_at(x);
  for (double d = kStep; d <= look + 1e-9; d += kStep) {
    const double h = walkable.height_at(x + dir * d);
    if (prev - h > t.step_max && support_y - h > t.step_max) {
      EdgeAhead e;
      e.edge_x = x + dir * (d - kStep);
      e.top_y = prev;
      e.below_y = walkable.height_at(x + dir * (d + 0.3));
      e.distance = d - kStep;
      return e;
    }
    prev = h;
  }
  return std::nullopt;
}

std::optional<std::size_t> ladder_near(const Terrain& world, double x, double reach) {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < world.ladders.size(); ++i) {
    const double d = std::abs(world.ladders[i].x - x);
    if (d < reach && (!best || d < std::abs(world.ladders[*best].x - x))) best = i;
  }
  return best;
}

}  // namespace anim
