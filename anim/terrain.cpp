#include "anim/terrain.hpp"

#include <algorithm>

namespace anim {

double Terrain::ground_at(double x) const {
  if (ground.empty()) return 0.0;
  if (x <= ground.front().x) return ground.front().y;
  if (x >= ground.back().x) return ground.back().y;
  const auto upper = std::upper_bound(ground.begin(), ground.end(), x,
                                      [](double v, const vec2& p) { return v < p.x; });
  const vec2 b = *upper;
  const vec2 a = *(upper - 1);
  const double t = (x - a.x) / (b.x - a.x);
  return a.y + t * (b.y - a.y);
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
  return sum / kSamples;
}

vec2 Terrain::normal_at(double x) const {
  // Central difference over a few centimetres: the slope a foot actually stands on.
  constexpr double kHalfSpan = 0.02;
  const double dy = height_at(x + kHalfSpan) - height_at(x - kHalfSpan);
  const vec2 n{-dy, 2.0 * kHalfSpan};
  return n / glm::length(n);
}

double Terrain::slope_at(double x, double half_span) const {
  // From the level (itself a +-0.3 m average), so a riser reads as a slope spread over more
  // than a metre, never as a jump within one frame's travel.
  return (level_at(x + half_span) - level_at(x - half_span)) / (2.0 * half_span);
}

}  // namespace anim
