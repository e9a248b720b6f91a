#include "game/core/gait_summary.hpp"

#include "render/measure_text.hpp"

#include <algorithm>
#include <string>

namespace game {

GaitSummary::GaitSummary(std::vector<std::string> ids, const anim::Terrain& terrain) {
  for (auto& id : ids)
    soldiers_.push_back(Soldier{std::move(id), anim::GaitMeter(terrain), anim::KinematicsMeter(terrain)});
}

void GaitSummary::add(std::span<const anim::CharacterFrame> frames, double dt) {
  for (std::size_t i = 0; i < frames.size() && i < soldiers_.size(); ++i) {
    const anim::CharacterFrame& f = frames[i];
    Soldier& s = soldiers_[i];
    if (!s.started) s.x_first = f.x;
    s.started = true;
    s.x_last = f.x;
    s.time += dt;
    s.steps = static_cast<long long>(f.step);
    s.state_time[static_cast<std::size_t>(f.state)] += dt;
    s.meter.add(f);
    s.kinematics.add(f);
  }
}

void GaitSummary::print(std::FILE* out) const {
  print_rule8(out);
  print_kinematics(out);
}

void GaitSummary::print_rule8(std::FILE* out) const {
  std::fprintf(out, "%-8s %8s %8s %6s %9s %9s %8s %6s %8s %8s %8s %6s %7s %9s  %s\n", "id", "time_s", "dist_m",
               "steps", "drift_mm", "knee_bad", "min_hip", "hipstep", "rise_m", "over_mm", "cadence", "stride",
               "stance", "nonfinite", "states");
  for (const Soldier& s : soldiers_) {
    const anim::GaitMetrics m = s.meter.result();
    std::fprintf(out, "%-8s %8.3f %8.3f %6lld %9.3f %9d %8.3f %6.1f %8.3f %8.3f %8.1f %6.2f %7.3f %9d  ", s.id.c_str(),
                 s.time, s.x_last - s.x_first, s.steps, 1000.0 * m.max_contact_drift, m.knee_backward_frames,
                 m.frames > 0 ? m.min_hip_over_leg : 0.0, 1000.0 * m.max_hip_step, m.min_cycle_hip_range,
                 1000.0 * m.max_limb_overlength, 60.0 * m.cadence, m.stride, m.stance_fraction, m.nonfinite);
    // States by share of the time, largest first.
    std::array<std::size_t, kStates> order{};
    for (std::size_t k = 0; k < kStates; ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return s.state_time[a] > s.state_time[b]; });
    for (std::size_t k : order) {
      if (s.state_time[k] < 0.005 * s.time) break;  // under 0.5 %: would print as 0 %
      const auto name = anim::state_name(static_cast<anim::State>(k));
      std::fprintf(out, "%.*s %.0f%% ", static_cast<int>(name.size()), name.data(), 100.0 * s.state_time[k] / s.time);
    }
    std::fputc('\n', out);
  }
  std::fprintf(out,
               "(steps: plants; drift: largest horizontal travel of a planted foot's bearing point; knee_bad: "
               "frames with a knee bent backwards; min_hip: lowest hip height over leg length; hipstep: largest "
               "change of hip height in one step, mm; rise_m: smallest hip rise and fall over a cycle; over_mm: "
               "largest limb over-length; cadence in steps/min, stride in m per cycle and stance fraction measured "
               "from the touchdowns while walking or running)\n");
}

void GaitSummary::print_kinematics(std::FILE* out) const {
  std::fprintf(out, "%-8s %6s %9s %8s %8s %10s %7s %8s %9s %9s %8s\n", "id", "cycles", "knee_load", "knee_mid",
               "knee_off", "knee_swing", "heel_gc", "clear_cm", "pelvis_vy", "pelvis_ay", "lean_deg");
  for (const Soldier& s : soldiers_) {
    const anim::GaitKinematics k = s.kinematics.result();
    const bool c = k.has_cycles();
    const auto figure = [](bool measured, double v, int decimals) {
      return render::measure_text(measured, v, decimals);
    };
    std::fprintf(out, "%-8s %6d %9s %8s %8s %10s %7s %8s %9s %9s %8s\n", s.id.c_str(), k.cycles,
                 figure(c, k.knee_loading, 1).c_str(), figure(c, k.knee_midstance, 1).c_str(),
                 figure(c, k.knee_toeoff, 1).c_str(), figure(c, k.knee_swing_peak, 1).c_str(),
                 figure(c, k.heel_rise_gc, 1).c_str(), figure(c, 100.0 * k.swing_clearance, 2).c_str(),
                 figure(k.has_pelvis_speed(), k.pelvis_speed, 3).c_str(),
                 figure(k.has_pelvis_accel(), k.pelvis_accel, 2).c_str(),
                 figure(k.has_lean(), k.trunk_lean, 1).c_str());
  }
  std::fprintf(out,
               "(kinematics, anim/gait_kinematics, over the whole run: cycles: complete foot cycles, touchdown to "
               "touchdown, of either foot; knee flexion in deg, means over those cycles: knee_load the peak over "
               "the first 40%% of stance (loading response), knee_mid the least over 40-80%% of stance "
               "(mid-stance), knee_off at toe-off, knee_swing the peak in swing; heel_gc: %% of the gait cycle at "
               "which the heel leaves the ground (the end of stance where it never does), mean; clear_cm: least "
               "clearance of the boot's lowest point over the middle half of any swing; pelvis_vy, pelvis_ay: "
               "largest vertical speed, m/s, and acceleration, m/s^2, of the pelvis; lean_deg: mean forward lean "
               "of pelvis to neck from vertical, deg; n/a: no complete cycle or too few frames to measure it)\n");
}

}  // namespace game
