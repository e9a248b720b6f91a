#include "anim/terrain.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

double Terrain::ground_at(double x) const {
  if (ground.empty()) return 0.0;
  if (x <= ground.front().x) return ground.front().y;
  if (x >= ground.back().x) return ground.back().y;
  const auto upper = std::upper_bound(ground.begin(), ground.end(), x,
                                      [](double v, const vec2& p) { return v < p.x; });
  const vec2 b = *upper;
  const vec2 a = *(upper - 1);
  // Finite for any finite points (issue 17): a difference of two doubles can overflow
  // ([-1, 1.7e308] to [1, -1.7e308]); then the halves, or a blend of the ends, cannot.
  double span = b.x - a.x, into = x - a.x;
  if (!std::isfinite(span)) {
    span = 0.5 * b.x - 0.5 * a.x;
    into = 0.5 * x - 0.5 * a.x;
  }
  const double t = into / span;
  const double rise = b.y - a.y;
  return std::isfinite(rise) ? a.y + t * rise : (1.0 - t) * a.y + t * b.y;
}

double Terrain::height_at(double x) const {
  double h = ground_at(x);
  for (const Box& box : boxes) {
    if (x >= box.x && x <= box.x + box.width) h = std::max(h, ground_at(box.x) + box.height);
  }
  return h;
}

double Terrain::level_at(double x) const {
  constexpr double kHalf = 0.3;  // m
  constexpr int kSamples = 31;   // 2 cm apart: an edge moves the level ~1 cm per sample it crosses
  double sum = 0.0;
  for (int i = 0; i < kSamples; ++i) sum += height_at(x - kHalf + 2.0 * kHalf * i / (kSamples - 1));
  if (!std::isfinite(sum)) {  // heights near the largest double: average without overflow
    sum = 0.0;
    for (int i = 0; i < kSamples; ++i) sum += height_at(x - kHalf + 2.0 * kHalf * i / (kSamples - 1)) / kSamples;
    return sum;
  }
  return sum / kSamples;
}

vec2 Terrain::normal_at(double x) const {
  // Central difference over a few centimetres: the slope a foot actually stands on.
  constexpr double kHalfSpan = 0.02;
  const double dy = height_at(x + kHalfSpan) - height_at(x - kHalfSpan);
  // A rise whose square would overflow (issue 17: ground near the largest double) is a wall.
  if (!(std::abs(dy) < 1e150)) return {dy > 0.0 ? -1.0 : 1.0, 0.0};
  const vec2 n{-dy, 2.0 * kHalfSpan};
  return n / glm::length(n);
}

double Terrain::slope_at(double x, double half_span) const {
  // From the level (itself a +-0.3 m average), so a riser reads as a slope spread over more
  // than a metre, never as a jump within one frame's travel.
  return (level_at(x + half_span) - level_at(x - half_span)) / (2.0 * half_span);
}

}  // namespace anim
