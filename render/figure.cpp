// Runs -> pixels: batches of one colour composited once, each followed by its highlights.
#include "render/figure.hpp"

#include "render/figure_tiles.hpp"

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

void paint_figure_runs(Canvas& canvas, std::span<const FigureRun> runs, const Palette& palette, FigureTiles& scratch,
                       int team) {
  // Each batch's union is composited once, so a thigh and a shank meeting at the knee show
  // no bead at the joint (render/figure_tiles.hpp).
  rasterize_figure(scratch, runs, palette, team, canvas.width(), canvas.height());
  composite_figure(scratch, canvas, 0);
}

void draw_soldier(Canvas& canvas, const Camera& camera, const anim::CharacterFrame& frame, const Palette& palette,
                  FigureTiles& scratch, const FigureSizes& sizes, const FigureLod& lod) {
  paint_figure_runs(canvas, figure_runs(camera, frame, sizes, lod), palette, scratch, frame.team);
}

void draw_soldier(Canvas& canvas, const Camera& camera, const anim::CharacterFrame& frame, const Palette& palette) {
  FigureTiles scratch;
  draw_soldier(canvas, camera, frame, palette, scratch);
}

}  // namespace render
