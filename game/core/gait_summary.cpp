#include "game/core/gait_summary.hpp"

#include <algorithm>

namespace game {

GaitSummary::GaitSummary(std::vector<std::string> ids, const anim::Terrain& terrain) {
  for (auto& id : ids) soldiers_.push_back(Soldier{std::move(id), anim::GaitMeter(terrain)});
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
  }
}

void GaitSummary::print(std::FILE* out) const {
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

}  // namespace game
