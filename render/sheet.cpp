#include "render/sheet.hpp"

#include "render/raster.hpp"
#include "render/sheet_parts.hpp"
#include "render/text.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace render {

namespace {

// The gait sheet's frame: a gutter for the timeline's "near"/"far" labels, two label lines
// (row_label, row_kinematics_label) over each row's cells, the timeline under them.
constexpr int kLabelLines = 2;
SheetFrame gait_frame() { return {64, timeline_height(), kLabelLines}; }

// The legend at the right end of the title line: a swatch and a name per mark colour.
// Returns its width in px; draws only when `draw`.
int draw_legend(Canvas& sheet, int right, int y, bool trails, const SheetStyle& st, bool draw = true) {
  struct Entry { const char* name; Rgba color; };
  Entry entries[3] = {{"near foot", st.near_foot}, {"far foot", st.far_foot}, {"pelvis path", st.pelvis_trail}};
  const int count = trails ? 3 : 2;
  int x = right;
  for (int i = count - 1; i >= 0; --i) {
    x -= text_width(entries[i].name, kSheetTextScale);
    if (draw) draw_text(sheet, x, y, entries[i].name, st.text, kSheetTextScale);
    x -= 12;
    if (draw) fill_disc(sheet, {static_cast<float>(x), static_cast<float>(y) + 6.0f}, 5.0f, entries[i].color);
    x -= 24;
  }
  return right - x;
}

}  // namespace

SheetSize sheet_size(int rows, int stills, const SheetOptions& options) {
  return sheet_frame_size(gait_frame(), cell_geometry(options), rows, stills);
}

Canvas draw_contact_sheet(std::span<const CycleSample> rows, const SheetOptions& options, const Palette& palette) {
  int stills = 1;
  for (const CycleSample& s : rows) stills = std::max(stills, static_cast<int>(s.stills.size()));
  SheetSize size = sheet_size(static_cast<int>(rows.size()), stills, options);
  const SheetStyle st = sheet_style(palette);
  const CellGeometry g = cell_geometry(options);

  const SheetFrame frame = gait_frame();
  // A narrow sheet (few stills) widens to its text, so the title never runs into the legend
  // nor a label off the edge (issue 16: --frames 1).
  Canvas none(1, 1);
  std::vector<std::string> lines = {options.title};  // then kLabelLines per row
  for (const CycleSample& s : rows) {
    const RowStats stats = row_stats(s);
    lines.push_back(s.label.empty() ? row_label(stats) : s.label);
    lines.push_back(row_kinematics_label(stats));
  }
  const int legend = draw_legend(none, 0, 0, options.trails, st, false);
  size.width = std::max(size.width, sheet_text_width(frame, lines, legend));

  Canvas sheet(size.width, size.height);
  sheet.clear(st.background);
  draw_text(sheet, frame.left, kSheetMargin, options.title, st.text, kSheetTextScale);
  draw_legend(sheet, size.width - kSheetMargin, kSheetMargin, options.trails, st);

  int y = kSheetMargin + kSheetTitle;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const CycleSample& s = rows[r];
    for (int l = 0; l < kLabelLines; ++l) {
      draw_text(sheet, frame.left, y + 4 + l * kSheetLabelLine, lines[1 + r * kLabelLines + l], st.text,
                kSheetTextScale);
    }
    const int cells_y = y + sheet_label_height(frame);
    for (std::size_t k = 0; k < s.stills.size(); ++k) {
      const Canvas cell = draw_cell(s, s.stills[k], g, options.trails, palette, st);
      sheet.blit(cell, frame.left + static_cast<int>(k) * g.width, cells_y);
    }
    draw_timeline(sheet, frame.left, cells_y + g.height, stills, g.width, s, st);
    y += sheet_row_height(frame, g);
  }
  return sheet;
}

}  // namespace render
