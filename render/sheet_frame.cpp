#include "render/sheet_parts.hpp"

#include "render/text.hpp"

#include <algorithm>

namespace render {

int sheet_label_height(const SheetFrame& frame) {
  return kSheetRowLabel + (std::max(frame.label_lines, 1) - 1) * kSheetLabelLine;
}

int sheet_row_height(const SheetFrame& frame, const CellGeometry& g) {
  return sheet_label_height(frame) + g.height + frame.strip + kSheetRowGap;
}

SheetSize sheet_frame_size(const SheetFrame& frame, const CellGeometry& g, int rows, int stills) {
  rows = std::max(rows, 0);
  stills = std::max(stills, 1);
  return {frame.left + stills * g.width + kSheetMargin,
          kSheetMargin + kSheetTitle + rows * sheet_row_height(frame, g) + kSheetMargin - kSheetRowGap};
}

int sheet_text_width(const SheetFrame& frame, std::span<const std::string> lines, int legend) {
  constexpr int kLegendGap = 24;  // px between the title and the legend
  int width = 0;
  for (std::size_t i = 0; i < lines.size(); ++i)
    width = std::max(width, text_width(lines[i], kSheetTextScale) + (i == 0 && legend > 0 ? kLegendGap + legend : 0));
  return frame.left + width + kSheetMargin;
}

}  // namespace render
