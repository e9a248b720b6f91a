#pragma once
// The ground plane (issue 15): the dark plane under the figures' feet. Its fill is banded by
// depth (strata whose boundaries wander with x), its surface carries an edge lit by how it
// faces the key light -- a tread catches the sun, a riser is darker, one facing away from the
// light darkest, with its face shaded a hand's width into the ground -- and, with props on,
// stones in the fill and tufts of dry grass on the surface, fixed in the world, so the speed
// the ground scrolls at can be seen.
#include "anim/terrain.hpp"
#include "render/camera.hpp"
#include "render/canvas.hpp"
#include "render/coverage_layer.hpp"
#include "render/palette.hpp"

#include <vector>

namespace render {

struct GroundStyle {
  bool props = false;           // stones, grass tufts and strata (the game scene); off: a plain fill (sheets)
  double edge_radius = 0.018;   // m: the lit edge's half thickness (at least 1.2 px)
  double riser_face = 0.06;     // m: how far a riser's shaded face reaches into the ground
  double riser_min_slope = 2.0; // |dy / dx| above which a segment is a riser, not a tread or slope
};

// The ground polyline in world m, extended flat past both ends to cover the canvas
// (anim::Terrain: beyond the ends the end heights continue flat; empty means y = 0).
std::vector<anim::vec2> ground_polyline(const Camera& camera, const anim::Terrain& terrain);

// The ground below the terrain's polyline over the whole canvas. `scratch`: a layer of the
// canvas's size to reuse (null: one is made).
void draw_ground(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette,
                 const GroundStyle& style = {}, CoverageLayer* scratch = nullptr);

// The edge tone of a surface segment a -> b (world m, a.x < b.x) under palette.light: Lambert
// of its upward normal against the light, from palette.ground.at(-1) (facing away) to
// palette.ground.at(+1) (a tread under a sun 53 deg up).
Rgba surface_tone(anim::vec2 a, anim::vec2 b, const Palette& palette);

}  // namespace render
