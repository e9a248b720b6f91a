#include "render/parallax.hpp"

#include <algorithm>
#include <cmath>

namespace render {
namespace {

// A ridge line 0..1 from a few incommensurate sines: hills that never visibly repeat.
double ridge(double u, double phase) {
  const double h = 0.55 + 0.25 * std::sin(u + phase) + 0.13 * std::sin(2.3 * u + 1.7 * phase + 0.5) +
                   0.07 * std::sin(5.1 * u + 0.3 * phase + 2.0);
  return std::clamp(h, 0.0, 1.0);
}

}  // namespace

void draw_parallax(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain,
                   const Palette& palette, const ParallaxStyle& style) {
  const int h = canvas.height();
  if (h <= 0 || canvas.width() <= 0 || !(camera.px_per_m > 0.0)) return;
  const float horizon = camera.to_canvas({camera.center_world.x, terrain.ground_at(camera.center_world.x)}).y;
  for (const ParallaxLayer* layer : {&style.far, &style.near}) {
    const Rgba color = layer == &style.far ? palette.far_ridge : palette.near_ridge;
    // The layer scrolls by `scroll` of the camera's world motion, measured in canvas
    // heights so the hills keep their look at any zoom and window size.
    const double shift = camera.center_world.x * camera.px_per_m * layer->scroll / h;
    for (int x = 0; x < canvas.width(); ++x) {
      const double u = (shift + (x + 0.5 - 0.5 * canvas.width()) / h) / layer->wavelength * 2.0 * anim::kPi;
      const double top = horizon - ridge(u, layer->phase) * layer->height * h;
      const int first = std::max(0, static_cast<int>(std::floor(top)));
      // Down to the ground line only: the terrain covers everything below it.
      const double wx = camera.to_world({x + 0.5f, 0.0f}).x;
      const float ground_y = camera.to_canvas({wx, terrain.ground_at(wx)}).y;
      const int last = std::min(h, static_cast<int>(std::ceil(ground_y)) + 1);
      for (int y = first; y < last; ++y) {
        const float cov = std::clamp(static_cast<float>(y + 1 - top), 0.0f, 1.0f);
        canvas.blend_pixel(x, y, color, cov);
      }
    }
  }
}

}  // namespace render
