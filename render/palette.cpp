#include "render/palette.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace render {

namespace {

// D65 reference white (CIE 1931 2 degree observer), XYZ with Yn = 1.
constexpr double kXn = 0.95047, kYn = 1.0, kZn = 1.08883;

double srgb_to_linear(double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); }
double linear_to_srgb(double v) { return v <= 0.0031308 ? 12.92 * v : 1.055 * std::pow(v, 1.0 / 2.4) - 0.055; }

// CIE f(t) and its inverse, with the linear segment below (6/29)^3.
constexpr double kDelta = 6.0 / 29.0;
double lab_f(double t) { return t > kDelta * kDelta * kDelta ? std::cbrt(t) : t / (3.0 * kDelta * kDelta) + 4.0 / 29.0; }
double lab_f_inv(double t) { return t > kDelta ? t * t * t : 3.0 * kDelta * kDelta * (t - 4.0 / 29.0); }

struct Lab { double l, a, b; };

Lab to_lab(Rgba c) {
  const double r = srgb_to_linear(c.r / 255.0), g = srgb_to_linear(c.g / 255.0), b = srgb_to_linear(c.b / 255.0);
  // sRGB (linear) -> XYZ, D65 (IEC 61966-2-1).
  const double x = 0.4124 * r + 0.3576 * g + 0.1805 * b;
  const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const double z = 0.0193 * r + 0.1192 * g + 0.9505 * b;
  const double fx = lab_f(x / kXn), fy = lab_f(y / kYn), fz = lab_f(z / kZn);
  return {116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)};
}

// Linear sRGB of a Lab colour; may be out of [0, 1].
std::array<double, 3> lab_to_linear(double l, double a, double b) {
  const double fy = (l + 16.0) / 116.0, fx = fy + a / 500.0, fz = fy - b / 200.0;
  const double x = kXn * lab_f_inv(fx), y = kYn * lab_f_inv(fy), z = kZn * lab_f_inv(fz);
  return {3.2406 * x - 1.5372 * y - 0.4986 * z, -0.9689 * x + 1.8758 * y + 0.0415 * z,
          0.0557 * x - 0.2040 * y + 1.0570 * z};
}

bool in_gamut(const std::array<double, 3>& rgb) {
  return std::all_of(rgb.begin(), rgb.end(), [](double v) { return v >= -1e-9 && v <= 1.0 + 1e-9; });
}

std::uint8_t to_byte(double linear) {
  return static_cast<std::uint8_t>(std::lround(std::clamp(linear_to_srgb(std::clamp(linear, 0.0, 1.0)), 0.0, 1.0) * 255.0));
}

}  // namespace

double lightness(Rgba c) { return to_lab(c).l; }

Rgba from_lab(double l_star, double a_star, double b_star, std::uint8_t alpha) {
  l_star = std::clamp(l_star, 0.0, 100.0);
  // Grey (chroma 0) is always in gamut for 0 <= L* <= 100, so bisect the chroma scale.
  double lo = 0.0, hi = 1.0;
  if (!in_gamut(lab_to_linear(l_star, a_star, b_star))) {
    for (int i = 0; i < 30; ++i) {
      const double mid = 0.5 * (lo + hi);
      (in_gamut(lab_to_linear(l_star, mid * a_star, mid * b_star)) ? lo : hi) = mid;
    }
  } else {
    lo = 1.0;
  }
  const auto rgb = lab_to_linear(l_star, lo * a_star, lo * b_star);
  return {to_byte(rgb[0]), to_byte(rgb[1]), to_byte(rgb[2]), alpha};
}

Rgba Ladder::at(int offset) const {
  if (steps.empty()) return {0, 0, 0, 0};
  const long i = std::clamp(static_cast<long>(base) + offset, 0L, static_cast<long>(steps.size()) - 1);
  return steps[static_cast<std::size_t>(i)];
}

Ladder make_ladder(Rgba base, int below, int above, double step) {
  step = std::clamp(step, 1.0, kMaxLadderStep);
  below = std::max(below, 0);
  above = std::max(above, 0);
  const Lab lab = to_lab(base);
  Ladder ladder;
  for (int k = -below; k <= above; ++k) {
    ladder.steps.push_back(k == 0 ? base : from_lab(lab.l + k * step, lab.a, lab.b, base.a));
  }
  ladder.base = static_cast<std::size_t>(below);
  return ladder;
}

Palette default_palette() {
  // Bases sit mid-ladder (L* ~40-65), high enough that the highlight step above shows and
  // the far step below is not black ("anchor the ladder high enough", Rule 9). The bases'
  // L* are checked in tests/test_palette.cpp.
  Palette p;
  p.helmet = make_ladder({126, 124, 92, 255}, 2, 2);    // olive-tan shell, L* ~51
  p.skin = make_ladder({200, 152, 118, 255}, 2, 2);     // L* ~67
  p.fabric = make_ladder({104, 114, 84, 255}, 2, 2);    // ranger-green uniform, L* ~46
  p.gear = make_ladder({150, 130, 96, 255}, 2, 2);      // coyote carrier, L* ~56
  p.boots = make_ladder({172, 150, 114, 255}, 2, 2);    // coyote boots, L* ~63: lighter than the ground
  p.rifle = make_ladder({74, 76, 78, 255}, 1, 2);       // dark grey, not black, L* ~32
  p.sky_top = {40, 48, 62, 255};                        // L* ~19
  p.sky_horizon = {84, 92, 104, 255};                   // L* ~38
  p.ground = make_ladder({70, 66, 56, 255}, 1, 1);      // L* ~28
  p.crate = make_ladder({108, 92, 70, 255}, 1, 1);      // L* ~40
  p.ladder_wood = {124, 104, 78, 255};
  p.text = {230, 230, 220, 255};
  return p;
}

}  // namespace render
