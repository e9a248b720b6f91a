#include "render/sky.hpp"

#include "render/coverage_layer.hpp"
#include "render/raster.hpp"
#include "render/scatter.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace render {

namespace {

// The gradient's colour at canvas row y, as a share t of the way to the horizon.
Lab sky_at(double y, float horizon, const Lab& top, const Lab& bottom, double power) {
  const double t = horizon > 1.0f ? std::clamp(y / horizon, 0.0, 1.0) : 1.0;
  return lerp(top, bottom, std::pow(t, power));
}

// Bands of cloud: stacked constant-radius runs (the scene is drawn in the figures' own
// language), a little lighter and warmer than the sky behind them, in cells of one canvas
// height that scroll with `cloud_scroll` of the camera.
void draw_clouds(Canvas& canvas, const Camera& camera, float horizon, const Palette& palette, const SkyStyle& style,
                 CoverageLayer& layer) {
  const double h = canvas.height(), w = canvas.width();
  const Lab top = to_lab(palette.sky_top), bottom = to_lab(palette.sky_horizon), sun = to_lab(palette.sun);
  const double shift = camera.center_world.x * camera.px_per_m * style.cloud_scroll / h;  // canvas heights
  constexpr double kCell = 0.45;  // canvas heights per cloud cell
  const long first = static_cast<long>(std::floor((shift - 0.5 * w / h) / kCell)) - 1;
  const long last = static_cast<long>(std::ceil((shift + 0.5 * w / h) / kCell)) + 1;
  for (long k = first; k <= last; ++k) {
    Scatter r(static_cast<std::uint64_t>(k), 0xC10D);
    if (r.unit() > 0.7) continue;  // seven cells in ten hold a cloud
    const double cx = ((k + 0.5 * r.unit()) * kCell - shift) * h + 0.5 * w;
    const double cy = (style.cloud_top + (style.cloud_bottom - style.cloud_top) * r.unit()) * h;
    // Higher clouds are longer and thinner (perspective of a layer of cloud).
    const double up = 1.0 - (cy / h - style.cloud_top) / std::max(1e-6, style.cloud_bottom - style.cloud_top);
    const double half = (0.05 + 0.08 * r.unit() + 0.06 * up) * h;
    const float thick = static_cast<float>((0.006 + 0.006 * r.unit() + 0.004 * (1.0 - up)) * h);
    // A flat base, and two to four discs sitting on it, each tangent to the base's underside:
    // a cumulus seen from the side, in discs like everything else.
    layer.add_run({static_cast<float>(cx - half), static_cast<float>(cy)}, {static_cast<float>(cx + half), static_cast<float>(cy)}, thick);
    const int puffs = 3 + static_cast<int>(r.unit() * 3.0);
    for (int p = 0; p < puffs; ++p) {
      // Evenly along the base with a little jitter, biggest in the middle: one lumpy top.
      const double u = (p + 0.5) / puffs * 2.0 - 1.0;
      const double along = (0.75 * u + 0.12 * (r.unit() - 0.5)) * half;
      const float radius = thick * static_cast<float>(1.3 + 2.6 * (1.0 - std::abs(u)) * (0.6 + 0.4 * r.unit()));
      layer.add_disc({static_cast<float>(cx + along), static_cast<float>(cy) + thick - radius}, radius);
    }
    const Lab c = lerp(sky_at(cy, horizon, top, bottom, style.gradient_power), sun, 0.5);
    layer.composite(canvas, from_lab(c, 200));
  }
}

}  // namespace

glm::vec2 sun_position_px(const Camera& camera, const Palette& palette, const SkyStyle& style) {
  const glm::vec2 centre{0.5f * camera.width, 0.5f * camera.height};
  return centre + palette.light.toward_px * static_cast<float>(style.sun_distance * camera.height);
}

void draw_sky(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette,
              const SkyStyle& style, CoverageLayer* scratch) {
  const float horizon = camera.to_canvas({camera.center_world.x, terrain.ground_at(camera.center_world.x)}).y;
  const Lab top = to_lab(palette.sky_top), bottom = to_lab(palette.sky_horizon);
  const std::size_t stride = static_cast<std::size_t>(canvas.width()) * 4;
  Camera sized = camera;
  sized.width = canvas.width();
  sized.height = canvas.height();
  const glm::vec2 sun = sun_position_px(sized, palette, style);
  // The glow: the sky brightens toward the sun as (1 - d^2 / R^2)^2 of glow_strength (no
  // square root per pixel), written with the gradient in one pass over each row.
  const float radius = style.features ? static_cast<float>(style.glow_radius * canvas.height()) : 0.0f;
  const float inv_r2 = radius > 0.0f ? 1.0f / (radius * radius) : 0.0f;
  const float strength = static_cast<float>(std::clamp(style.glow_strength, 0.0, 1.0)) * 256.0f;
  for (int y = 0; y < canvas.height(); ++y) {
    const Rgba c = from_lab(sky_at(y + 0.5, horizon, top, bottom, style.gradient_power));
    std::uint8_t* row = canvas.data() + stride * y;
    for (int x = 0; x < canvas.width(); ++x) std::memcpy(row + 4 * x, &c, 4);
    const float dy = y + 0.5f - sun.y;
    if (std::abs(dy) >= radius) continue;
    const float span = std::sqrt(radius * radius - dy * dy);
    const int x0 = std::max(0, static_cast<int>(sun.x - span)), x1 = std::min(canvas.width(), static_cast<int>(sun.x + span) + 1);
    const int dr = palette.sun.r - c.r, dg = palette.sun.g - c.g, db = palette.sun.b - c.b;
    for (int x = x0; x < x1; ++x) {
      const float dx = x + 0.5f - sun.x;
      const float u = std::max(0.0f, 1.0f - (dx * dx + dy * dy) * inv_r2);
      const int w = static_cast<int>(strength * u * u);  // 0..256
      std::uint8_t* p = row + 4 * x;
      p[0] = static_cast<std::uint8_t>(c.r + ((dr * w) >> 8));
      p[1] = static_cast<std::uint8_t>(c.g + ((dg * w) >> 8));
      p[2] = static_cast<std::uint8_t>(c.b + ((db * w) >> 8));
    }
  }
  if (!style.features) return;
  std::optional<CoverageLayer> own;
  draw_clouds(canvas, camera, horizon, palette, style, layer_for(canvas, scratch, own));
  fill_disc(canvas, sun, static_cast<float>(style.sun_radius * canvas.height()), palette.sun);
}

}  // namespace render
