// Row measurements of a contact sheet, taken from the recorded cycle as simulated (not from
// the gait tables), so the label says what the stills show.
#include "render/sheet.hpp"

#include "anim/gait_kinematics.hpp"
#include "anim/metrics.hpp"
#include "render/measure_text.hpp"

#include <cmath>
#include <cstdio>

namespace render {

RowStats row_stats(const CycleSample& s) {
  RowStats r;
  r.gait = s.periodic ? "walk" : "stand";
  r.aim = s.aim;
  r.aim_deg = s.aim_elevation * 180.0 / anim::kPi;
  const anim::Terrain flat{};  // sample_cycle's ground
  anim::KinematicsMeter kinematics(flat);
  for (const anim::CharacterFrame& f : s.frames) kinematics.add(f);
  r.kinematics = kinematics.result();
  if (s.cycle_end <= s.cycle_begin || s.frames.size() < 2) return r;
  const std::size_t n = s.cycle_end - s.cycle_begin;
  const double dt = s.frames[1].t - s.frames[0].t;
  const double cycle_time = static_cast<double>(n) * dt;

  r.speed = s.speed;
  std::size_t planted = 0;
  for (std::size_t i = s.cycle_begin; i < s.cycle_end; ++i) planted += leg_bears(s.frames[i], 0) + leg_bears(s.frames[i], 1);
  r.stance_fraction = 0.5 * static_cast<double>(planted) / static_cast<double>(n);
  // Over the whole sample (three cycles), so a slide near the loop point is not missed.
  r.max_slide = anim::measure_gait(s.frames, flat).max_contact_drift;
  if (s.periodic) {
    // A cycle is two steps (Rule 6). The phase wraps between two simulation steps, so the
    // cycle's ends are found inside those steps (the phase is linear in distance, Rule 1):
    // a whole number of steps would quantize the cadence by ~1% (112 vs 113 steps/min).
    const auto wrap = [&](std::size_t i, double& t, double& x) {
      const anim::CharacterFrame& a = s.frames[i - 1];
      const anim::CharacterFrame& b = s.frames[i];
      const double gap = 1.0 - a.phase + b.phase;
      const double k = gap > 1e-12 ? (1.0 - a.phase) / gap : 1.0;
      t = a.t + k * (b.t - a.t);
      x = a.x + k * (b.x - a.x);
    };
    double t0 = s.frames[s.cycle_begin].t, x0 = s.frames[s.cycle_begin].x;
    double t1 = t0 + cycle_time, x1 = x0 + s.speed * cycle_time;
    if (s.cycle_begin > 0) wrap(s.cycle_begin, t0, x0);
    if (s.cycle_end < s.frames.size()) wrap(s.cycle_end, t1, x1);
    r.cadence_spm = 2.0 * 60.0 / (t1 - t0);
    r.stride = std::abs(x1 - x0);
    r.gait = r.stance_fraction > 0.5 ? "walk" : "run";
  }
  // A posture's row (issue 11) is named by it: a crouch walk, a kneel, a crawl.
  const anim::State state = s.frames[s.cycle_begin].state;
  if (state == anim::State::crouch || state == anim::State::kneel || state == anim::State::prone) r.gait = anim::state_name(state);
  r.still = !s.periodic;
  return r;
}

std::string row_label(const RowStats& r) {
  char aim[40] = "";
  if (r.aim) std::snprintf(aim, sizeof aim, "   aim %+.0f deg", r.aim_deg);
  char text[200];
  if (r.still && r.gait != "stand") {
    std::snprintf(text, sizeof text, "%.*s, still   both feet planted %.0f%%   slide %.1f mm%s", static_cast<int>(r.gait.size()),
                  r.gait.data(), 100.0 * r.stance_fraction, 1000.0 * r.max_slide, aim);
  } else if (r.gait == "stand") {
    std::snprintf(text, sizeof text, "standing idle   both feet planted %.0f%%   slide %.1f mm%s",
                  100.0 * r.stance_fraction, 1000.0 * r.max_slide, aim);
  } else {
    std::snprintf(text, sizeof text, "%.2f m/s   %.0f steps/min   stride %.2f m   stance %.2f   %.*s   slide %.1f mm%s",
                  r.speed, r.cadence_spm, r.stride, r.stance_fraction, static_cast<int>(r.gait.size()),
                  r.gait.data(), 1000.0 * r.max_slide, aim);
  }
  return text;
}

std::string row_kinematics_label(const RowStats& r) {
  const anim::GaitKinematics& k = r.kinematics;
  const auto deg = [](double v) { return measure_text(true, v, 0); };
  std::string text = "no gait cycle: knee, heel rise, clearance n/a";
  if (k.has_cycles()) {
    text = "knee: loading " + deg(k.knee_loading) + "  mid-stance " + deg(k.knee_midstance) + "  toe-off " +
           deg(k.knee_toeoff) + "  swing " + deg(k.knee_swing_peak) + " deg   heel rise " +
           measure_text(true, k.heel_rise_gc, 0, "% GC") + "   clearance " +
           measure_text(true, 100.0 * k.swing_clearance, 1, " cm");
  }
  return text + "   pelvis vy " + measure_text(k.has_pelvis_speed(), k.pelvis_speed, 2, " m/s") + "  ay " +
         measure_text(k.has_pelvis_accel(), k.pelvis_accel, 1, " m/s^2") + "   lean " +
         measure_text(k.has_lean(), k.trunk_lean, 1, " deg");
}

}  // namespace render
