// Disc and run primitives: exact area, straight parallel edges, no seam at joints, and a
// tangent highlight that touches the lit outline without ever crossing it.
#include "render/capsule_scan_avx2.hpp"
#include "render/coverage_layer.hpp"
#include "render/figure_tiles.hpp"
#include "render/palette.hpp"
#include "render/raster.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace {

constexpr render::Rgba kWhite{255, 255, 255, 255};

double summed_alpha(const render::Canvas& c) {
  double sum = 0.0;
  for (int y = 0; y < c.height(); ++y)
    for (int x = 0; x < c.width(); ++x) sum += c.pixel(x, y).a / 255.0;
  return sum;
}

// Where coverage crosses 0.5 along a line of samples, interpolated between pixel centres:
// the sub-pixel position of an anti-aliased edge.
double half_crossing(const std::vector<double>& cov, int from, int step) {
  for (int i = from; i + step >= 0 && i + step < static_cast<int>(cov.size()); i += step) {
    const double a = cov[i], b = cov[i + step];
    if ((a < 0.5) != (b < 0.5)) return i + step * (0.5 - a) / (b - a);
  }
  return -1.0;
}

}  // namespace

TEST_CASE("a disc's summed coverage is pi r^2 within 1%") {
  for (float r : {4.0f, 7.5f, 12.25f, 30.0f}) {
    for (glm::vec2 c : {glm::vec2{50.0f, 50.0f}, glm::vec2{50.3f, 49.7f}, glm::vec2{50.5f, 50.5f}, glm::vec2{49.91f, 50.13f}}) {
      render::Canvas canvas(100, 100);
      render::fill_disc(canvas, c, r, kWhite);
      const double area = std::numbers::pi * r * r;
      CAPTURE(r);
      CAPTURE(c.x);
      CHECK(std::abs(summed_alpha(canvas) - area) < 0.01 * area);
    }
  }
}

TEST_CASE("shapes are clipped to the canvas") {
  render::Canvas canvas(20, 20);
  render::fill_run(canvas, {-50.0f, -50.0f}, {70.0f, 70.0f}, 6.0f, kWhite);  // crosses, ends far outside
  render::fill_disc(canvas, {-100.0f, 5.0f}, 10.0f, kWhite);                 // entirely outside: no-op
  CHECK(canvas.pixel(10, 10).a == 255);
  CHECK(canvas.pixel(0, 19).a == 0);
}

TEST_CASE("a run has straight parallel edges at any angle (constant radius)") {
  const float r = 9.0f;
  for (double angle_deg : {0.0, 17.0, 33.0, 45.0, 71.0, 90.0, 128.0}) {
    const double a = angle_deg * std::numbers::pi / 180.0;
    const glm::vec2 dir{static_cast<float>(std::cos(a)), static_cast<float>(std::sin(a))};
    const glm::vec2 n{-dir.y, dir.x};
    const glm::vec2 mid{100.3f, 99.6f};
    render::CoverageLayer layer(200, 200);
    layer.add_run(mid - 70.0f * dir, mid + 70.0f * dir, r);
    // Sample coverage across the run at several stations along it (bilinear in the layer),
    // and find both edges: width must be 2r everywhere, centre on the axis.
    auto sample = [&](glm::vec2 p) {
      const float fx = p.x - 0.5f, fy = p.y - 0.5f;
      const int x0 = static_cast<int>(std::floor(fx)), y0 = static_cast<int>(std::floor(fy));
      const float tx = fx - x0, ty = fy - y0;
      return (1 - tx) * (1 - ty) * layer.coverage(x0, y0) + tx * (1 - ty) * layer.coverage(x0 + 1, y0) +
             (1 - tx) * ty * layer.coverage(x0, y0 + 1) + tx * ty * layer.coverage(x0 + 1, y0 + 1);
    };
    for (float station = -50.0f; station <= 50.0f; station += 12.5f) {
      std::vector<double> cov;
      const float step = 0.05f;
      for (float s = -2.0f * r; s <= 2.0f * r; s += step) cov.push_back(sample(mid + station * dir + s * n));
      const double lo = half_crossing(cov, 0, 1), hi = half_crossing(cov, static_cast<int>(cov.size()) - 1, -1);
      REQUIRE(lo >= 0.0);
      REQUIRE(hi >= 0.0);
      const double width = (hi - lo) * step;
      const double centre = -2.0 * r + 0.5 * (hi + lo) * step;
      CAPTURE(angle_deg);
      CAPTURE(station);
      CHECK(std::abs(width - 2.0 * r) < 0.35);
      CHECK(std::abs(centre) < 0.25);
    }
  }
}

TEST_CASE("no seam: two same-colour runs meeting at a joint show no bump at the joint") {
  // A thigh and a shank meeting at a knee, batched in one layer (max coverage).
  const glm::vec2 hip{60.0f, 20.0f}, knee{60.4f, 80.0f}, ankle{61.0f, 140.0f};
  const float r = 10.0f;
  const render::Rgba colour{120, 130, 90, 255}, bg{30, 30, 30, 255};
  render::Canvas batched(120, 160);
  batched.clear(bg);
  render::CoverageLayer layer(120, 160);
  layer.add_run(hip, knee, r);
  layer.add_run(knee, ankle, r);
  layer.composite(batched, colour);
  // Reference: one straight run hip -> ankle (the same edges, no joint at all).
  render::Canvas single(120, 160);
  single.clear(bg);
  render::fill_run(single, hip, ankle, r, colour);
  int worst = 0;
  for (int y = 60; y < 100; ++y)  // rows around the knee
    for (int x = 0; x < 120; ++x) {
      const render::Rgba a = batched.pixel(x, y), b = single.pixel(x, y);
      worst = std::max({worst, std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
    }
  // The knee bends by 0.1 px over 60 px, so the two shapes differ by a hair at most.
  CHECK(worst <= 12);
  // And the edge pixel at the knee row is no darker/lighter than the edge rows above and below.
  auto edge_sum = [&](int y) {
    int s = 0;
    for (int x = 40; x < 60; ++x) s += batched.pixel(x, y).g;
    return s;
  };
  CHECK(std::abs(edge_sum(80) - edge_sum(70)) <= 40);
  CHECK(std::abs(edge_sum(80) - edge_sum(90)) <= 40);
  // Straight compositing of the same two runs WOULD double the edge at the joint: the layer
  // is what prevents it (guards against someone "simplifying" the batch away).
  render::Canvas naive(120, 160);
  naive.clear(bg);
  render::fill_run(naive, hip, knee, r, colour);
  render::fill_run(naive, knee, ankle, r, colour);
  int naive_worst = 0;
  for (int x = 0; x < 120; ++x) naive_worst = std::max(naive_worst, std::abs(naive.pixel(x, 80).g - single.pixel(x, 80).g));
  CHECK(naive_worst > worst);
}

TEST_CASE("a same-colour shape over its own colour changes nothing") {
  render::Canvas c(40, 40);
  const render::Rgba colour{90, 140, 200, 255};
  c.clear(colour);
  render::fill_disc(c, {20.3f, 19.6f}, 9.0f, colour);
  for (int y = 0; y < 40; ++y)
    for (int x = 0; x < 40; ++x) REQUIRE(c.pixel(x, y) == colour);
}

TEST_CASE("a highlight touches the lit outline and never crosses it") {
  const glm::vec2 light{-0.5f, -0.8660254f};  // upper left, canvas y down
  for (double angle_deg : {90.0, 60.0, 10.0, 135.0}) {
    const double a = angle_deg * std::numbers::pi / 180.0;
    const glm::vec2 dir{static_cast<float>(std::cos(a)), static_cast<float>(std::sin(a))};
    const glm::vec2 p{100.2f, 100.7f};
    const glm::vec2 A = p - 50.0f * dir, B = p + 50.0f * dir;
    const float r = 12.0f, hr = 6.0f;
    render::CoverageLayer base(200, 200), hi(200, 200);
    base.add_run(A, B, r);
    hi.add_run_highlight(A, B, r, hr, light);
    // Never crosses: no pixel has more highlight coverage than run coverage.
    for (int y = 0; y < 200; ++y)
      for (int x = 0; x < 200; ++x) REQUIRE(hi.coverage(x, y) <= base.coverage(x, y) + 1e-6f);
    // Touches: across the middle of the run, the lit-side 0.5 crossings coincide.
    glm::vec2 n{-dir.y, dir.x};
    if (n.x * light.x + n.y * light.y < 0.0f) n = -n;  // n points toward the light
    auto crossing = [&](const render::CoverageLayer& layer) {
      for (float s = 2.0f * r; s > 0.0f; s -= 0.02f) {
        const glm::vec2 q = p + s * n;
        const int x = static_cast<int>(std::floor(q.x)), y = static_cast<int>(std::floor(q.y));
        if (layer.coverage(x, y) >= 0.5f) return s;
      }
      return -1.0f;
    };
    CAPTURE(angle_deg);
    const float lit_base = crossing(base), lit_hi = crossing(hi);
    CHECK(lit_base > 0.0f);
    CHECK(std::abs(lit_base - lit_hi) <= 0.75f);
    // ...and on the shadow side the highlight stops well inside the run.
    CHECK(hi.coverage(static_cast<int>(p.x - (r - 1.0f) * n.x), static_cast<int>(p.y - (r - 1.0f) * n.y)) == 0.0f);
  }
}

TEST_CASE("canvas blend, clear and blit") {
  render::Canvas c(4, 3);
  c.clear({10, 20, 30, 255});
  CHECK(c.pixel(3, 2) == render::Rgba{10, 20, 30, 255});
  c.blend_pixel(1, 1, {210, 20, 30, 255}, 0.5f);
  CHECK(std::abs(c.pixel(1, 1).r - 110) <= 1);
  c.set_pixel(-1, 0, {1, 1, 1, 1});  // ignored
  CHECK(c.pixel(-1, 0) == render::Rgba{0, 0, 0, 0});
  render::Canvas dst(6, 6);
  dst.clear({0, 0, 0, 255});
  dst.blit(c, 4, 4);  // clipped to 2 x 2
  CHECK(dst.pixel(5, 5) == render::Rgba{110, 20, 30, 255});
  CHECK(dst.pixel(3, 3) == render::Rgba{0, 0, 0, 255});
}

TEST_CASE("a figure's tiles paint what separate passes paint, and its grown silhouette is the runs grown") {
  // render/figure_tiles: a small run's walk gives its coverage, its highlight's and the
  // grown silhouette's at once, a large run's its own walks; composited batch by batch they
  // must be the bytes of the runs, then their highlights, through a CoverageLayer.
  const glm::vec2 light{-0.6f, -0.8f};
  render::Palette palette = render::default_palette();
  palette.light.toward_px = light;
  struct Shape { glm::vec2 a, b; float r; };
  const std::vector<Shape> shapes = {{{10.3f, 10.7f}, {30.2f, 22.9f}, 2.2f}, {{25.0f, 5.5f}, {25.4f, 30.1f}, 1.4f},
                                     {{40.6f, 20.2f}, {40.6f, 20.2f}, 2.7f}, {{5.0f, 38.0f}, {45.0f, 37.8f}, 1.9f},
                                     {{46.2f, 3.0f}, {49.6f, 12.0f}, 3.1f},  {{-1.0f, 44.0f}, {8.0f, 51.0f}, 2.5f},
                                     {{33.0f, 30.0f}, {37.0f, 26.0f}, 0.6f}, {{12.0f, 24.0f}, {20.0f, 40.0f}, 6.5f},
                                     {{30.0f, 40.0f}, {30.0f, 40.0f}, 4.2f}};
  std::vector<render::FigureRun> runs;
  for (const Shape& s : shapes) {
    render::FigureRun r;
    r.a = s.a;
    r.b = s.b;
    r.radius = s.r;
    r.material = render::Material::gear;
    r.highlight = 0.5f;
    runs.push_back(r);
  }
  const render::Rgba base = palette.gear.at(0), lit = palette.gear.at(render::kHighlightStep), bg{30, 40, 50, 255};
  constexpr int w = 50, h = 48;
  render::Canvas tiled(w, h), passes(w, h);
  tiled.clear(bg);
  passes.clear(bg);
  render::FigureTiles tiles;
  constexpr float grow = 1.0f;
  render::rasterize_figure(tiles, runs, palette, 0, w, h, grow);
  render::composite_figure(tiles, tiled, 0);
  render::CoverageLayer layer(w, h);
  for (const Shape& s : shapes) layer.add_run(s.a, s.b, s.r);
  layer.composite(passes, base);
  for (const Shape& s : shapes) layer.add_run_highlight(s.a, s.b, s.r, 0.5f * s.r, light);
  layer.composite(passes, lit);
  int lit_pixels = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      REQUIRE(tiled.pixel(x, y) == passes.pixel(x, y));
      lit_pixels += tiled.pixel(x, y) == lit;
    }
  CHECK(lit_pixels > 0);

  // The grown silhouette: the coverage of every run at radius + grow, max over the runs.
  for (const Shape& s : shapes) layer.add_run(s.a, s.b, s.r + grow);
  REQUIRE(tiles.grown != render::FigureTiles::kNone);
  const render::PixelRect& g = tiles.grown_rect;
  int grown_pixels = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const bool inside = x >= g.x0 && x < g.x0 + g.w && y >= g.y0 && y < g.y0 + g.h;
      const int expect = static_cast<int>(std::lround(layer.coverage(x, y) * 255.0f));
      const int got = inside ? tiles.bytes[tiles.grown + static_cast<std::size_t>(y - g.y0) * g.w + (x - g.x0)] : 0;
      REQUIRE_MESSAGE(got == expect, x << "," << y);
      grown_pixels += got > 0 && passes.pixel(x, y) == bg;  // the gap reaches past the silhouette
    }
  CHECK(grown_pixels > 0);
  layer.reset();
}

TEST_CASE("translucent batches composite as separate passes do, with the eight-pixel walks and without") {
  // composite_figure skips the columns of a row its scans left empty (RowReach) and blends
  // eight pixels at a time where the CPU has AVX2: on translucent colours, over a patterned
  // canvas whose right edge is not a whole quad, with the cover mask, it must give the bytes
  // of a CoverageLayer's passes, batch by batch, either way.
  const glm::vec2 light{0.6f, -0.8f};
  render::Palette palette = render::default_palette();
  palette.light.toward_px = light;
  for (render::Rgba& c : palette.gear.steps) c.a = static_cast<std::uint8_t>(120 + (c.r + 3 * c.g) % 120);
  struct Shape { glm::vec2 a, b; float r; int step; };
  // Thin runs and thick ones (interior spans, separate highlight walks), diagonal limbs
  // whose boxes are mostly empty, runs off the left and right edges, in three batches.
  const std::vector<Shape> shapes = {
      {{10.3f, 10.7f}, {60.2f, 52.9f}, 2.2f, 0},    {{25.0f, 5.5f}, {95.4f, 70.1f}, 6.4f, 0},
      {{140.6f, 20.2f}, {140.6f, 20.2f}, 17.5f, 0}, {{5.0f, 98.0f}, {150.0f, 60.8f}, 11.9f, 1},
      {{-6.0f, 44.0f}, {30.0f, 121.0f}, 9.5f, 1},   {{180.0f, 90.0f}, {206.0f, 130.0f}, 13.0f, 1},
      {{196.2f, 3.0f}, {199.6f, 40.0f}, 3.1f, 2},   {{90.0f, 100.0f}, {170.0f, 128.0f}, 22.0f, 2},
      {{60.0f, 20.0f}, {62.0f, 24.0f}, 0.7f, 2}};
  std::vector<render::FigureRun> runs;
  for (const Shape& s : shapes) {
    render::FigureRun r;
    r.a = s.a;
    r.b = s.b;
    r.radius = s.r;
    r.material = render::Material::gear;
    r.step = s.step;
    r.highlight = 0.5f;
    runs.push_back(r);
  }
  constexpr int w = 203, h = 141;
  render::Canvas background(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      background.set_pixel(x, y, {static_cast<std::uint8_t>(x * 7 + y), static_cast<std::uint8_t>(y * 5), static_cast<std::uint8_t>(x ^ y), 255});

  // The passes: each batch's runs, then their highlights, through a CoverageLayer.
  render::Canvas passes = background;
  std::vector<std::uint8_t> mask_expected(static_cast<std::size_t>(w) * h, 0);
  render::CoverageLayer layer(w, h);
  for (std::size_t i = 0; i < shapes.size();) {
    std::size_t end = i;
    while (end < shapes.size() && shapes[end].step == shapes[i].step) ++end;
    for (std::size_t k = i; k < end; ++k) layer.add_run(shapes[k].a, shapes[k].b, shapes[k].r);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        std::uint8_t& m = mask_expected[static_cast<std::size_t>(y) * w + static_cast<std::size_t>(x)];
        m = std::max(m, static_cast<std::uint8_t>(std::lround(layer.coverage(x, y) * 255.0f)));
      }
    layer.composite(passes, palette.gear.at(shapes[i].step));
    for (std::size_t k = i; k < end; ++k) layer.add_run_highlight(shapes[k].a, shapes[k].b, shapes[k].r, 0.5f * shapes[k].r, light);
    layer.composite(passes, palette.gear.at(shapes[i].step + render::kHighlightStep));
    i = end;
  }

  for (bool octs : {false, true}) {
    CAPTURE(octs);
    render::detail::set_avx2_allowed(octs);
    render::FigureTiles tiles;
    render::rasterize_figure(tiles, runs, palette, 0, w, h);
    render::Canvas tiled = background;
    std::vector<std::uint8_t> mask(static_cast<std::size_t>(w) * h, 0);
    render::composite_figure(tiles, tiled, 0, mask.data());
    render::detail::set_avx2_allowed(true);
    CHECK(tiles.batches.size() == 3);
    int differ = 0, mask_differ = 0;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        differ += !(tiled.pixel(x, y) == passes.pixel(x, y));
        const std::size_t i = static_cast<std::size_t>(y) * w + static_cast<std::size_t>(x);
        mask_differ += mask[i] != mask_expected[i];
      }
    CHECK(differ == 0);
    CHECK(mask_differ == 0);
  }
}
