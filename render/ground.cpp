#include "render/ground.hpp"

#include "render/coverage_layer.hpp"
#include "render/scatter.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

namespace render {

namespace {

Rgba mix_lab(Rgba a, Rgba b, double t) { return from_lab(lerp(to_lab(a), to_lab(b), t)); }

// The key light's direction in the world (y up).
anim::vec2 light_world(const Palette& p) {
  return {static_cast<double>(p.light.toward_px.x), -static_cast<double>(p.light.toward_px.y)};
}

// Strata: the depth (m) of the two boundaries under world x. They wander with x so that even
// flat ground shows its movement; the fill steps 3-4 L* darker at each (palette.ground).
struct Strata {
  double first = 0.0, second = 0.0;
};
Strata strata_at(double wx) {
  return {0.30 + 0.06 * std::sin(1.3 * wx) + 0.03 * std::sin(3.7 * wx + 1.1),
          0.85 + 0.08 * std::sin(0.9 * wx + 2.0) + 0.04 * std::sin(2.9 * wx)};
}

constexpr double kStoneCell = 0.45;  // m of ground per possible stone
constexpr double kTuftCell = 0.30;   // m of surface per possible tuft
constexpr std::uint64_t kStoneSalt = 0x570E, kTuftSalt = 0x7F7;

// World cells overlapping the canvas.
struct CellRange {
  long first = 0, last = -1;
};
CellRange cells(const Camera& camera, int width, double cell) {
  const double left = camera.to_world({0.0f, 0.0f}).x, right = camera.to_world({static_cast<float>(width), 0.0f}).x;
  return {static_cast<long>(std::floor(left / cell)) - 1, static_cast<long>(std::ceil(right / cell)) + 1};
}

// Column by column: the surface pixel blended by its coverage, then solid spans of each
// stratum with the boundary pixel between two blended by the share below the boundary.
void draw_fill(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette,
               const GroundStyle& style) {
  const Rgba top_soil = palette.ground.at(0);
  const Rgba sub_soil = mix_lab(palette.ground.at(0), palette.ground.at(-1), 0.30);  // ~3.6 L* darker
  const Rgba deep = mix_lab(palette.ground.at(0), palette.ground.at(-1), 0.60);      // ~7 L* darker
  const int h = canvas.height();
  std::uint8_t* pixels = canvas.data();
  const std::size_t stride = static_cast<std::size_t>(canvas.width()) * 4;
  for (int x = 0; x < canvas.width(); ++x) {
    const double wx = camera.to_world({x + 0.5f, 0.0f}).x;
    const float top = camera.to_canvas({wx, terrain.ground_at(wx)}).y;
    float bounds[3] = {top, 1e30f, 1e30f};  // where each layer starts, canvas y
    if (style.props) {
      const Strata s = strata_at(wx);
      bounds[1] = top + static_cast<float>(camera.to_px(s.first));
      bounds[2] = top + static_cast<float>(camera.to_px(s.second));
    }
    const Rgba layer[3] = {top_soil, sub_soil, deep};
    for (int k = 0; k < 3; ++k) {
      const float from = bounds[k], to = k + 1 < 3 ? bounds[k + 1] : 1e30f;
      if (from >= h) break;
      // The pixel the boundary crosses holds the layer above (or the sky) and takes this one
      // by the share of it below the boundary; the layer then runs solid through the pixel
      // its own lower boundary crosses, which the next layer blends over.
      const int first = static_cast<int>(std::floor(from));
      if (first >= 0) canvas.blend_pixel(x, first, layer[k], std::clamp(static_cast<float>(first + 1) - from, 0.0f, 1.0f));
      const int end = to >= static_cast<float>(h) ? h : static_cast<int>(std::floor(to)) + 1;
      for (int y = std::max(0, first + 1); y < end; ++y)
        std::memcpy(pixels + stride * y + 4 * static_cast<std::size_t>(x), &layer[k], 4);
    }
  }
}

void draw_stones(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette,
                 CoverageLayer& layer) {
  const CellRange range = cells(camera, canvas.width(), kStoneCell);
  for (long k = range.first; k <= range.last; ++k) {
    Scatter r(static_cast<std::uint64_t>(k), kStoneSalt);
    if (r.unit() > 0.7) continue;
    const double x = (k + r.unit()) * kStoneCell;
    const double depth = 0.08 + 2.2 * std::pow(r.unit(), 1.3);
    const double radius = 0.015 + 0.035 * r.unit();
    if (depth < radius + 0.02) continue;  // wholly inside the ground, under the lit edge
    const glm::vec2 c = camera.to_canvas({x, terrain.ground_at(x) - depth});
    const float rx = std::max(0.7f, static_cast<float>(camera.to_px(radius)));
    // A stone lies flat: two discs side by side, a constant-radius run.
    layer.add_run(c - glm::vec2{0.6f * rx, 0.0f}, c + glm::vec2{0.6f * rx, 0.0f}, rx);
  }
  layer.composite(canvas, palette.stone);
}

void draw_tufts(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette,
                CoverageLayer& layer) {
  const float blade = std::max(0.6f, static_cast<float>(camera.to_px(0.006)));
  const CellRange range = cells(camera, canvas.width(), kTuftCell);
  for (long k = range.first; k <= range.last; ++k) {
    Scatter r(static_cast<std::uint64_t>(k), kTuftSalt);
    if (r.unit() > 0.55) continue;
    const double x = (k + r.unit()) * kTuftCell;
    const double y = terrain.ground_at(x);
    // Not on a riser or a steep bank: grass grows where it can stand.
    if (std::abs(terrain.ground_at(x + 0.03) - terrain.ground_at(x - 0.03)) > 0.03) continue;
    const int blades = 3 + static_cast<int>(r.unit() * 2.0);
    for (int b = 0; b < blades; ++b) {
      const double lean = (r.unit() - 0.5) * 0.09, tall = 0.05 + 0.07 * r.unit();
      const double root = x + (r.unit() - 0.5) * 0.04;
      layer.add_run(camera.to_canvas({root, y - 0.01}), camera.to_canvas({root + lean, y + tall}), blade);
    }
  }
  layer.composite(canvas, palette.grass);
}

void draw_edges(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette,
                const GroundStyle& style, CoverageLayer& layer) {
  const std::vector<anim::vec2> line = ground_polyline(camera, terrain);
  const float edge = std::max(1.2f, static_cast<float>(camera.to_px(style.edge_radius)));
  const float face = static_cast<float>(camera.to_px(style.riser_face));
  // One batch per tone, so the edges of one tone meet without seams.
  std::map<std::uint32_t, std::vector<std::size_t>> by_tone;
  std::vector<Rgba> tones(line.size());
  for (std::size_t i = 0; i + 1 < line.size(); ++i) {
    tones[i] = surface_tone(line[i], line[i + 1], palette);
    const Rgba c = tones[i];
    by_tone[static_cast<std::uint32_t>(c.r) | c.g << 8 | c.b << 16].push_back(i);
  }
  for (const auto& [key, segments] : by_tone) {
    for (std::size_t i : segments) {
      const glm::vec2 a = camera.to_canvas(line[i]), b = camera.to_canvas(line[i + 1]);
      layer.add_run(a, b, edge);
      const anim::vec2 d = line[i + 1] - line[i];
      if (std::abs(d.y) <= style.riser_min_slope * std::abs(d.x) || face < 1.0f) continue;
      // A riser's face: the band of ground beside it, on the ground's side, in its tone.
      const anim::vec2 inward = glm::normalize(anim::vec2{d.y, -d.x});  // into the ground
      const glm::vec2 off{static_cast<float>(inward.x * 0.5 * face), static_cast<float>(-inward.y * 0.5 * face)};
      layer.add_run(a + off, b + off, 0.5f * face);
    }
    layer.composite(canvas, tones[segments.front()]);
  }
}

}  // namespace

std::vector<anim::vec2> ground_polyline(const Camera& camera, const anim::Terrain& terrain) {
  const double left = camera.to_world({0.0f, 0.0f}).x - 1.0, right = camera.to_world({static_cast<float>(camera.width), 0.0f}).x + 1.0;
  std::vector<anim::vec2> line;
  line.push_back({std::min(left, terrain.ground.empty() ? left : terrain.ground.front().x), terrain.ground_at(left)});
  for (const anim::vec2& p : terrain.ground) line.push_back(p);
  line.push_back({std::max(right, terrain.ground.empty() ? right : terrain.ground.back().x), terrain.ground_at(right)});
  return line;
}

Rgba surface_tone(anim::vec2 a, anim::vec2 b, const Palette& palette) {
  const anim::vec2 d = b - a;
  const double len = glm::length(d);
  const anim::vec2 up = len > 1e-12 ? anim::vec2{-d.y, d.x} / len : anim::vec2{0.0, 1.0};
  const anim::vec2 light = light_world(palette);
  // Lambert, normalised so a level tread is the lit step (+1); quantised to eighths, so the
  // edges fall into a few batches.
  const double lambert = std::max(0.0, glm::dot(up, light)) / std::max(1e-6, light.y);
  const double t = std::round(std::clamp(lambert, 0.0, 1.0) * 8.0) / 8.0;
  return mix_lab(palette.ground.at(-1), palette.ground.at(1), t);
}

void draw_ground(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette,
                 const GroundStyle& style, CoverageLayer* scratch) {
  std::optional<CoverageLayer> own;
  CoverageLayer& layer = layer_for(canvas, scratch, own);
  draw_fill(canvas, camera, terrain, palette, style);
  if (style.props) draw_stones(canvas, camera, terrain, palette, layer);
  draw_edges(canvas, camera, terrain, palette, style, layer);
  if (style.props) draw_tufts(canvas, camera, terrain, palette, layer);
}

}  // namespace render
