#pragma once
// A whole frame, back to front: sky (render/sky.hpp), distant hills (render/parallax.hpp), the
// terrain (ground, boxes, ladders) and the soldiers on it (render/soldiers.hpp). The window
// and the PNG writer show this same canvas (ARCHITECTURE.md: one renderer, so a frame given to
// a reviewer is exactly what the player saw).
#include "anim/character_frame.hpp"
#include "anim/terrain.hpp"
#include "render/camera.hpp"
#include "render/canvas.hpp"
#include "render/coverage_layer.hpp"
#include "render/detail.hpp"
#include "render/ground.hpp"
#include "render/palette.hpp"
#include "render/parallel.hpp"

#include <span>

namespace render {

struct SceneOptions {
  int selected = -1;  // index into the soldiers of the one the player controls (marked); -1: none
  ForEach parallel;   // runs the soldiers' bands (render/soldiers.hpp); empty: this thread alone
  std::span<const Detail> detail;  // each soldier's level of detail; empty: every one near
};

// Every plane of the scene, then every soldier (render/soldiers.hpp: ranks, contact
// shadows, firing, the selection mark).
void draw_scene(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain,
                std::span<const anim::CharacterFrame> soldiers, const Palette& palette, const SceneOptions& options = {});

// The terrain alone: the ground (render/ground.hpp), boxes lit on their top and shaded on the
// side away from the light, ladders.
void draw_terrain(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette,
                  const GroundStyle& style = {}, CoverageLayer* scratch = nullptr);

// Just the terrain polyline as a run of `thickness_px`, for contact sheets.
void draw_ground_line(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, Rgba color,
                      float thickness_px = 2.0f);

}  // namespace render
