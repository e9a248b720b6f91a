// Row measurements of a contact sheet, taken from the recorded cycle as simulated (not from
// the gait tables), so the label says what the stills show.
#include "render/sheet.hpp"

#include "anim/metrics.hpp"

#include <cmath>
#include <cstdio>

namespace render {

RowStats row_stats(const CycleSample& s) {
  RowStats r;
  r.gait = s.periodic ? "walk" : "stand";
  r.aim = s.aim;
  r.aim_deg = s.aim_elevation * 180.0 / anim::kPi;
  if (s.cycle_end <= s.cycle_begin || s.frames.size() < 2) return r;
  const std::size_t n = s.cycle_end - s.cycle_begin;
  const double dt = s.frames[1].t - s.frames[0].t;
  const double cycle_time = static_cast<double>(n) * dt;

  r.speed = s.speed;
  std::size_t planted = 0;
  for (std::size_t i = s.cycle_begin; i < s.cycle_end; ++i) planted += s.frames[i].contact[0] + s.frames[i].contact[1];
  r.stance_fraction = 0.5 * static_cast<double>(planted) / static_cast<double>(n);
  // Over the whole sample (three cycles), so a slide near the loop point is not missed.
  r.max_slide = anim::measure_gait(s.frames, anim::Terrain{}).max_toe_drift;
  if (s.periodic) {
    // A cycle is two steps (Rule 6); the frames at cycle_begin and cycle_end are one cycle apart.
    r.cadence_spm = 2.0 * 60.0 / cycle_time;
    r.stride = s.cycle_end < s.frames.size() ? std::abs(s.frames[s.cycle_end].x - s.frames[s.cycle_begin].x)
                                             : s.speed * cycle_time;
    r.gait = r.stance_fraction > 0.5 ? "walk" : "run";
  }
  return r;
}

std::string row_label(const RowStats& r) {
  char aim[40] = "";
  if (r.aim) std::snprintf(aim, sizeof aim, "   aim %+.0f deg", r.aim_deg);
  char text[200];
  if (r.gait == "stand") {
    std::snprintf(text, sizeof text, "standing idle   both feet planted %.0f%%   slide %.1f mm%s",
                  100.0 * r.stance_fraction, 1000.0 * r.max_slide, aim);
  } else {
    std::snprintf(text, sizeof text, "%.2f m/s   %.0f steps/min   stride %.2f m   stance %.2f   %.*s   slide %.1f mm%s",
                  r.speed, r.cadence_spm, r.stride, r.stance_fraction, static_cast<int>(r.gait.size()),
                  r.gait.data(), 1000.0 * r.max_slide, aim);
  }
  return text;
}

}  // namespace render
