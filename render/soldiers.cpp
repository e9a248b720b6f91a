#include "render/soldiers.hpp"

#include "render/contact_shadow.hpp"
#include "render/coverage_layer.hpp"
#include "render/figure.hpp"
#include "render/firing.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace render {

namespace {

struct PxBox {
  float x0 = 1e30f, y0 = 1e30f, x1 = -1e30f, y1 = -1e30f;
  bool overlaps(const PxBox& o) const { return x0 <= o.x1 && o.x0 <= x1 && y0 <= o.y1 && o.y0 <= y1; }
};

PxBox box_of(const std::vector<FigureRun>& runs, float grow) {
  PxBox b;
  for (const FigureRun& r : runs) {
    const float g = r.radius + grow;
    b.x0 = std::min({b.x0, r.a.x - g, r.b.x - g});
    b.x1 = std::max({b.x1, r.a.x + g, r.b.x + g});
    b.y0 = std::min({b.y0, r.a.y - g, r.b.y - g});
    b.y1 = std::max({b.y1, r.a.y + g, r.b.y + g});
  }
  return b;
}

// Calls f(x, y) for every canvas pixel inside `b`.
template <typename F>
void for_pixels(const Canvas& canvas, const PxBox& b, F&& f) {
  const int x0 = std::max(0, static_cast<int>(std::floor(b.x0))), x1 = std::min(canvas.width(), static_cast<int>(std::ceil(b.x1)) + 1);
  const int y0 = std::max(0, static_cast<int>(std::floor(b.y0))), y1 = std::min(canvas.height(), static_cast<int>(std::ceil(b.y1)) + 1);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) f(x, y);
}

void draw_mark(Canvas& canvas, const Camera& camera, const anim::CharacterFrame& f, const Palette& palette,
               const RankStyle& style, CoverageLayer& layer) {
  const anim::vec2 tip = f.joints[anim::index(anim::Joint::head)] + anim::vec2{0.0, style.mark_above};
  const float r = std::max(1.0f, static_cast<float>(camera.to_px(style.mark_radius)));
  for (double side : {-1.0, 1.0})
    layer.add_run(camera.to_canvas(tip + anim::vec2{side * style.mark_width, style.mark_width}), camera.to_canvas(tip), r);
  layer.composite(canvas, palette.accent[std::min<std::size_t>(f.team, palette.accent.size() - 1)].at(0));
}

}  // namespace

int rank_of(std::size_t i, int selected) {
  if (selected >= 0 && i == static_cast<std::size_t>(selected)) return 0;
  return static_cast<int>(i % 2);
}

std::vector<std::size_t> draw_order(std::size_t count, int selected) {
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  auto depth = [&](std::size_t i) { return (static_cast<int>(i) == selected ? 0 : 1) + 2 * rank_of(i, selected); };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return depth(a) > depth(b); });
  return order;
}

void draw_soldiers(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain,
                   std::span<const anim::CharacterFrame> soldiers, const Palette& palette, int selected,
                   const RankStyle& style, CoverageLayer* scratch) {
  if (soldiers.empty()) return;
  const std::vector<std::size_t> order = draw_order(soldiers.size(), selected);

  for (const anim::CharacterFrame& f : soldiers) draw_contact_shadow(canvas, camera, terrain, f, palette);

  const Palette back = hazed(palette, style.back_haze);
  const float gap = std::max(1.0f, static_cast<float>(camera.to_px(style.gap)));
  std::vector<std::vector<FigureRun>> runs(order.size());
  std::vector<PxBox> boxes(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    runs[k] = figure_runs(camera, soldiers[order[k]]);
    boxes[k] = box_of(runs[k], gap);
  }
  // Coverage of the soldiers drawn so far, kept only where a later one overlaps them.
  std::vector<std::uint8_t> drawn;
  std::optional<CoverageLayer> own;
  CoverageLayer& layer = layer_for(canvas, scratch, own);
  for (std::size_t k = 0; k < order.size(); ++k) {
    const anim::CharacterFrame& f = soldiers[order[k]];
    bool over_earlier = false, under_later = false;
    for (std::size_t j = 0; j < k; ++j) over_earlier = over_earlier || boxes[j].overlaps(boxes[k]);
    for (std::size_t j = k + 1; j < order.size(); ++j) under_later = under_later || boxes[j].overlaps(boxes[k]);
    if ((over_earlier || under_later) && drawn.empty()) drawn.assign(static_cast<std::size_t>(canvas.width()) * canvas.height(), 0);

    if (over_earlier) {
      // The gap: his silhouette grown by `gap`, in the haze, only over the men behind him.
      for (const FigureRun& r : runs[k]) layer.add_run(r.a, r.b, r.radius + gap);
      for_pixels(canvas, boxes[k], [&](int x, int y) {
        const std::uint8_t behind = drawn[static_cast<std::size_t>(y) * canvas.width() + x];
        const float c = std::min(layer.coverage(x, y), behind / 255.0f);
        if (c > 0.0f) canvas.blend_pixel(x, y, palette.far_ridge, static_cast<float>(style.gap_alpha) * c);
      });
      layer.reset();
    }
    paint_figure_runs(canvas, runs[k], rank_of(order[k], selected) == 0 ? palette : back, layer, f.team);
    if (under_later) {
      for (const FigureRun& r : runs[k]) layer.add_run(r.a, r.b, r.radius);
      for_pixels(canvas, boxes[k], [&](int x, int y) {
        std::uint8_t& d = drawn[static_cast<std::size_t>(y) * canvas.width() + x];
        d = std::max(d, static_cast<std::uint8_t>(std::lround(255.0f * layer.coverage(x, y))));
      });
      layer.reset();
    }
    draw_firing(canvas, camera, f, palette, layer);
  }
  if (selected >= 0 && static_cast<std::size_t>(selected) < soldiers.size())
    draw_mark(canvas, camera, soldiers[static_cast<std::size_t>(selected)], palette, style, layer);
}

}  // namespace render
