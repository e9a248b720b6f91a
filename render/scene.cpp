#include "render/scene.hpp"

#include "render/coverage_layer.hpp"
#include "render/parallax.hpp"
#include "render/sky.hpp"
#include "render/soldiers.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace render {

namespace {

// An axis-aligned rectangle with exact area coverage on its four edges; clipped first.
void fill_rect(Canvas& canvas, glm::vec2 lo, glm::vec2 hi, Rgba color) {
  // Clamped while still floats: a box far off the canvas must not overflow the int.
  const float w = static_cast<float>(canvas.width()), h = static_cast<float>(canvas.height());
  const int x0 = static_cast<int>(std::floor(std::clamp(lo.x, 0.0f, w))), x1 = static_cast<int>(std::ceil(std::clamp(hi.x, 0.0f, w)));
  const int y0 = static_cast<int>(std::floor(std::clamp(lo.y, 0.0f, h))), y1 = static_cast<int>(std::ceil(std::clamp(hi.y, 0.0f, h)));
  for (int y = y0; y < y1; ++y) {
    const float cy = std::min(hi.y, y + 1.0f) - std::max(lo.y, static_cast<float>(y));
    for (int x = x0; x < x1; ++x) {
      const float cx = std::min(hi.x, x + 1.0f) - std::max(lo.x, static_cast<float>(x));
      canvas.blend_pixel(x, y, color, cx * cy);
    }
  }
}

void draw_box(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const anim::Box& box,
              const Palette& palette) {
  const double base = terrain.ground_at(box.x);
  const glm::vec2 tl = camera.to_canvas({box.x, base + box.height});
  const glm::vec2 br = camera.to_canvas({box.x + box.width, std::min(base, terrain.ground_at(box.x + box.width)) - 0.05});
  fill_rect(canvas, tl, br, palette.crate.at(0));
  // The top catches the light (one ladder step up); the side away from the light is one step
  // down, as the ground's risers are (render/ground.hpp).
  const float edge = std::max(2.0f, static_cast<float>(camera.to_px(0.03)));
  const bool light_from_left = palette.light.toward_px.x < 0.0f;
  const float shade_x = light_from_left ? br.x - edge : tl.x;
  fill_rect(canvas, {shade_x, tl.y}, {shade_x + edge, br.y}, palette.crate.at(-1));
  fill_rect(canvas, tl, {br.x, tl.y + edge}, palette.crate.at(kHighlightStep));
}

// A ladder: two rails and a rung every anim::kRungSpacing from half of it above its bottom. Only what the
// camera sees is drawn (issue 17: a ladder from -1e9 to 1e9 m has 6.7e9 rungs, and at 1e300
// adding the spacing changes nothing): the rails are clipped to the view, the rungs are
// counted from the view's edges, and rungs closer than a pixel are left to the rails.
void draw_ladder(Canvas& canvas, const Camera& camera, const anim::Ladder& ladder, const Palette& palette,
                 CoverageLayer& layer) {
  const double half = 0.22, rung_gap = anim::kRungSpacing;  // (anim::kRungFirst is half a gap)
  const float rail_r = std::max(1.0f, static_cast<float>(camera.to_px(0.025)));
  const float rung_r = std::max(1.0f, static_cast<float>(camera.to_px(0.018)));
  // The world the canvas shows, widened by a rail's radius so nothing at the border is cut.
  const double pad = (rail_r + 1.0) / camera.px_per_m;
  const anim::vec2 top_left = camera.to_world({0.0f, 0.0f});
  const anim::vec2 bottom_right = camera.to_world({static_cast<float>(camera.width), static_cast<float>(camera.height)});
  if (ladder.x + half < top_left.x - pad || ladder.x - half > bottom_right.x + pad) return;
  const double lo = std::max(ladder.bottom, bottom_right.y - pad), hi = std::min(ladder.top, top_left.y + pad);
  if (!(lo < hi)) return;
  // Rung k sits at bottom + (k + 1/2) gap, below the top: the first and last inside [lo, hi].
  const double k_first = std::max(0.0, std::ceil((lo - ladder.bottom) / rung_gap - 0.5));
  const double k_last = std::floor((hi - ladder.bottom) / rung_gap - 0.5);
  const double rungs = k_last - k_first + 1.0;
  if (rungs <= camera.height) {
    for (double i = 0.0; i < rungs; ++i) {
      const double y = ladder.bottom + rung_gap * (k_first + i + 0.5);
      if (y >= ladder.top) break;
      layer.add_run(camera.to_canvas({ladder.x - half, y}), camera.to_canvas({ladder.x + half, y}), rung_r);
    }
  }
  layer.add_run(camera.to_canvas({ladder.x - half, lo}), camera.to_canvas({ladder.x - half, hi}), rail_r);
  layer.add_run(camera.to_canvas({ladder.x + half, lo}), camera.to_canvas({ladder.x + half, hi}), rail_r);
  layer.composite(canvas, palette.ladder_wood);
}

}  // namespace

void draw_terrain(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette,
                  const GroundStyle& style, CoverageLayer* scratch) {
  std::optional<CoverageLayer> own;
  CoverageLayer& layer = layer_for(canvas, scratch, own);
  draw_ground(canvas, camera, terrain, palette, style, &layer);
  for (const anim::Box& box : terrain.boxes) draw_box(canvas, camera, terrain, box, palette);
  for (const anim::Ladder& ladder : terrain.ladders) draw_ladder(canvas, camera, ladder, palette, layer);
}

void draw_ground_line(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, Rgba color, float thickness_px) {
  CoverageLayer layer(canvas.width(), canvas.height());
  const std::vector<anim::vec2> line = ground_polyline(camera, terrain);
  for (std::size_t i = 0; i + 1 < line.size(); ++i) {
    layer.add_run(camera.to_canvas(line[i]), camera.to_canvas(line[i + 1]), 0.5f * thickness_px);
  }
  layer.composite(canvas, color);
}

void draw_scene(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain,
                std::span<const anim::CharacterFrame> soldiers, const Palette& palette, const SceneOptions& options) {
  // One scratch layer for every job of the frame: it clears only what it touched.
  CoverageLayer scratch(canvas.width(), canvas.height());
  draw_sky(canvas, camera, terrain, palette, {}, &scratch);
  draw_parallax(canvas, camera, terrain, palette);
  GroundStyle ground;
  ground.props = true;
  draw_terrain(canvas, camera, terrain, palette, ground, &scratch);
  draw_soldiers(canvas, camera, terrain, soldiers, palette, options.selected, {}, options.parallel, options.detail);
}

}  // namespace render
