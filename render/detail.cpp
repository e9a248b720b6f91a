#include "render/detail.hpp"

#include <cmath>

namespace render {

Detail detail_level(double height_px, Detail previous, const DetailTuning& t) {
  if (!std::isfinite(height_px)) return previous;
  // The level the size alone gives, with the thresholds moved by the hysteresis away from
  // the side he is on: he must cross a threshold by more than it to change level.
  const double h = t.hysteresis_px;
  const double mid = previous == Detail::near ? t.mid_px - h : t.mid_px + h;
  const double far = previous == Detail::far ? t.far_px + h : t.far_px - h;
  if (height_px < far) return Detail::far;
  if (height_px < mid) return Detail::mid;
  return Detail::near;
}

FigureLod figure_lod(Detail level, FigureLod base) {
  base.chains = base.chains && level != Detail::far;
  return base;
}

int gear_every(Detail level) {
  switch (level) {
    case Detail::near: return 1;
    case Detail::mid: return 2;
    case Detail::far: return 4;
  }
  return 1;
}

anim::SolveDetail solve_detail(Detail level, const DetailTuning& tuning) {
  anim::SolveDetail d;
  d.gear_every = gear_every(level);
  if (level == Detail::near) return d;
  d.roll_tolerance = tuning.lod_roll_tolerance;
  return d;
}

Rgba detail_colour(Detail level) {
  switch (level) {
    case Detail::near: return {70, 200, 90, 255};   // green
    case Detail::mid: return {240, 190, 40, 255};   // amber
    case Detail::far: return {220, 70, 60, 255};    // red
  }
  return {255, 255, 255, 255};
}

}  // namespace render
