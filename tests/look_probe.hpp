#pragma once
// Measuring a frame's look from its pixels, in CIE L*a*b* (issue 15, reference Rule 9: "ask
// for measurements, not impressions"). Its own sRGB -> Lab conversion (IEC 61966-2-1, D65),
// written apart from render/palette so the tests do not trust the code they measure. A
// frame is measured as three renders of one camera: the frame as drawn, the same scene
// without the soldiers (what lies behind them), and the soldiers' runs painted in ID
// colours (which soldier, which material, which ladder step covers each pixel). Not a test
// by itself.
#include "render/canvas.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

namespace look_probe {

struct Lab {
  double l = 0.0, a = 0.0, b = 0.0;
  double hue_deg() const { return std::atan2(b, a) * 180.0 / 3.14159265358979323846; }
  double chroma() const { return std::hypot(a, b); }
};

inline double srgb_linear(double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); }

inline Lab lab(render::Rgba c) {
  const double r = srgb_linear(c.r / 255.0), g = srgb_linear(c.g / 255.0), b = srgb_linear(c.b / 255.0);
  const double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
  const double z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
  auto f = [](double t) { return t > 216.0 / 24389.0 ? std::cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0; };
  return {116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))};
}
inline double lstar(render::Rgba c) { return lab(c).l; }

// Smallest difference of two hue angles, degrees, 0..180.
inline double hue_gap(double a_deg, double b_deg) {
  double d = std::fmod(std::abs(a_deg - b_deg), 360.0);
  return d > 180.0 ? 360.0 - d : d;
}

// The q-quantile (0..1) of `v` (copied); 0 when empty.
inline double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0.0;
  const std::size_t k = static_cast<std::size_t>(std::clamp(q, 0.0, 1.0) * (v.size() - 1) + 0.5);
  std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
  return v[k];
}
inline double median(std::vector<double> v) { return quantile(std::move(v), 0.5); }
inline double mean(const std::vector<double>& v) {
  double s = 0.0;
  for (double x : v) s += x;
  return v.empty() ? 0.0 : s / static_cast<double>(v.size());
}

// Which soldier, material and ladder index covers each pixel, decoded from an ID render:
// the runs of soldier s painted with ladders whose step i of material m is the colour
// id_colour(s, m, i). A pixel counts only where it is exactly one such colour at full
// alpha (anti-aliased edges blend IDs and are left out).
inline render::Rgba id_colour(int soldier, int material, int index) {
  return {static_cast<std::uint8_t>(1 + soldier), static_cast<std::uint8_t>(1 + material * 16 + index), 77, 255};
}

struct IdPixel {
  int soldier = -1;  // -1: no soldier, or an edge
  int material = -1;
  int index = -1;    // ladder index (the ladder's base is at its `base`)
};

class IdMap {
 public:
  IdMap(const render::Canvas& ids) : w_(ids.width()), h_(ids.height()), px_(static_cast<std::size_t>(w_) * h_) {
    for (int y = 0; y < h_; ++y)
      for (int x = 0; x < w_; ++x) {
        const render::Rgba c = ids.pixel(x, y);
        if (c.a != 255 || c.b != 77 || c.r == 0 || c.g == 0) continue;
        px_[static_cast<std::size_t>(y) * w_ + x] = {c.r - 1, (c.g - 1) / 16, (c.g - 1) % 16};
      }
  }
  int width() const { return w_; }
  int height() const { return h_; }
  const IdPixel& at(int x, int y) const {
    static const IdPixel none;
    return x < 0 || y < 0 || x >= w_ || y >= h_ ? none : px_[static_cast<std::size_t>(y) * w_ + x];
  }
  // A figure pixel whose four neighbours belong to the same soldier: its colour is the
  // figure's own, not a blend with what is behind.
  bool interior(int x, int y) const {
    const int s = at(x, y).soldier;
    return s >= 0 && at(x - 1, y).soldier == s && at(x + 1, y).soldier == s && at(x, y - 1).soldier == s &&
           at(x, y + 1).soldier == s;
  }
  bool any(int x, int y) const { return at(x, y).soldier >= 0; }

 private:
  int w_, h_;
  std::vector<IdPixel> px_;
};

// Per-pixel |L*(frame) - L*(behind)| over interior figure pixels passing `keep`.
inline std::vector<double> separation(const render::Canvas& frame, const render::Canvas& behind, const IdMap& ids,
                                      const std::function<bool(const IdPixel&, int, int)>& keep) {
  std::vector<double> out;
  for (int y = 0; y < ids.height(); ++y)
    for (int x = 0; x < ids.width(); ++x) {
      if (!ids.interior(x, y) || !keep(ids.at(x, y), x, y)) continue;
      out.push_back(std::abs(lstar(frame.pixel(x, y)) - lstar(behind.pixel(x, y))));
    }
  return out;
}

// |L*| across every pair of pixels `step` apart in x or y where `a` holds on one and `b` on
// the other: the contrast of a boundary inside the frame. A step of 2 reaches over the
// anti-aliased pixel of an edge.
inline std::vector<double> boundary_contrast(const render::Canvas& frame, const IdMap& ids,
                                             const std::function<bool(const IdPixel&, int, int)>& a,
                                             const std::function<bool(const IdPixel&, int, int)>& b, int step = 1) {
  std::vector<double> out;
  const int dx[2] = {step, 0}, dy[2] = {0, step};
  for (int y = 0; y < ids.height(); ++y)
    for (int x = 0; x < ids.width(); ++x) {
      if (!ids.any(x, y)) continue;
      for (int k = 0; k < 2; ++k) {
        const int x2 = x + dx[k], y2 = y + dy[k];
        if (!ids.any(x2, y2)) continue;
        const IdPixel &p = ids.at(x, y), &q = ids.at(x2, y2);
        if ((a(p, x, y) && b(q, x2, y2)) || (b(p, x, y) && a(q, x2, y2)))
          out.push_back(std::abs(lstar(frame.pixel(x, y)) - lstar(frame.pixel(x2, y2))));
      }
    }
  return out;
}

// Share of the canvas's pixels with lo <= L* <= hi.
inline double share_in_band(const render::Canvas& c, double lo, double hi) {
  std::size_t n = 0;
  for (int y = 0; y < c.height(); ++y)
    for (int x = 0; x < c.width(); ++x) {
      const double l = lstar(c.pixel(x, y));
      n += (l >= lo && l <= hi);
    }
  return static_cast<double>(n) / (static_cast<double>(c.width()) * c.height());
}

// L* of the pixels where `a` and `b` differ (a layer drawn over b), and where they agree.
inline std::vector<double> lstar_where(const render::Canvas& c, const std::function<bool(int, int)>& keep) {
  std::vector<double> out;
  for (int y = 0; y < c.height(); ++y)
    for (int x = 0; x < c.width(); ++x)
      if (keep(x, y)) out.push_back(lstar(c.pixel(x, y)));
  return out;
}

inline double stddev(const std::vector<double>& v) {
  const double m = mean(v);
  double s = 0.0;
  for (double x : v) s += (x - m) * (x - m);
  return v.size() > 1 ? std::sqrt(s / static_cast<double>(v.size() - 1)) : 0.0;
}

}  // namespace look_probe
