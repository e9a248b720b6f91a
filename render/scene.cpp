#include "render/scene.hpp"

#include "render/parallax.hpp"

#include "render/coverage_layer.hpp"
#include "render/figure.hpp"
#include "render/raster.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace render {

namespace {

Rgba lerp(Rgba a, Rgba b, double t) {
  auto mix = [t](std::uint8_t x, std::uint8_t y) { return static_cast<std::uint8_t>(std::lround(x + (y - x) * t)); };
  return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b), mix(a.a, b.a)};
}

// The ground polyline in world m, extended flat past both ends to cover the canvas
// (anim::Terrain: beyond the ends the end heights continue flat; empty means y = 0).
std::vector<anim::vec2> ground_polyline(const Camera& camera, const anim::Terrain& terrain) {
  const double left = camera.to_world({0.0f, 0.0f}).x - 1.0, right = camera.to_world({static_cast<float>(camera.width), 0.0f}).x + 1.0;
  std::vector<anim::vec2> line;
  line.push_back({std::min(left, terrain.ground.empty() ? left : terrain.ground.front().x), terrain.ground_at(left)});
  for (const anim::vec2& p : terrain.ground) line.push_back(p);
  line.push_back({std::max(right, terrain.ground.empty() ? right : terrain.ground.back().x), terrain.ground_at(right)});
  return line;
}

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

// A ladder: two rails and a rung every 0.3 m from 0.15 m above its bottom. Only what the
// camera sees is drawn (issue 17: a ladder from -1e9 to 1e9 m has 6.7e9 rungs, and at 1e300
// adding the spacing changes nothing): the rails are clipped to the view, the rungs are
// counted from the view's edges, and rungs closer than a pixel are left to the rails.
void draw_ladder(Canvas& canvas, CoverageLayer& layer, const Camera& camera, const anim::Ladder& ladder,
                 const Palette& palette) {
  const double half = 0.22, rung_gap = 0.30;
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

void draw_sky(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette) {
  const float horizon = camera.to_canvas({camera.center_world.x, terrain.ground_at(camera.center_world.x)}).y;
  const std::size_t stride = static_cast<std::size_t>(canvas.width()) * 4;
  for (int y = 0; y < canvas.height(); ++y) {
    const double t = horizon > 1.0f ? std::clamp(static_cast<double>(y) / horizon, 0.0, 1.0) : 1.0;
    const Rgba c = lerp(palette.sky_top, palette.sky_horizon, t);
    std::uint8_t* row = canvas.data() + stride * y;
    for (int x = 0; x < canvas.width(); ++x) {
      row[4 * x] = c.r; row[4 * x + 1] = c.g; row[4 * x + 2] = c.b; row[4 * x + 3] = c.a;
    }
  }
}

void draw_terrain(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette) {
  // Ground: each column filled below the polyline, the top pixel by its covered fraction.
  const Rgba ground = palette.ground.at(0);
  for (int x = 0; x < canvas.width(); ++x) {
    const double wx = camera.to_world({x + 0.5f, 0.0f}).x;
    const float top = camera.to_canvas({wx, terrain.ground_at(wx)}).y;
    const int first = std::max(0, static_cast<int>(std::floor(top)));
    for (int y = first; y < canvas.height(); ++y) {
      const float cov = std::clamp(static_cast<float>(y + 1) - top, 0.0f, 1.0f);
      canvas.blend_pixel(x, y, ground, cov);
    }
  }
  CoverageLayer layer(canvas.width(), canvas.height());
  const std::vector<anim::vec2> line = ground_polyline(camera, terrain);
  for (std::size_t i = 0; i + 1 < line.size(); ++i) {
    // The lit top edge, half above and half below the surface line.
    layer.add_run(camera.to_canvas(line[i]), camera.to_canvas(line[i + 1]), 1.5f);
  }
  layer.composite(canvas, palette.ground.at(kHighlightStep));

  for (const anim::Box& box : terrain.boxes) {
    const double base = terrain.ground_at(box.x);
    const glm::vec2 tl = camera.to_canvas({box.x, base + box.height});
    const glm::vec2 br = camera.to_canvas({box.x + box.width, std::min(base, terrain.ground_at(box.x + box.width)) - 0.05});
    fill_rect(canvas, tl, br, palette.crate.at(0));
    // The lit top and left faces, one ladder step up (light from the upper left).
    const float edge = std::max(2.0f, static_cast<float>(camera.to_px(0.03)));
    fill_rect(canvas, tl, {br.x, tl.y + edge}, palette.crate.at(kHighlightStep));
    fill_rect(canvas, {tl.x, tl.y + edge}, {tl.x + edge, br.y}, palette.crate.at(kHighlightStep));
  }

  for (const anim::Ladder& ladder : terrain.ladders) draw_ladder(canvas, layer, camera, ladder, palette);
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
                std::span<const anim::CharacterFrame> soldiers, const Palette& palette) {
  draw_sky(canvas, camera, terrain, palette);
  draw_parallax(canvas, camera, terrain, palette);
  draw_terrain(canvas, camera, terrain, palette);
  // One scratch layer for every soldier of the frame: it clears only what it touched.
  CoverageLayer scratch(canvas.width(), canvas.height());
  for (const anim::CharacterFrame& frame : soldiers) draw_soldier(canvas, camera, frame, palette, scratch);
}

}  // namespace render
