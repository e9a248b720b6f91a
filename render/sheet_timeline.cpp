#include "render/sheet_parts.hpp"
#include "render/text.hpp"

#include <algorithm>
#include <cmath>

namespace render {

namespace {

constexpr int kPadTop = 8;     // px above the bars: the still ticks
constexpr int kBar = 13;       // px, height of one bar
constexpr int kGap = 4;        // px between the two bars
constexpr int kPadBottom = 4;  // px under the bars

// The frame of the recorded cycle showing at cycle coordinate u in [0, 1): the last frame
// whose u is at or before it (u before the first frame's wraps to the cycle's last frame).
std::size_t frame_at(const CycleSample& s, double u) {
  const auto begin = s.u.begin() + static_cast<std::ptrdiff_t>(s.cycle_begin);
  const auto end = s.u.begin() + static_cast<std::ptrdiff_t>(s.cycle_end);
  const auto it = std::upper_bound(begin, end, u);
  if (it == begin) return s.cycle_end - 1;
  return static_cast<std::size_t>(it - s.u.begin()) - 1;
}

void fill_rect(Canvas& c, int x0, int y0, int w, int h, Rgba color) {
  for (int y = y0; y < y0 + h; ++y) {
    for (int x = x0; x < x0 + w; ++x) c.set_pixel(x, y, color);
  }
}

}  // namespace

int timeline_height() { return kPadTop + 2 * kBar + kGap + kPadBottom; }

void draw_timeline(Canvas& sheet, int x0, int y0, int stills, int cell_width, const CycleSample& s,
                   const SheetStyle& st) {
  const int width = stills * cell_width;
  const int bar_y[2] = {y0 + kPadTop, y0 + kPadTop + kBar + kGap};  // by Side: near above far
  const Rgba foot[2] = {st.near_foot, st.far_foot};
  draw_text(sheet, x0 - text_width("near", 2) - 6, bar_y[0], "near", st.text, 2);
  draw_text(sheet, x0 - text_width("far", 2) - 6, bar_y[1], "far", st.text, 2);
  if (s.cycle_end <= s.cycle_begin) return;

  // Column by column: the cycle coordinate under the column's centre, wrapped into [0, 1).
  for (int px = 0; px < width; ++px) {
    double u = ((px + 0.5) / cell_width - 0.5) / stills;
    u -= std::floor(u);
    const anim::CharacterFrame& f = s.frames[frame_at(s, u)];
    const bool flight = !leg_bears(f, 0) && !leg_bears(f, 1);
    for (int side = 0; side < 2; ++side) {
      const Rgba c = leg_bears(f, side) ? foot[side] : (flight ? st.flight : st.bar_empty);
      fill_rect(sheet, x0 + px, bar_y[side], 1, kBar, c);
    }
  }
  // A tick over the bars where each still was taken (its actual u, not the nominal k / N).
  for (std::size_t k = 0; k < s.stills.size(); ++k) {
    const double u = s.u[s.stills[k]];
    const int x = x0 + static_cast<int>(std::lround((u * stills + 0.5) * cell_width - 0.5));
    fill_rect(sheet, x, y0 + 2, 1, kPadTop - 3, st.text);
  }
  // Outline the bars so an all-empty bar (a foot never planted) still reads as a bar.
  for (int side = 0; side < 2; ++side) {
    fill_rect(sheet, x0, bar_y[side] - 1, width, 1, st.cell_edge);
    fill_rect(sheet, x0, bar_y[side] + kBar, width, 1, st.cell_edge);
  }
}

}  // namespace render
