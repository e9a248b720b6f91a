// Runs -> pixels: batches of one colour composited once, each followed by its highlights.
#include "render/figure.hpp"

#include "render/raster.hpp"

#include <algorithm>

namespace render {

const Ladder& ladder_of(const Palette& p, Material m, int team) {
  switch (m) {
    case Material::accent: return p.accent[static_cast<std::size_t>(std::clamp(team, 0, anim::kTeams - 1))];
    case Material::helmet: return p.helmet;
    case Material::skin: return p.skin;
    case Material::fabric: return p.fabric;
    case Material::gear: return p.gear;
    case Material::boots: return p.boots;
    case Material::rifle: return p.rifle;
  }
  return p.fabric;
}

namespace {

// Runs thinner than this, px, are painted with their highlight in one pass (add_run_lit);
// thicker ones in two, where the interior spans of the run and of its highlight are each
// written straight onto the canvas (the one pass evaluates every pixel of the run).
constexpr float kOnePassMaxRadiusPx = 3.5f;

}  // namespace

void paint_figure_runs(Canvas& canvas, std::span<const FigureRun> runs, const Palette& palette, CoverageLayer& scratch,
                       int team) {
  const glm::vec2 light = palette.light.toward_px;
  std::size_t i = 0;
  while (i < runs.size()) {
    // A batch: consecutive runs of one material and step. Their union is composited once,
    // so a thigh and a shank meeting at the knee show no bead at the joint.
    std::size_t end = i + 1;
    while (end < runs.size() && runs[end].material == runs[i].material && runs[end].step == runs[i].step) ++end;
    const Ladder& ladder = ladder_of(palette, runs[i].material, team);
    const Rgba base = ladder.at(runs[i].step);
    // One step lighter, tangent to the lit edge: the lit edge coincides with the outline
    // and the figure gets one hard edge for free ("offset a highlight to TANGENCY").
    const Rgba lit = ladder.at(runs[i].step + kHighlightStep);
    bool any_highlight = false, small = true;
    for (std::size_t k = i; k < end; ++k) {
      any_highlight = any_highlight || runs[k].highlight > 0.0f;
      small = small && runs[k].radius < kOnePassMaxRadiusPx;
    }
    if (small) {
      // Small runs (issue 2: per-shape cost dominates): each run and its highlight in one
      // pass, the highlights kept in the layer's second coverage. composite() blends the
      // batch and then its highlights: the same pixels as the two passes below.
      for (std::size_t k = i; k < end; ++k)
        scratch.add_run_lit(runs[k].a, runs[k].b, runs[k].radius, runs[k].highlight * runs[k].radius, light, canvas, base);
      scratch.composite(canvas, base, lit);
    } else {
      for (std::size_t k = i; k < end; ++k) scratch.add_run(runs[k].a, runs[k].b, runs[k].radius, canvas, base);
      scratch.composite(canvas, base);
      if (any_highlight) {
        for (std::size_t k = i; k < end; ++k) {
          if (runs[k].highlight <= 0.0f) continue;
          scratch.add_run_highlight(runs[k].a, runs[k].b, runs[k].radius, runs[k].highlight * runs[k].radius, light, canvas, lit);
        }
        scratch.composite(canvas, lit);
      }
    }
    i = end;
  }
}

void draw_soldier(Canvas& canvas, const Camera& camera, const anim::CharacterFrame& frame, const Palette& palette,
                  CoverageLayer& scratch, const FigureSizes& sizes, const FigureLod& lod) {
  const std::vector<FigureRun> runs = figure_runs(camera, frame, sizes, lod);
  if (scratch.width() != canvas.width() || scratch.height() != canvas.height()) {
    CoverageLayer fitted(canvas.width(), canvas.height());
    paint_figure_runs(canvas, runs, palette, fitted, frame.team);
    return;
  }
  paint_figure_runs(canvas, runs, palette, scratch, frame.team);
}

void draw_soldier(Canvas& canvas, const Camera& camera, const anim::CharacterFrame& frame, const Palette& palette) {
  CoverageLayer scratch(canvas.width(), canvas.height());
  draw_soldier(canvas, camera, frame, palette, scratch);
}

}  // namespace render
