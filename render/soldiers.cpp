#include "render/soldiers.hpp"

#include "render/contact_shadow.hpp"
#include "render/coverage_layer.hpp"
#include "render/figure.hpp"
#include "render/firing.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <cmath>
#include <numeric>
#include <vector>

namespace render {

namespace {

struct PxBox {
  float x0 = 1e30f, y0 = 1e30f, x1 = -1e30f, y1 = -1e30f;
  bool overlaps(const PxBox& o) const { return x0 <= o.x1 && o.x0 <= x1 && y0 <= o.y1 && o.y0 <= y1; }
};

PxBox box_of(const std::vector<FigureRun>& runs, float grow) {
  PxBox b;
  for (const FigureRun& r : runs) {
    const float g = r.radius + grow;
    b.x0 = std::min({b.x0, r.a.x - g, r.b.x - g});
    b.x1 = std::max({b.x1, r.a.x + g, r.b.x + g});
    b.y0 = std::min({b.y0, r.a.y - g, r.b.y - g});
    b.y1 = std::max({b.y1, r.a.y + g, r.b.y + g});
  }
  return b;
}

void draw_mark(Canvas& canvas, const Camera& camera, const anim::CharacterFrame& f, const Palette& palette,
               const RankStyle& style, CoverageLayer& layer) {
  const anim::vec2 tip = f.joints[anim::index(anim::Joint::head)] + anim::vec2{0.0, style.mark_above};
  const float r = std::max(1.0f, static_cast<float>(camera.to_px(style.mark_radius)));
  for (double side : {-1.0, 1.0})
    layer.add_run(camera.to_canvas(tip + anim::vec2{side * style.mark_width, style.mark_width}), camera.to_canvas(tip), r);
  layer.composite(canvas, palette.accent[std::min<std::size_t>(f.team, palette.accent.size() - 1)].at(0));
}

}  // namespace

int rank_of(std::size_t i, int selected) {
  if (selected >= 0 && i == static_cast<std::size_t>(selected)) return 0;
  return static_cast<int>(i % 2);
}

std::vector<std::size_t> draw_order(std::size_t count, int selected) {
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  auto depth = [&](std::size_t i) { return (static_cast<int>(i) == selected ? 0 : 1) + 2 * rank_of(i, selected); };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return depth(a) > depth(b); });
  return order;
}

namespace {

// How far past a soldier's runs his firing draws, m: the flash reaches 0.26 m ahead of the
// muzzle, the ejected case rises at most 0.35 m and flies 0.46 m back in its 0.35 s
// (render/firing.hpp FiringStyle); the contact shadow lies within 0.1 m under the feet, the
// selection mark within 0.44 m over the head (RankStyle).
constexpr double kDrawnReach = 0.6;

// The soldiers of one group as draw_soldiers paints them, prepared once for every band:
// their runs and boxes in canvas px, in draw order, which of them overlap an earlier or a
// later one, their tiles of coverage (render/figure_tiles.hpp) and contact shadows (both in
// the caller's scratch).
struct Prepared {
  const SoldierGroup* group = nullptr;
  float gap = 0.0f;    // px: the haze's reach round a soldier over one behind him
  float reach = 0.0f;  // px past his box that his firing, shadow and mark can paint
  std::vector<std::size_t> order;
  std::vector<std::vector<FigureRun>> runs;
  std::vector<PxBox> boxes;               // runs' box grown by the gap
  std::vector<std::uint8_t> over_earlier, under_later;
  FigureTiles* tiles = nullptr;           // order.size() of each
  ContactShadowPlan* shadows = nullptr;
};

// Whether anything of soldier `f` can reach the canvas: every run of his lies within 1.5 body
// heights of his pelvis (a rifle aimed straight up from the shoulder, the whip on the carrier),
// his firing and mark within kDrawnReach of them.
bool may_show(const Camera& camera, const Canvas& canvas, const anim::CharacterFrame& f) {
  const glm::vec2 pelvis = camera.to_canvas(f.joints[anim::index(anim::Joint::pelvis)]);
  const float reach = static_cast<float>(camera.to_px(1.5 * f.body_size.height + kDrawnReach)) + 2.0f;
  return pelvis.x + reach >= 0.0f && pelvis.x - reach < static_cast<float>(canvas.width()) && pelvis.y + reach >= 0.0f &&
         pelvis.y - reach < static_cast<float>(canvas.height());
}

// Soldiers that cannot reach the canvas are left out first (a thousand in a file, a few on
// screen): they would paint no pixel, and so cannot change any. Each soldier is rasterized
// once here, whatever bands he spans; the bands only composite. The soldiers of all groups
// share each parallel loop, so the threads share out the whole frame at once.
std::vector<Prepared> prepare(const Canvas& canvas, std::span<const SoldierGroup> groups, const Palette& palette,
                              const RankStyle& style, const ForEach& parallel, SoldierScratch& scratch) {
  std::vector<Prepared> prepared(groups.size());
  struct Slot {
    std::size_t group, k;
  };
  std::vector<Slot> slots;  // every soldier drawn, of every group
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const SoldierGroup& group = groups[g];
    Prepared& p = prepared[g];
    p.group = &group;
    p.gap = std::max(1.0f, static_cast<float>(group.camera.to_px(style.gap)));
    p.reach = static_cast<float>(group.camera.to_px(kDrawnReach)) + 2.0f;
    p.order = draw_order(group.soldiers.size(), group.selected);
    std::erase_if(p.order, [&](std::size_t i) { return !may_show(group.camera, canvas, group.soldiers[i]); });
    const std::size_t n = p.order.size();
    p.runs.resize(n);
    p.boxes.resize(n);
    p.over_earlier.assign(n, 0);
    p.under_later.assign(n, 0);
    for (std::size_t k = 0; k < n; ++k) slots.push_back({g, k});
  }
  // Each group's soldiers take consecutive tiles and shadows.
  std::vector<FigureTiles>& tiles = scratch.figures(slots.size());
  std::vector<ContactShadowPlan>& shadows = scratch.shadows(slots.size());
  for (std::size_t g = 0, at = 0; g < groups.size(); at += prepared[g].order.size(), ++g) {
    prepared[g].tiles = tiles.data() + at;
    prepared[g].shadows = shadows.data() + at;
  }
  run_each(parallel, slots.size(), [&](std::size_t s) {
    Prepared& p = prepared[slots[s].group];
    const SoldierGroup& group = *p.group;
    const std::size_t k = slots[s].k, i = p.order[k];
    p.runs[k] = figure_runs(group.camera, group.soldiers[i], {}, figure_lod(i < group.detail.size() ? group.detail[i] : Detail::near));
    p.boxes[k] = box_of(p.runs[k], p.gap);
    plan_contact_shadow(p.shadows[k], group.camera, canvas.width(), *group.terrain, group.soldiers[i], palette);
  });
  const Palette back = hazed(palette, style.back_haze);
  run_each(parallel, slots.size(), [&](std::size_t s) {
    Prepared& p = prepared[slots[s].group];
    const SoldierGroup& group = *p.group;
    const std::size_t k = slots[s].k, n = p.order.size();
    for (std::size_t j = 0; j < k && !p.over_earlier[k]; ++j) p.over_earlier[k] = p.boxes[j].overlaps(p.boxes[k]);
    for (std::size_t j = k + 1; j < n && !p.under_later[k]; ++j) p.under_later[k] = p.boxes[j].overlaps(p.boxes[k]);
    const std::size_t i = p.order[k];
    // The gap (paint_band) needs his silhouette grown only over men behind him.
    rasterize_figure(p.tiles[k], p.runs[k], rank_of(i, group.selected) == 0 ? palette : back, group.soldiers[i].team,
                     canvas.width(), canvas.height(), p.over_earlier[k] ? p.gap : 0.0f);
  });
  return prepared;
}

// Whether the band of `rows` rows from row `y0` comes within `margin` px of `b` (canvas px).
bool near_rows(const PxBox& b, float y0, float rows, float margin) { return b.y1 + margin >= y0 && b.y0 - margin < y0 + rows; }

// Rows [from, to) of a band.
struct RowRange {
  int from = 0, to = 0;
};

// The rows of the band of `rows` rows from row `y0` that lie within `margin` px of any of the
// boxes (empty: none does).
RowRange rows_near(const std::vector<PxBox>& boxes, int y0, int rows, float margin) {
  float lo = 1e30f, hi = -1e30f;
  for (const PxBox& b : boxes)
    if (near_rows(b, static_cast<float>(y0), static_cast<float>(rows), margin)) {
      lo = std::min(lo, b.y0 - margin);
      hi = std::max(hi, b.y1 + margin);
    }
  if (!(lo <= hi)) return {};
  const float from = std::max(0.0f, std::floor(lo) - static_cast<float>(y0));
  const float to = std::min(static_cast<float>(rows), std::ceil(hi) + 1.0f - static_cast<float>(y0));
  return {static_cast<int>(from), std::max(static_cast<int>(from), static_cast<int>(to))};
}

// The soldiers of one group in rows [row0, row0 + band.height()) of the frame, painted onto
// `band` (those rows of the canvas, copied in): their shadows painted, their tiles composited
// (render/figure_tiles.hpp), firing and mark drawn with the band's camera, every shape
// clipped to the band. Only rows [live.from, live.to) of the band can be painted (the
// soldiers' boxes and their reach), so only they need to hold the canvas's pixels and a
// cleared `drawn`.
void paint_band(Canvas& band, int band_row0, RowRange live, CoverageLayer& layer, std::vector<std::uint8_t>& drawn,
                const Palette& palette, const RankStyle& style, const Prepared& p) {
  const SoldierGroup& group = *p.group;
  Camera camera = group.camera;
  camera.row0 = group.camera.row0 + band_row0;
  const std::span<const anim::CharacterFrame> soldiers = group.soldiers;
  const float row0 = static_cast<float>(band_row0), rows = static_cast<float>(band.height());
  const float reach = p.reach;
  auto in_band = [&](const PxBox& b, float margin) { return near_rows(b, row0, rows, margin); };
  for (std::size_t k = 0; k < p.order.size(); ++k)
    if (in_band(p.boxes[k], reach)) paint_contact_shadow(band, camera.row0, p.shadows[k]);

  // The gap's opacity at each coverage 0..255 of min(his grown silhouette, the men behind):
  // the blend_pixel(gap_alpha * coverage) of each pixel, computed once per level.
  std::array<std::uint8_t, 256> gap_alpha8{};
  for (unsigned c = 1; c < 256; ++c) {
    const float cover = std::min(static_cast<float>(style.gap_alpha) * (static_cast<float>(c) / 255.0f), 1.0f);
    gap_alpha8[c] = static_cast<std::uint8_t>(std::lround(cover * static_cast<float>(palette.far_ridge.a)));
  }
  layer.reset();
  bool cover_cleared = false;  // `drawn`: coverage of the soldiers drawn so far, where a later one overlaps them
  for (std::size_t k = 0; k < p.order.size(); ++k) {
    const anim::CharacterFrame& f = soldiers[p.order[k]];
    if (!in_band(p.boxes[k], 0.0f)) {
      if (in_band(p.boxes[k], reach)) draw_firing(band, camera, f, palette, layer);  // a flash reaches past his box
      continue;
    }
    if ((p.over_earlier[k] || p.under_later[k]) && !cover_cleared) {
      const std::size_t w = static_cast<std::size_t>(band.width());
      drawn.resize(w * static_cast<std::size_t>(band.height()));
      std::fill(drawn.begin() + static_cast<std::ptrdiff_t>(w * live.from), drawn.begin() + static_cast<std::ptrdiff_t>(w * live.to),
                std::uint8_t{0});
      cover_cleared = true;
    }
    const FigureTiles& tiles = p.tiles[k];
    // The gap: his silhouette grown by `gap`, in the haze, only over the men behind him.
    if (p.over_earlier[k]) composite_grown(tiles, band, band_row0, drawn.data(), palette.far_ridge, gap_alpha8.data());
    // Under a later man: his silhouette's coverage joins `drawn` as he is painted.
    composite_figure(tiles, band, band_row0, p.under_later[k] ? drawn.data() : nullptr);
    draw_firing(band, camera, f, palette, layer);
  }
  if (group.selected >= 0 && static_cast<std::size_t>(group.selected) < soldiers.size())
    draw_mark(band, camera, soldiers[static_cast<std::size_t>(group.selected)], palette, style, layer);
}

// Rows [y, y + rows) of `from` copied into `to` (as wide) at its row `at`.
void copy_rows(const Canvas& from, int y, int rows, Canvas& to, int at) {
  const std::size_t row_bytes = static_cast<std::size_t>(from.width()) * 4;
  std::memcpy(to.data() + static_cast<std::size_t>(at) * row_bytes, from.data() + static_cast<std::size_t>(y) * row_bytes,
              static_cast<std::size_t>(rows) * row_bytes);
}

}  // namespace

SoldierScratch::Band& SoldierScratch::band(std::size_t b, int width, int rows) {
  if (b >= bands_.size()) bands_.resize(b + 1);
  Band& band = bands_[b];
  if (band.rows.width() != width || band.rows.height() != rows) {
    band.rows = Canvas(width, rows);
    band.layer = CoverageLayer(width, rows);
  }
  return band;
}

void draw_soldiers(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain,
                   std::span<const anim::CharacterFrame> soldiers, const Palette& palette, int selected,
                   const RankStyle& style, const ForEach& parallel, std::span<const Detail> detail,
                   SoldierScratch* scratch) {
  const SoldierGroup group{camera, &terrain, soldiers, selected, detail};
  draw_soldier_groups(canvas, std::span<const SoldierGroup>(&group, 1), palette, style, parallel, scratch);
}

void draw_soldier_groups(Canvas& canvas, std::span<const SoldierGroup> groups, const Palette& palette,
                         const RankStyle& style, const ForEach& parallel, SoldierScratch* scratch) {
  if (groups.empty() || canvas.width() <= 0 || canvas.height() <= 0) return;
  SoldierScratch own;
  SoldierScratch& bands = scratch != nullptr ? *scratch : own;
  const std::vector<Prepared> prepared = prepare(canvas, groups, palette, style, parallel, bands);
  // The bands are fixed by the canvas alone, never by the thread count: each is painted the
  // same way whichever thread paints it, so the frame is the same bytes on any count.
  // A band nothing of a soldier comes near is left as it is (a frame of a few soldiers
  // copies only their bands).
  // Of a busy band only the rows within reach of a soldier's box are copied in and out, and
  // each group paints (and clears the cover mask of) only the rows within its own reach.
  struct Busy {
    int y0;
    RowRange live;                 // the union of the groups'
    std::vector<RowRange> groups;  // each group's (empty: it paints nothing here)
  };
  std::vector<Busy> busy;
  for (int y0 = 0; y0 < canvas.height(); y0 += kBandRows) {
    const int rows = std::min(kBandRows, canvas.height() - y0);
    Busy b{y0, {rows, 0}, {}};
    for (const Prepared& p : prepared) {
      const RowRange live = rows_near(p.boxes, y0, rows, p.reach);
      b.groups.push_back(live);
      if (live.from < live.to) b.live = {std::min(b.live.from, live.from), std::max(b.live.to, live.to)};
    }
    if (b.live.from < b.live.to) busy.push_back(std::move(b));
  }
  const std::size_t band_count = static_cast<std::size_t>((canvas.height() + kBandRows - 1) / kBandRows);
  bands.reserve(band_count);
  run_each(parallel, busy.size(), [&](std::size_t b) {
    const int y0 = busy[b].y0, rows = std::min(kBandRows, canvas.height() - y0);
    const RowRange live = busy[b].live;
    SoldierScratch::Band& s = bands.band(static_cast<std::size_t>(y0 / kBandRows), canvas.width(), rows);
    copy_rows(canvas, y0 + live.from, live.to - live.from, s.rows, live.from);
    for (std::size_t g = 0; g < prepared.size(); ++g)
      if (busy[b].groups[g].from < busy[b].groups[g].to)
        paint_band(s.rows, y0, busy[b].groups[g], s.layer, s.cover, palette, style, prepared[g]);
    copy_rows(s.rows, live.from, live.to - live.from, canvas, y0 + live.from);
  });
}

}  // namespace render
