#include "game/core/gait_summary.hpp"

#include <algorithm>
#include <cmath>

namespace game {
namespace {
// Below this the body counts as standing: gait measures are averaged over moving time only,
// so a walk with pauses reports the walk's cadence, not one diluted by the pauses.
constexpr double kStandstill = 0.05;  // m/s
}  // namespace

GaitSummary::GaitSummary(std::vector<std::string> ids) {
  for (auto& id : ids) soldiers_.push_back(Soldier{.id = std::move(id)});
}

void GaitSummary::add(std::span<const anim::CharacterFrame> frames, double dt) {
  for (std::size_t i = 0; i < frames.size() && i < soldiers_.size(); ++i) {
    const anim::CharacterFrame& f = frames[i];
    Soldier& s = soldiers_[i];
    if (!s.started) s.x_first = f.x;
    s.started = true;
    s.x_last = f.x;
    s.time += dt;
    s.speed_time += std::abs(f.vx) * dt;
    if (std::abs(f.vx) > kStandstill) {
      s.moving_time += dt;
      s.cadence_time += f.cadence * dt;
      s.stride_time += f.stride * dt;
      s.stance_time += f.stance_fraction * dt;
    }
    s.steps = f.step;
    s.state_time[static_cast<std::size_t>(f.state)] += dt;
  }
}

void GaitSummary::print(std::FILE* out) const {
  std::fprintf(out, "%-8s %8s %10s %10s %9s %9s %8s %8s %6s  %s\n", "id", "time_s", "distance_m",
               "speed_mps", "moving_s", "cadence", "stride_m", "stance", "steps", "states");
  for (const Soldier& s : soldiers_) {
    const double moving = s.moving_time > 0.0 ? s.moving_time : 1.0;
    std::fprintf(out, "%-8s %8.3f %10.3f %10.3f %9.3f %9.3f %8.3f %8.3f %6lld  ", s.id.c_str(), s.time,
                 s.x_last - s.x_first, s.time > 0.0 ? s.speed_time / s.time : 0.0, s.moving_time,
                 s.cadence_time / moving, s.stride_time / moving, s.stance_time / moving,
                 static_cast<long long>(s.steps));
    // States by share of the time, largest first.
    std::array<std::size_t, kStates> order{};
    for (std::size_t k = 0; k < kStates; ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return s.state_time[a] > s.state_time[b]; });
    for (std::size_t k : order) {
      if (s.state_time[k] < 0.005 * s.time) break;  // under 0.5 %: would print as 0 %
      const auto name = anim::state_name(static_cast<anim::State>(k));
      std::fprintf(out, "%.*s %.0f%% ", static_cast<int>(name.size()), name.data(),
                   100.0 * s.state_time[k] / s.time);
    }
    std::fputc('\n', out);
  }
  std::fprintf(out, "(cadence in steps/s, stride in m per two steps, stance = share of the cycle a foot is down;"
                    " gait values averaged over moving time, |vx| > 0.05 m/s)\n");
}

}  // namespace game
