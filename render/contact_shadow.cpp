#include "render/contact_shadow.hpp"

#include <algorithm>
#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace render {

namespace {

// The ground darkened over [cx - half, cx + half] (world m) with `strength` at the middle,
// fading to the ends (1 - u^2) and with depth below the surface (linearly): the columns it
// covers, appended to the plan.
void plan_shade(ContactShadowPlan& plan, const Camera& camera, int width, const anim::Terrain& terrain, double cx,
                double half, double strength) {
  if (!(strength > 0.0) || !(half > 0.0)) return;
  const float x0 = camera.to_canvas({cx - half, 0.0}).x, x1 = camera.to_canvas({cx + half, 0.0}).x;
  for (int x = std::max(0, static_cast<int>(std::floor(std::min(x0, x1))));
       x < std::min(width, static_cast<int>(std::ceil(std::max(x0, x1)))); ++x) {
    const double wx = camera.to_world({x + 0.5f, 0.0f}).x;
    const double u = (wx - cx) / half;
    const double across = 1.0 - u * u;
    if (across <= 0.0) continue;
    // (each band takes off its own row0: paint_contact_shadow)
    plan.columns.push_back({x, static_cast<float>(strength * across), camera.unbanded_y(terrain.ground_at(wx))});
  }
}

}  // namespace

void plan_contact_shadow(ContactShadowPlan& plan, const Camera& camera, int width, const anim::Terrain& terrain,
                         const anim::CharacterFrame& frame, const Palette& palette, const ContactShadowStyle& style) {
  plan.columns.clear();
  plan.colour = palette.contact_shadow;
  plan.depth = std::max(2.0f, static_cast<float>(camera.to_px(style.depth)));
  // From a little above the surface line: the ground's lit edge straddles it.
  plan.lift = std::max(1.2f, static_cast<float>(camera.to_px(0.018)));
  const anim::Proportions& body = frame.body_size;
  for (anim::Side side : anim::kSides) {
    const bool near = side == anim::Side::near;
    const anim::vec2 ankle = frame.joints[anim::index(near ? anim::Joint::ankle_near : anim::Joint::ankle_far)];
    const anim::vec2 toe = frame.joints[anim::index(near ? anim::Joint::toe_near : anim::Joint::toe_far)];
    if (!anim::is_finite(ankle) || !anim::is_finite(toe)) continue;
    // The sole's lowest point above the ground under it.
    const double height = std::max(0.0, std::min(ankle.y - body.ankle_height - terrain.ground_at(ankle.x),
                                                 toe.y - terrain.ground_at(toe.x)));
    const double strength = style.strength * std::clamp(1.0 - height / style.fade_height, 0.0, 1.0);
    plan_shade(plan, camera, width, terrain, 0.5 * (ankle.x + toe.x), 0.5 * body.foot + style.margin, strength);
  }
  const anim::vec2 pelvis = frame.joints[anim::index(anim::Joint::pelvis)];
  if (anim::is_finite(pelvis)) plan_shade(plan, camera, width, terrain, pelvis.x, style.body_half, style.body_strength);
}

void paint_contact_shadow(Canvas& canvas, int row0, const ContactShadowPlan& plan) {
  const float depth = plan.depth, lift = plan.lift;
  for (const ContactShadowPlan::Column& c : plan.columns) {
    const float top = static_cast<float>(c.surface - row0) - lift;
    const int y_end = std::min(canvas.height(), static_cast<int>(top + depth + lift) + 1);
    int y = std::max(0, static_cast<int>(std::floor(top)));
#if defined(__SSE2__)
    // Four rows of the column at once: a column is 4-6 rows, and each pixel's opacity is a
    // chain of a division and two clamps. The same IEEE operations in the same order (a
    // clamp as max then min: they differ from std::clamp only at NaN and -0, where either
    // gives no coverage), so the same bytes.
    const __m128 top4 = _mm_set1_ps(top), lift4 = _mm_set1_ps(lift), depth4 = _mm_set1_ps(depth);
    const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f), strength4 = _mm_set1_ps(c.strength);
    for (; y < y_end; y += 4) {
      const __m128i ys = _mm_add_epi32(_mm_set1_epi32(y), _mm_setr_epi32(0, 1, 2, 3));
      const __m128 below = _mm_sub_ps(_mm_add_ps(_mm_cvtepi32_ps(ys), _mm_set1_ps(0.5f)), top4);
      const __m128 down = _mm_min_ps(_mm_max_ps(_mm_sub_ps(one, _mm_div_ps(_mm_sub_ps(below, lift4), depth4)), zero), one);
      const __m128 cover = _mm_min_ps(
          _mm_max_ps(_mm_sub_ps(_mm_cvtepi32_ps(_mm_add_epi32(ys, _mm_set1_epi32(1))), top4), zero), one);
      alignas(16) float alpha[4];
      _mm_store_ps(alpha, _mm_mul_ps(_mm_mul_ps(strength4, down), cover));
      for (int k = 0; k < 4 && y + k < y_end; ++k) canvas.blend_pixel(c.x, y + k, plan.colour, alpha[k]);
    }
#endif
    for (; y < y_end; ++y) {
      const float below = y + 0.5f - top;
      const float down = std::clamp(1.0f - (below - lift) / depth, 0.0f, 1.0f);
      const float cover = std::clamp(static_cast<float>(y + 1) - top, 0.0f, 1.0f);
      canvas.blend_pixel(c.x, y, plan.colour, c.strength * down * cover);
    }
  }
}

void draw_contact_shadow(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain,
                         const anim::CharacterFrame& frame, const Palette& palette, const ContactShadowStyle& style) {
  ContactShadowPlan plan;
  plan_contact_shadow(plan, camera, canvas.width(), terrain, frame, palette, style);
  paint_contact_shadow(canvas, camera.row0, plan);
}

}  // namespace render
