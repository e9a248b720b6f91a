#pragma once
// The soldiers of a frame, drawn into the scene (issue 15): each grounded by a contact shadow,
// the squad staggered in two ranks -- the back rank graded toward the haze (aerial
// perspective) and drawn first, and wherever a man stands in front of another a thin gap of
// haze round him, so two overlapping soldiers never merge into one mass -- his shot's muzzle
// flash and ejected case, and a mark over the selected soldier.
#include "anim/character_frame.hpp"
#include "anim/terrain.hpp"
#include "render/camera.hpp"
#include "render/canvas.hpp"
#include "render/contact_shadow.hpp"
#include "render/coverage_layer.hpp"
#include "render/detail.hpp"
#include "render/figure_tiles.hpp"
#include "render/palette.hpp"
#include "render/parallel.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace render {

struct RankStyle {
  double back_haze = 0.15;   // share (0..1) of the way to the haze for the back rank (palette hazed())
  double gap = 0.016;        // m: the haze's reach round a soldier over one behind him (>= 1 px)
  double gap_alpha = 0.75;   // opacity of that haze, 0..1
  double mark_above = 0.36;  // m above the head joint: the selection chevron's tip
  double mark_width = 0.075; // m: half the chevron's width (and its height)
  double mark_radius = 0.014;  // m: the chevron's run radius (>= 1 px)
};

// Rank of soldier `i` of a frame: 0 front, 1 back. The selected soldier is in front; the
// others alternate by index, the first in front -- a file staggered in two ranks.
int rank_of(std::size_t i, int selected);

// The order soldiers 0..count-1 are drawn in: back rank first, then the front, the selected
// soldier last of all (nothing covers him); by index within a rank.
std::vector<std::size_t> draw_order(std::size_t count, int selected);

// Rows of the canvas painted as one job of draw_soldiers (issue 14: the canvas drawn in
// parallel by bands). 48 rows: a 720-row frame is 15 bands, enough to keep 2-8 threads busy
// however the soldiers are spread, while a 57 px soldier spans 2-3 of them.
inline constexpr int kBandRows = 48;

// What draw_soldiers paints with -- each soldier's tiles of coverage (render/figure_tiles.hpp),
// and each band's rows, a coverage layer and the cover mask -- kept from call to call by the
// caller (STYLE.md data: caches are objects the caller owns): a frame of many calls
// (bench_crowd's ten lanes) or many frames then allocate and clear none of them again. A
// soldier's tiles are written by one job and the bands are fixed by the canvas, so each
// piece of scratch is used by one job at a time whatever the thread count; the pixels are
// the same with or without.
class SoldierScratch {
 public:
  struct Band {
    Canvas rows{0, 0};
    CoverageLayer layer{0, 0};
    std::vector<std::uint8_t> cover;  // coverage of the soldiers drawn so far, 0..255 a pixel
  };
  // Band `b` of a canvas `width` wide, `rows` tall (made or remade to that size).
  Band& band(std::size_t b, int width, int rows);
  // Room for `count` bands; call before the bands are painted in parallel.
  void reserve(std::size_t count) {
    if (bands_.size() < count) bands_.resize(count);
  }
  // Room for the tiles of `count` soldiers.
  std::vector<FigureTiles>& figures(std::size_t count) {
    if (figures_.size() < count) figures_.resize(count);
    return figures_;
  }
  // Room for the contact shadows of `count` soldiers.
  std::vector<ContactShadowPlan>& shadows(std::size_t count) {
    if (shadows_.size() < count) shadows_.resize(count);
    return shadows_;
  }

 private:
  std::vector<Band> bands_;
  std::vector<FigureTiles> figures_;
  std::vector<ContactShadowPlan> shadows_;
};

// The soldiers over an already drawn scene: back rank first, then the front, the selected
// soldier last; shadows under all of them before any is drawn. The canvas is painted in
// bands of kBandRows rows, each a job of `parallel` (none: one after another, on this
// thread); the bands depend on the canvas alone, so the pixels are the same however the
// jobs are run. `detail`: each soldier's level of detail (render/detail.hpp), in soldier
// order; empty: every soldier near. `scratch`: the bands' buffers to reuse (null: made for
// this call).
void draw_soldiers(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain,
                   std::span<const anim::CharacterFrame> soldiers, const Palette& palette, int selected,
                   const RankStyle& style = {}, const ForEach& parallel = {}, std::span<const Detail> detail = {},
                   SoldierScratch* scratch = nullptr);

// Soldiers seen through a camera of their own: one call of draw_soldiers.
struct SoldierGroup {
  Camera camera;
  const anim::Terrain* terrain = nullptr;  // not null
  std::span<const anim::CharacterFrame> soldiers;
  int selected = -1;                       // as draw_soldiers' `selected`, in this group
  std::span<const Detail> detail;          // as draw_soldiers' `detail`
};

// draw_soldiers of each group in turn (a later group's soldiers over an earlier's), in one
// pass of bands over the canvas: the same pixels as one call per group, but every soldier of
// every group is prepared in one parallel loop and every band is painted by one job that
// copies its rows once (issue 14: bench_crowd's ten lanes, each a camera of its own, were
// ten passes of two or three bands each, too few to share among threads).
void draw_soldier_groups(Canvas& canvas, std::span<const SoldierGroup> groups, const Palette& palette,
                         const RankStyle& style = {}, const ForEach& parallel = {}, SoldierScratch* scratch = nullptr);

}  // namespace render
