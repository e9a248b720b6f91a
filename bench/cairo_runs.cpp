#include "bench/cairo_runs.hpp"

#include "render/raster.hpp"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace bench {

namespace {

void set_colour(cairo_t* cr, render::Rgba c) { cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a / 255.0); }

void run_path(cairo_t* cr, glm::vec2 a, glm::vec2 b, float radius) {
  if (a == b) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, a.x, a.y, radius, 0.0, 2.0 * 3.14159265358979323846);
    cairo_fill(cr);
    return;
  }
  cairo_set_line_width(cr, 2.0 * radius);
  cairo_move_to(cr, a.x, a.y);
  cairo_line_to(cr, b.x, b.y);
  cairo_stroke(cr);
}

// Clips to the box of runs [begin, end) grown by `grow` px, so the group cairo makes for a
// batch is the batch's size, not the canvas's (a group of the whole canvas per batch made
// cairo 40x slower than it need be).
void clip_to(cairo_t* cr, std::span<const render::FigureRun> runs, float grow) {
  float x0 = 1e30f, y0 = 1e30f, x1 = -1e30f, y1 = -1e30f;
  for (const render::FigureRun& r : runs) {
    x0 = std::min({x0, r.a.x - r.radius, r.b.x - r.radius});
    y0 = std::min({y0, r.a.y - r.radius, r.b.y - r.radius});
    x1 = std::max({x1, r.a.x + r.radius, r.b.x + r.radius});
    y1 = std::max({y1, r.a.y + r.radius, r.b.y + r.radius});
  }
  cairo_rectangle(cr, std::floor(x0 - grow), std::floor(y0 - grow), std::ceil(x1 - x0 + 2.0f * grow) + 1.0,
                  std::ceil(y1 - y0 + 2.0f * grow) + 1.0);
  cairo_clip(cr);
}

}  // namespace

struct CairoCanvas::Impl {
  cairo_surface_t* surface = nullptr;
  cairo_t* cr = nullptr;
  int width = 0, height = 0;
};

CairoCanvas::CairoCanvas(int width, int height) : impl_(std::make_unique<Impl>()) {
  impl_->width = width;
  impl_->height = height;
  impl_->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  impl_->cr = cairo_create(impl_->surface);
  cairo_set_line_cap(impl_->cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_antialias(impl_->cr, CAIRO_ANTIALIAS_DEFAULT);
}

CairoCanvas::~CairoCanvas() {
  cairo_destroy(impl_->cr);
  cairo_surface_destroy(impl_->surface);
}

void CairoCanvas::clear(render::Rgba c) {
  cairo_save(impl_->cr);
  cairo_set_operator(impl_->cr, CAIRO_OPERATOR_SOURCE);
  set_colour(impl_->cr, c);
  cairo_paint(impl_->cr);
  cairo_restore(impl_->cr);
}

void CairoCanvas::paint_runs(std::span<const render::FigureRun> runs, const render::Palette& palette, int team) {
  cairo_t* cr = impl_->cr;
  const glm::vec2 light = palette.light.toward_px;
  std::size_t i = 0;
  while (i < runs.size()) {
    std::size_t end = i + 1;
    while (end < runs.size() && runs[end].material == runs[i].material && runs[end].step == runs[i].step) ++end;
    const render::Ladder& ladder = render::ladder_of(palette, runs[i].material, team);
    cairo_save(cr);
    clip_to(cr, runs.subspan(i, end - i), 2.0f);
    cairo_push_group(cr);
    set_colour(cr, ladder.at(runs[i].step));
    for (std::size_t k = i; k < end; ++k) run_path(cr, runs[k].a, runs[k].b, runs[k].radius);
    cairo_pop_group_to_source(cr);
    cairo_paint(cr);
    bool any_highlight = false;
    for (std::size_t k = i; k < end; ++k) any_highlight = any_highlight || runs[k].highlight > 0.0f;
    if (any_highlight) {
      cairo_push_group(cr);
      set_colour(cr, ladder.at(runs[i].step + render::kHighlightStep));
      for (std::size_t k = i; k < end; ++k) {
        if (runs[k].highlight <= 0.0f) continue;
        const float hr = std::min(runs[k].radius, runs[k].highlight * runs[k].radius);
        const render::Segment s = render::highlight_segment(runs[k].a, runs[k].b, runs[k].radius, hr, light);
        run_path(cr, s.a, s.b, hr);
      }
      cairo_pop_group_to_source(cr);
      cairo_paint(cr);
    }
    cairo_restore(cr);
    i = end;
  }
}

render::Canvas CairoCanvas::pixels() {
  cairo_surface_flush(impl_->surface);
  render::Canvas out(impl_->width, impl_->height);
  const unsigned char* src = cairo_image_surface_get_data(impl_->surface);
  const int stride = cairo_image_surface_get_stride(impl_->surface);
  for (int y = 0; y < impl_->height; ++y) {
    for (int x = 0; x < impl_->width; ++x) {
      std::uint32_t argb;
      std::memcpy(&argb, src + static_cast<std::size_t>(y) * stride + static_cast<std::size_t>(x) * 4, 4);
      const unsigned a = argb >> 24;
      auto straight = [&](unsigned premultiplied) {
        return static_cast<std::uint8_t>(a == 0 ? 0 : std::min(255u, (premultiplied * 255 + a / 2) / a));
      };
      out.set_pixel(x, y, {straight((argb >> 16) & 0xff), straight((argb >> 8) & 0xff), straight(argb & 0xff),
                           static_cast<std::uint8_t>(a)});
    }
  }
  return out;
}

}  // namespace bench
