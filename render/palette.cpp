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

}  // namespace

namespace {

// CIE L*a*b* of a linear sRGB colour.
Lab linear_to_lab(double r, double g, double b) {
  // sRGB (linear) -> XYZ, D65 (IEC 61966-2-1).
  const double x = 0.4124 * r + 0.3576 * g + 0.1805 * b;
  const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const double z = 0.0193 * r + 0.1192 * g + 0.9505 * b;
  const double fx = lab_f(x / kXn), fy = lab_f(y / kYn), fz = lab_f(z / kZn);
  return {116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)};
}

}  // namespace

Lab to_lab(Rgba c) {
  return linear_to_lab(srgb_to_linear(c.r / 255.0), srgb_to_linear(c.g / 255.0), srgb_to_linear(c.b / 255.0));
}

namespace {

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

Ladder make_lit_ladder(const Lab& base, int below, int above, double step, const Light& light) {
  step = std::clamp(step, 1.0, kMaxLadderStep);
  below = std::max(below, 0);
  above = std::max(above, 0);
  const std::array<double, 3> surface = lab_to_linear(base.l, base.a, base.b);
  Ladder ladder;
  for (int k = -below; k <= above; ++k) {
    if (k == 0) {
      ladder.steps.push_back(from_lab(base));
      continue;
    }
    const Tint& by = k > 0 ? light.key : light.fill;
    const double t = std::min(1.0, std::abs(k) * (k > 0 ? light.key_share : light.fill_share));
    const std::array<double, 3> f = {1.0 + (by.r - 1.0) * t, 1.0 + (by.g - 1.0) * t, 1.0 + (by.b - 1.0) * t};
    const Lab lit = linear_to_lab(std::max(0.0, surface[0]) * f[0], std::max(0.0, surface[1]) * f[1],
                                  std::max(0.0, surface[2]) * f[2]);
    ladder.steps.push_back(from_lab(base.l + k * step, lit.a, lit.b));
  }
  ladder.base = static_cast<std::size_t>(below);
  return ladder;
}

Light sun_light() {
  Light l;
  l.toward_px = {-0.6f, -0.8f};  // upper left, atan(0.8 / 0.6) = 53 deg above the horizontal
  l.key = {1.22, 1.0, 0.70};     // a low sun: warm, ~4300 K against the sky's white
  l.fill = {0.78, 0.92, 1.30};   // the sky's blue in the shade
  return l;
}

Light studio_light() {
  Light l;
  l.toward_px = {-0.6f, -0.8f};
  l.key = {1.05, 1.0, 0.92};   // a slightly warm white
  l.fill = {0.95, 0.98, 1.06};  // a slightly cool grey
  return l;
}

namespace {

// The figures' materials as the colour each has at its base step, L*a*b*. Bases are placed by
// the value plan (palette.hpp): tones from 21 (fabric's far step) to 58 (the carrier's and the
// skin's lit steps); the sleeve (fabric 33) and the carrier (gear 46) it crosses sit 13 apart,
// the boots (29) well below the face (45).
constexpr Lab kHelmet{38.0, -4.0, 17.0};   // olive drab shell
constexpr Lab kSkin{45.0, 13.0, 19.0};     // a face in the shade of the brim
constexpr Lab kFabric{33.0, -9.0, 14.0};   // ranger-green uniform
constexpr Lab kGear{46.0, 4.0, 18.0};      // coyote plate carrier and pads
constexpr Lab kBoots{29.0, 3.0, 9.0};      // dark brown boots
constexpr Lab kRifle{24.0, 0.0, -2.0};     // dark grey, not black (the step below stays visible)
// Team accents: saturated hues that appear nowhere else on the figure, 6-8 L* above the
// helmet they band (the chroma does the rest), within the figure's value plan.
constexpr std::array<Lab, anim::kTeams> kAccent = {{
    {46.0, 44.0, 46.0},    // 0: signal orange
    {44.0, 4.0, -44.0},    // 1: blue
    {46.0, -38.0, 30.0},   // 2: green
    {44.0, 40.0, -34.0},   // 3: purple
}};

void set_figure(Palette& p, const Light& light) {
  p.light = light;
  const double s = kFigureLadderStep;
  p.helmet = make_lit_ladder(kHelmet, 1, 1, s, light);
  p.skin = make_lit_ladder(kSkin, 2, 1, s, light);  // two below: the far hand, then the eye
  p.fabric = make_lit_ladder(kFabric, 1, 1, s, light);
  p.gear = make_lit_ladder(kGear, 1, 1, s, light);
  p.boots = make_lit_ladder(kBoots, 1, 1, s, light);
  p.rifle = make_lit_ladder(kRifle, 1, 1, s, light);
  // A painted band and a mark: one flat colour each, never shaded or lit.
  for (std::size_t t = 0; t < p.accent.size(); ++t) p.accent[t] = make_lit_ladder(kAccent[t], 0, 0, s, light);
}

}  // namespace

Palette default_palette() {
  Palette p;
  set_figure(p, sun_light());
  p.sky_top = from_lab(73.0, -6.0, -24.0);      // zenith blue
  p.sky_horizon = from_lab(92.0, 3.0, 14.0);    // the warm haze at the horizon
  p.sun = from_lab(99.5, 0.0, 6.0);
  p.far_ridge = from_lab(79.0, -5.0, -9.0);     // 13 below the horizon sky, blue with distance
  p.near_ridge = from_lab(68.0, -9.0, 2.0);     // 11 below the far ridge, greener, 10 above any figure tone
  p.ground = make_lit_ladder({36.0, 3.0, 13.0}, 1, 1, 12.0, sun_light());  // riser 24, fill 36, lit edge 48
  p.stone = from_lab(45.0, 3.0, 10.0);
  p.grass = from_lab(53.0, 2.0, 32.0);          // sunlit dry grass: 24 above the boots it grows by
  p.contact_shadow = from_lab(18.0, -2.0, -8.0);
  p.crate = make_lit_ladder({54.0, 8.0, 22.0}, 1, 1, 12.0, sun_light());
  p.ladder_wood = from_lab(40.0, 8.0, 20.0);
  p.flash_core = from_lab(99.0, 0.0, 10.0);     // white-hot: the brightest thing but the sun
  p.flash_outer = from_lab(70.0, 34.0, 74.0);   // orange petals: 15+ L* and all the chroma apart from the sky
  p.brass = from_lab(62.0, 6.0, 44.0);
  p.text = from_lab(16.0, 0.0, -4.0);           // dark on the light sky
  return p;
}

Palette sheet_palette() {
  Palette p = default_palette();
  set_figure(p, studio_light());
  // The sheets' paper and ground line (render/sheet_style.cpp derives them from these).
  p.sky_top = {40, 48, 62, 255};
  p.sky_horizon = {84, 92, 104, 255};
  p.ground = make_ladder({70, 66, 56, 255}, 1, 1);
  p.text = {40, 48, 62, 255};
  return p;
}

Palette hazed(const Palette& p, double share) {
  share = std::clamp(share, 0.0, 1.0);
  const Lab haze = to_lab(p.far_ridge);
  auto push = [&](Ladder& l) {
    for (Rgba& c : l.steps) c = from_lab(lerp(to_lab(c), haze, share), c.a);
  };
  Palette q = p;
  for (Ladder* l : {&q.helmet, &q.skin, &q.fabric, &q.gear, &q.boots, &q.rifle}) push(*l);
  for (Ladder& l : q.accent) push(l);
  return q;
}

}  // namespace render
