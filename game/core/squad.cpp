#include "game/core/squad.hpp"

#include "anim/gait/step_variation.hpp"

#include <algorithm>
#include <cmath>

namespace game {

double follow_vx(FollowerState& state, double x, double slot, double leader_vx, const FollowTuning& t) {
  if (!std::isfinite(x) || !std::isfinite(slot) || !std::isfinite(leader_vx)) {
    state.moving = false;
    return 0.0;
  }
  const double error = slot - x;
  const double dist = std::abs(error);
  const bool leader_standing = std::abs(leader_vx) < t.leader_still;
  // Hysteresis: start only beyond start_band, stop only inside stop_band with the leader
  // standing, so a follower neither dithers at his spot nor lags a walking leader.
  if (state.moving) {
    if (leader_standing && dist < t.stop_band) state.moving = false;
  } else if (dist > t.start_band || !leader_standing) {
    state.moving = true;
  }
  if (!state.moving) return 0.0;
  // Correction: proportional, but never faster than the speed from which decel can still
  // stop him at his place (v^2 = 2 a d), so he arrives without overshoot.
  const double correction = std::min(t.gain * dist, std::sqrt(2.0 * t.decel * dist));
  const double vx = leader_vx + std::copysign(correction, error);
  return std::clamp(vx, -t.max_speed, t.max_speed);
}

double reaction_delay(std::size_t index, std::uint64_t seed, const FollowTuning& t) {
  constexpr double kGolden = 0.6180339887498949;  // 1 / phi: the most even spread of a sequence
  constexpr double kJitter = 0.08;                // share of the range the seed may shift it
  const double u = static_cast<double>(index) * kGolden + 0.5 * kJitter * anim::hashed_unit(seed, 0, 11);
  const double spread = u - std::floor(u);
  return t.reaction_min + (t.reaction_max - t.reaction_min) * spread;
}

void LeaderHistory::reset(Sample now) { samples_.assign(1, now); }

void LeaderHistory::push(Sample now, std::size_t capacity) {
  samples_.push_back(now);
  while (samples_.size() > std::max<std::size_t>(capacity, 1)) samples_.pop_front();
}

LeaderHistory::Sample LeaderHistory::ago(std::size_t steps_ago) const {
  if (samples_.empty()) return {};
  const std::size_t i = steps_ago >= samples_.size() ? 0 : samples_.size() - 1 - steps_ago;
  return samples_[i];
}

double slot_x(std::span<const double> offsets, std::size_t i, std::size_t leader, double leader_x) {
  if (i >= offsets.size() || leader >= offsets.size()) return leader_x;
  return leader_x + offsets[i] - offsets[leader];
}

}  // namespace game
