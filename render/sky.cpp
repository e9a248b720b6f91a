#include "render/sky.hpp"

#include "render/coverage_layer.hpp"
#include "render/raster.hpp"
#include "render/scatter.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace render {

namespace {

Lab mix(const Lab& a, const Lab& b, double t) { return {a.l + (b.l - a.l) * t, a.a + (b.a - a.a) * t, a.b + (b.b - a.b) * t}; }

// The gradient's colour at canvas row y, as a share t of the way to the horizon.
Lab sky_at(double y, float horizon, const Lab& top, const Lab& bottom, double power) {
  const double t = horizon > 1.0f ? std::clamp(y / horizon, 0.0, 1.0) : 1.0;
  return mix(top, bottom, std::pow(t, power));
}

// Bands of cloud: stacked constant-radius runs (the scene is drawn in the figures' own
// language), a little lighter and warmer than the sky behind them, in cells of one canvas
// height that scroll with `cloud_scroll` of the camera.
void draw_clouds(Canvas& canvas, const Camera& camera, float horizon, const Palette& palette, const SkyStyle& style) {
  const double h = canvas.height(), w = canvas.width();
  const Lab top = to_lab(palette.sky_top), bottom = to_lab(palette.sky_horizon), sun = to_lab(palette.sun);
  const double shift = camera.center_world.x * camera.px_per_m * style.cloud_scroll / h;  // canvas heights
  constexpr double kCell = 0.45;  // canvas heights per cloud cell
  const long first = static_cast<long>(std::floor((shift - 0.5 * w / h) / kCell)) - 1;
  const long last = static_cast<long>(std::ceil((shift + 0.5 * w / h) / kCell)) + 1;
  CoverageLayer layer(canvas.width(), canvas.height());
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
    const Lab c = mix(sky_at(cy, horizon, top, bottom, style.gradient_power), sun, 0.5);
    layer.composite(canvas, from_lab(c, 200));
  }
}

}  // namespace

glm::vec2 sun_position_px(const Camera& camera, const Palette& palette, const SkyStyle& style) {
  const glm::vec2 centre{0.5f * camera.width, 0.5f * camera.height};
  return centre + palette.light.toward_px * static_cast<float>(style.sun_distance * camera.height);
}

void draw_sky(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain, const Palette& palette,
              const SkyStyle& style) {
  const float horizon = camera.to_canvas({camera.center_world.x, terrain.ground_at(camera.center_world.x)}).y;
  const Lab top = to_lab(palette.sky_top), bottom = to_lab(palette.sky_horizon);
  const std::size_t stride = static_cast<std::size_t>(canvas.width()) * 4;
  for (int y = 0; y < canvas.height(); ++y) {
    const Rgba c = from_lab(sky_at(y + 0.5, horizon, top, bottom, style.gradient_power));
    std::uint8_t* row = canvas.data() + stride * y;
    for (int x = 0; x < canvas.width(); ++x) std::memcpy(row + 4 * x, &c, 4);
  }
  if (!style.features) return;
  draw_clouds(canvas, camera, horizon, palette, style);

  // The glow: the sky brightens toward the sun as (1 - d / R)^2.
  Camera sized = camera;
  sized.width = canvas.width();
  sized.height = canvas.height();
  const glm::vec2 sun = sun_position_px(sized, palette, style);
  const float radius = static_cast<float>(style.glow_radius * canvas.height());
  const int y0 = std::max(0, static_cast<int>(sun.y - radius)), y1 = std::min(canvas.height(), static_cast<int>(sun.y + radius) + 1);
  for (int y = y0; y < y1; ++y) {
    const float dy = y + 0.5f - sun.y;
    const float span = std::sqrt(std::max(0.0f, radius * radius - dy * dy));
    const int x0 = std::max(0, static_cast<int>(sun.x - span)), x1 = std::min(canvas.width(), static_cast<int>(sun.x + span) + 1);
    for (int x = x0; x < x1; ++x) {
      const float dx = x + 0.5f - sun.x;
      const float u = 1.0f - std::sqrt(dx * dx + dy * dy) / radius;
      if (u > 0.0f) canvas.blend_pixel(x, y, palette.sun, static_cast<float>(style.glow_strength) * u * u);
    }
  }
  fill_disc(canvas, sun, static_cast<float>(style.sun_radius * canvas.height()), palette.sun);
}

}  // namespace render
