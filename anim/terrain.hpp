#pragma once
// The ground: a polyline with boxes (crates, walls) standing on it, and ladders. Queries used
// by foot placement, the body's motion and the states (ARCHITECTURE.md, anim/terrain).
#include "anim/vec.hpp"

#include <optional>
#include <vector>

namespace anim {

struct Box {
  double x = 0.0;       // left edge, world m
  double width = 1.0;   // m, > 0
  double height = 0.5;  // m above the ground under its left edge, > 0
};

struct Ladder {
  double x = 0.0;       // world m
  double bottom = 0.0;  // world m
  double top = 3.0;     // world m, > bottom
};
// A ladder's rungs: every kRungSpacing from half a spacing above its bottom, below its top
// (EN 131 puts rungs 0.25-0.30 m apart). The drawing and the climb (anim/states/ladder) both
// read these, so the hands and feet land on the rungs drawn.
inline constexpr double kRungSpacing = 0.30;  // m
inline constexpr double kRungFirst = 0.5 * kRungSpacing;  // m above the bottom

// One straight piece of the walkable surface (Terrain::straight_over): over the span it was
// found for, height(x) is height_at(x), bit for bit.
struct StraightGround {
  vec2 a{}, b{};       // the polyline's segment a -> b (a.x < b.x), when not `level`
  bool level = true;   // flat at height y: no polyline, or beyond its ends
  double y = 0.0;
  double height(double x) const;
  double slope() const;  // dy/dx
};

struct Terrain {
  std::vector<vec2> ground;  // polyline, x strictly increasing; empty means flat y = 0
  std::vector<Box> boxes;
  std::vector<Ladder> ladders;

  // Height of the walkable surface at x (the polyline, or a box top), world m. Beyond the
  // ends of the polyline the end heights continue flat.
  double height_at(double x) const;
  // Height of the polyline alone, without boxes.
  double ground_at(double x) const;
  // The ground's level around x: the walkable surface averaged over +-0.3 m, continuous
  // across a step's riser or a box's edge. What the body (not a foot) stands over: the
  // hips' height is measured from it, and what is kept relative to the ground is kept
  // relative to it, so crossing an edge moves nothing by the edge's height at once.
  double level_at(double x) const;
  // Unit normal of the walkable surface at x (pointing up).
  vec2 normal_at(double x) const;
  // The ground's slope (dy/dx) around x, from its level `half_span` m either side: over the
  // span the body stands on (not a pebble's, and not a step's riser taken alone), so a
  // flight of steps read over a stride's length reads as its mean slope.
  double slope_at(double x, double half_span = 0.3) const;
  // The polyline's lowest height between x = from and x = to (either order), world m: the
  // walkable surface there is nowhere lower (boxes only raise it). Interpolation within a
  // segment may round an ulp below its ends.
  double lowest_ground(double from, double to) const;
  // The straight piece the walkable surface is between x = from and x = to (from <= to),
  // when it is one: no box stands over the span and no corner of the polyline lies inside it.
  // A search that probes the ground many times over a short span finds its piece once
  // (issue 14: the pose solve's cost).
  std::optional<StraightGround> straight_over(double from, double to) const;
};

}  // namespace anim
