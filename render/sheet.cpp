#include "render/sheet.hpp"

#include "render/raster.hpp"
#include "render/sheet_parts.hpp"
#include "render/text.hpp"

#include <algorithm>

namespace render {

namespace {

// Fixed parts of the layout, px.
constexpr int kMargin = 16;      // around the sheet
constexpr int kLeft = 64;        // left of the cells: the timeline's "near"/"far" labels
constexpr int kTitle = 30;       // the title line and legend
constexpr int kRowLabel = 24;    // a row's label line, above its cells
constexpr int kRowGap = 14;      // between a row's timeline and the next row's label
constexpr int kTextScale = 2;    // labels at 2x stb_easy_font: ~14 px capitals

int row_height(const CellGeometry& g) { return kRowLabel + g.height + timeline_height() + kRowGap; }

// The legend at the right end of the title line: a swatch and a name per mark colour.
void draw_legend(Canvas& sheet, int right, int y, bool trails, const SheetStyle& st) {
  struct Entry { const char* name; Rgba color; };
  Entry entries[3] = {{"near foot", st.near_foot}, {"far foot", st.far_foot}, {"pelvis path", st.pelvis_trail}};
  const int count = trails ? 3 : 2;
  int x = right;
  for (int i = count - 1; i >= 0; --i) {
    x -= text_width(entries[i].name, kTextScale);
    draw_text(sheet, x, y, entries[i].name, st.text, kTextScale);
    x -= 12;
    fill_disc(sheet, {static_cast<float>(x), static_cast<float>(y) + 6.0f}, 5.0f, entries[i].color);
    x -= 24;
  }
}

}  // namespace

SheetSize sheet_size(int rows, int stills, const SheetOptions& options) {
  const CellGeometry g = cell_geometry(options);
  rows = std::max(rows, 0);
  stills = std::max(stills, 1);
  return {kLeft + stills * g.width + kMargin, kMargin + kTitle + rows * row_height(g) + kMargin - kRowGap};
}

Canvas draw_contact_sheet(std::span<const CycleSample> rows, const SheetOptions& options, const Palette& palette) {
  int stills = 1;
  for (const CycleSample& s : rows) stills = std::max(stills, static_cast<int>(s.stills.size()));
  const SheetSize size = sheet_size(static_cast<int>(rows.size()), stills, options);
  const SheetStyle st = sheet_style(palette);
  const CellGeometry g = cell_geometry(options);

  Canvas sheet(size.width, size.height);
  sheet.clear(st.background);
  draw_text(sheet, kLeft, kMargin, options.title, st.text, kTextScale);
  draw_legend(sheet, size.width - kMargin, kMargin, options.trails, st);

  int y = kMargin + kTitle;
  for (const CycleSample& s : rows) {
    draw_text(sheet, kLeft, y + 4, row_label(row_stats(s)), st.text, kTextScale);
    const int cells_y = y + kRowLabel;
    for (std::size_t k = 0; k < s.stills.size(); ++k) {
      const Canvas cell = draw_cell(s, s.stills[k], g, options.trails, palette, st);
      sheet.blit(cell, kLeft + static_cast<int>(k) * g.width, cells_y);
    }
    draw_timeline(sheet, kLeft, cells_y + g.height, stills, g.width, s, st);
    y += row_height(g);
  }
  return sheet;
}

}  // namespace render
