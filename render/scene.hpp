#pragma once
// A whole frame: background, terrain (ground, boxes, ladders) and the soldiers on it, in
// that order. The window and the PNG writer show this same canvas (ARCHITECTURE.md: one
// renderer, so a frame given to a reviewer is exactly what the player saw).
#include "anim/character_frame.hpp"
#include "anim/terrain.hpp"
#include "render/camera.hpp"
#include "render/canvas.hpp"
#include "render/palette.hpp"

#include <span>

namespace render {

// Sky gradient (palette.sky_top at the top to palette.sky_horizon at the ground line under
// the camera centre), the distant hills (render/parallax.hpp), the terrain, then every
// soldier in the order given.
void draw_scene(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain,
                std::span<const anim::CharacterFrame> soldiers, const Palette& palette);

// The background alone: the sky gradient over the whole canvas.
void draw_sky(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette);

// The terrain alone: ground fill under the polyline with a lit top edge, boxes, ladders.
void draw_terrain(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette);

// Just the terrain polyline as a run of `thickness_px`, for contact sheets.
void draw_ground_line(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, Rgba color,
                      float thickness_px = 2.0f);

}  // namespace render
