#pragma once
// What lies ahead of a soldier (Rule 7: the move is picked from the obstacle's height above
// what he stands on, not from its height above the ledge): the box he is walking into and
// whether it is a vault, a climb or a face he cannot take; the edge he is walking off; the
// ladder beside him; and which boxes are ground to him at all.
#include "anim/skeleton.hpp"
#include "anim/states/obstacle_tuning.hpp"
#include "anim/terrain.hpp"

#include <optional>

namespace anim {

// The terrain as his feet see it: the polyline and only the boxes whose tops are no more
// than a step above what he stands on (support_y). Every other box is a solid obstacle.
Terrain walkable_terrain(const Terrain& world, double support_y, double step_max);

// The top of a box, world m (its height is over the ground under its left edge).
double box_top(const Terrain& world, const Box& box);

enum class ObstacleMove : std::uint8_t { vault, climb, blocked };

struct BoxAhead {
  ObstacleMove move = ObstacleMove::blocked;
  std::size_t box = 0;    // index into Terrain::boxes
  double face_x = 0.0;    // world x of the face he meets
  double far_x = 0.0;     // world x of its far side
  double top_y = 0.0;     // world y of its top
  double rise = 0.0;      // m, the top above what he stands on
  double distance = 0.0;  // m from the body to the face along his travel, >= 0
};

// The nearest box that is not ground to him with its face within `look` m ahead along `dir`
// (+1 / -1), and the move its rise asks for.
std::optional<BoxAhead> box_ahead(const Terrain& world, double x, int dir, double support_y, double look,
                                  const Proportions& body, const ObstacleTuning& t);

struct EdgeAhead {
  double edge_x = 0.0;    // world x of the last point of the surface he stands on
  double top_y = 0.0;     // world y of that surface at the edge
  double below_y = 0.0;   // world y of the ground beyond it
  double distance = 0.0;  // m from the body to the edge along `dir`, >= 0
};

// The first edge within `look` m ahead along `dir` that drops more than a step below what he
// stands on (read on the terrain his feet see).
std::optional<EdgeAhead> edge_ahead(const Terrain& walkable, double x, int dir, double support_y, double look,
                                    const ObstacleTuning& t);

// The ladder within `reach` m of x (the nearest), or none.
std::optional<std::size_t> ladder_near(const Terrain& world, double x, double reach);

}  // namespace anim
