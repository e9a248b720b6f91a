#include "render/sheet_parts.hpp"

#include <algorithm>

namespace render {

int sheet_row_height(const SheetFrame& frame, const CellGeometry& g) {
  return kSheetRowLabel + g.height + frame.strip + kSheetRowGap;
}

SheetSize sheet_frame_size(const SheetFrame& frame, const CellGeometry& g, int rows, int stills) {
  rows = std::max(rows, 0);
  stills = std::max(stills, 1);
  return {frame.left + stills * g.width + kSheetMargin,
          kSheetMargin + kSheetTitle + rows * sheet_row_height(frame, g) + kSheetMargin - kSheetRowGap};
}

}  // namespace render
