#include "render/ground.hpp"

#include "render/coverage_layer.hpp"
#include "render/scatter.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace render {

namespace {

Rgba mix_lab(Rgba a, Rgba b, double t) {
  const Lab x = to_lab(a), y = to_lab(b);
  return from_lab(x.l + (y.l - x.l) * t, x.a + (y.a - x.a) * t, x.b + (y.b - x.b) * t);
}

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

void draw_fill(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette,
               const GroundStyle& style) {
  const Rgba top_soil = palette.ground.at(0);
  const Rgba sub_soil = mix_lab(palette.ground.at(0), palette.ground.at(-1), 0.30);  // ~3.6 L* darker
  const Rgba deep = mix_lab(palette.ground.at(0), palette.ground.at(-1), 0.60);      // ~7 L* darker
  for (int x = 0; x < canvas.width(); ++x) {
    const double wx = camera.to_world({x + 0.5f, 0.0f}).x;
    const float top = camera.to_canvas({wx, terrain.ground_at(wx)}).y;
    const Strata s = strata_at(wx);
    const float first_y = top + static_cast<float>(camera.to_px(s.first));
    const float second_y = top + static_cast<float>(camera.to_px(s.second));
    const int y0 = std::max(0, static_cast<int>(std::floor(top)));
    for (int y = y0; y < canvas.height(); ++y) {
      const float cov = std::clamp(static_cast<float>(y + 1) - top, 0.0f, 1.0f);
      canvas.blend_pixel(x, y, top_soil, cov);
      if (!style.props) continue;
      // Each boundary covers its pixel by the share of it below the boundary.
      const float c1 = std::clamp(static_cast<float>(y + 1) - first_y, 0.0f, 1.0f);
      if (c1 > 0.0f) canvas.blend_pixel(x, y, sub_soil, c1);
      const float c2 = std::clamp(static_cast<float>(y + 1) - second_y, 0.0f, 1.0f);
      if (c2 > 0.0f) canvas.blend_pixel(x, y, deep, c2);
    }
  }
}

void draw_stones(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette) {
  CoverageLayer layer(canvas.width(), canvas.height());
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

void draw_tufts(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette) {
  CoverageLayer layer(canvas.width(), canvas.height());
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
                const GroundStyle& style) {
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
  CoverageLayer layer(canvas.width(), canvas.height());
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
                 const GroundStyle& style) {
  draw_fill(canvas, camera, terrain, palette, style);
  if (style.props) draw_stones(canvas, camera, terrain, palette);
  draw_edges(canvas, camera, terrain, palette, style);
  if (style.props) draw_tufts(canvas, camera, terrain, palette);
}

}  // namespace render
