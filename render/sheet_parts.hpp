#pragma once
// The pieces render/sheet.cpp assembles: the sheet's colours and frame, one still's cell and
// a row's contact timeline. Internal to the contact sheet; see render/sheet.hpp for the layout.
#include "render/canvas.hpp"
#include "render/palette.hpp"
#include "render/sheet.hpp"
#include "render/sheet_cycle.hpp"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace render {

// Colours of the sheet. The figure keeps the game palette; the sheet around it is light so
// the figure (L* ~30-70) reads as a dark shape on it, and the marks are saturated hues
// that appear nowhere on the figure, so a mark is never mistaken for a part of him.
struct SheetStyle {
  Rgba background;    // sheet, between cells
  Rgba cell;          // a still's background
  Rgba cell_edge;     // frame around a cell
  Rgba text;          // labels
  Rgba ground;        // the ground line
  Rgba near_foot;     // planted-foot marks, timeline bar and toe trail of the near foot
  Rgba far_foot;      // the same for the far foot
  Rgba pelvis_trail;  // the pelvis path
  Rgba bar_empty;     // a timeline bar where that foot is in the air
  Rgba flight;        // a timeline bar where BOTH feet are in the air
};
SheetStyle sheet_style(const Palette& palette);

// Where things sit in a cell, px. The body is at the horizontal centre, the ground line at
// ground_y; the ground's y = 0 maps there.
struct CellGeometry {
  int width = 0, height = 0;
  double px_per_m = 0.0;
  int ground_y = 0;
};
CellGeometry cell_geometry(const SheetOptions& options);

// One still: frame `still` of `sample`, its ground line, its planted toes marked under the
// line, its cycle coordinate as a label, and (trails) the toe and pelvis paths.
Canvas draw_cell(const CycleSample& sample, std::size_t still, const CellGeometry& g, bool trails,
                 const Palette& palette, const SheetStyle& style);

// A one-pixel frame round a cell so neighbouring stills read as separate pictures.
void draw_cell_frame(Canvas& cell, Rgba edge);

// The frame every sheet shares, px: margins, the title line, a label line above each row's
// cells and a gap after the strip under them. A sheet kind brings its left gutter (where the
// strip's labels go) and the height of that strip (a contact timeline, a course profile).
inline constexpr int kSheetMargin = 16;    // around the sheet
inline constexpr int kSheetTitle = 30;     // the title line (and legend)
inline constexpr int kSheetRowLabel = 24;  // a row's label line, above its cells
inline constexpr int kSheetLabelLine = 20; // each further label line: ~14 px capitals and a gap
inline constexpr int kSheetRowGap = 14;    // between a row's strip and the next row's label
inline constexpr int kSheetTextScale = 2;  // labels at 2x stb_easy_font: ~14 px capitals
struct SheetFrame {
  int left = 0;         // left of the cells
  int strip = 0;        // height of the strip under a row's cells
  int label_lines = 1;  // label lines above a row's cells
};
// Height of a row's label lines, from the row's top to its cells.
int sheet_label_height(const SheetFrame& frame);
// Height of one row: labels, cells, strip, gap.
int sheet_row_height(const SheetFrame& frame, const CellGeometry& g);
// The whole sheet for `rows` rows of up to `stills` cells (at least one).
SheetSize sheet_frame_size(const SheetFrame& frame, const CellGeometry& g, int rows, int stills);

// The width a sheet needs for its text, px: each of `lines` (the title first, then the row
// labels) set from the cells' left edge, the first followed by a legend `legend` px wide.
int sheet_text_width(const SheetFrame& frame, std::span<const std::string> lines, int legend);

// Height of a row's contact timeline, px.
int timeline_height();

// The contact timeline of `sample` under a strip of `stills` cells of `cell_width` px whose
// left edge is at x0: cycle coordinate u maps to x0 + (u * stills + 0.5) * cell_width, so
// the still at u = k / stills sits straight above its place on the bars. Bar labels go to
// the left of x0.
void draw_timeline(Canvas& sheet, int x0, int y0, int stills, int cell_width, const CycleSample& sample,
                   const SheetStyle& style);

}  // namespace render
