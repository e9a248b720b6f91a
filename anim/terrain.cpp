#include "anim/terrain.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

// The polyline's height at x on its segment a -> b (a.x <= x < b.x).
double on_segment(vec2 a, vec2 b, double x) {
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

// The first polyline point right of x (the end past the last).
std::vector<vec2>::const_iterator upper_of(const std::vector<vec2>& ground, double x) {
  return std::upper_bound(ground.begin(), ground.end(), x, [](double v, const vec2& p) { return v < p.x; });
}

constexpr double kLevelHalf = 0.3;  // m
constexpr int kLevelSamples = 31;   // 2 cm apart: an edge moves the level ~1 cm per sample it crosses

// The x of level_at's sample i around x.
double level_sample(double x, int i) { return x - kLevelHalf + 2.0 * kLevelHalf * i / (kLevelSamples - 1); }

// level_at's average of `height` over its samples around x.
template <class Height>
double level_of(double x, const Height& height) {
  double sum = 0.0;
  for (int i = 0; i < kLevelSamples; ++i) sum += height(level_sample(x, i));
  if (!std::isfinite(sum)) {  // heights near the largest double: average without overflow
    sum = 0.0;
    for (int i = 0; i < kLevelSamples; ++i) sum += height(level_sample(x, i)) / kLevelSamples;
    return sum;
  }
  return sum / kLevelSamples;
}

}  // namespace

double Terrain::ground_at(double x) const {
  if (ground.empty()) return 0.0;
  if (x <= ground.front().x) return ground.front().y;
  if (x >= ground.back().x) return ground.back().y;
  const auto upper = upper_of(ground, x);
  return on_segment(*(upper - 1), *upper, x);
}

double Terrain::height_at(double x) const {
  double h = ground_at(x);
  for (const Box& box : boxes) {
    if (x >= box.x && x <= box.x + box.width) h = std::max(h, ground_at(box.x) + box.height);
  }
  return h;
}

double StraightGround::height(double x) const { return level ? y : on_segment(a, b, x); }

double StraightGround::slope() const { return level ? 0.0 : (b.y - a.y) / (b.x - a.x); }

std::optional<StraightGround> Terrain::straight_over(double from, double to) const {
  for (const Box& box : boxes)
    if (box.x <= to && box.x + box.width >= from) return std::nullopt;
  if (ground.empty()) return StraightGround{};
  if (to <= ground.front().x) return StraightGround{{}, {}, true, ground.front().y};
  if (from >= ground.back().x) return StraightGround{{}, {}, true, ground.back().y};
  if (from > ground.front().x && to < ground.back().x) {
    const auto upper = upper_of(ground, from);
    if (to < upper->x) return StraightGround{*(upper - 1), *upper, false, 0.0};
  }
  return std::nullopt;
}

double Terrain::level_at(double x) const {
  // (Issue 14: the body's queries of the level are a tenth of a crowd's pose solve.) Where no
  // box stands over the samples and one piece of the polyline holds them all, each sample is
  // that piece's height, found once rather than searched for 31 times; the same sums, the
  // same bits.
  if (ground.empty() && boxes.empty()) return level_of(x, [](double) { return 0.0; });  // (folded to a constant)
  if (const auto piece = straight_over(level_sample(x, 0), level_sample(x, kLevelSamples - 1))) {
    if (piece->level) return level_of(x, [y = piece->y](double) { return y; });
    return level_of(x, [a = piece->a, b = piece->b](double at) { return on_segment(a, b, at); });
  }
  return level_of(x, [&](double at) { return height_at(at); });
}

double Terrain::lowest_ground(double from, double to) const {
  const double lo = std::min(from, to), hi = std::max(from, to);
  double lowest = std::min(ground_at(lo), ground_at(hi));
  // (the points between, found by search: a level's polyline is long, the look short)
  for (auto p = upper_of(ground, lo); p != ground.end() && p->x < hi; ++p) lowest = std::min(lowest, p->y);
  return lowest;
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
