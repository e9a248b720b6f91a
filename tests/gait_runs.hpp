#pragma once
// Runs a Character through a scripted intent and keeps every frame: the fixture of the gait
// property tests (Rule 8). Not a test by itself.
#include "anim/character.hpp"

#include <functional>
#include <vector>

namespace gait_runs {

inline constexpr double kDt = 1.0 / 120.0;

using Script = std::function<void(double t, anim::Intent&)>;

inline std::vector<anim::CharacterFrame> run(const Script& script, double seconds, std::uint64_t seed,
                                             const anim::Terrain& terrain = {}, int facing = 1, double x = 0.0) {
  anim::CharacterSpec spec;
  spec.seed = seed;
  spec.facing = facing;
  spec.x = x;
  anim::Character c(spec, anim::Tuning{}, terrain);
  std::vector<anim::CharacterFrame> frames;
  const int steps = static_cast<int>(seconds / kDt);
  frames.reserve(static_cast<std::size_t>(steps));
  for (int i = 0; i < steps; ++i) {
    anim::Intent in;
    script(i * kDt, in);
    c.step(in, kDt, terrain);
    frames.push_back(c.frame());
  }
  return frames;
}

// The pelvis's vertical acceleration at frame i (0 < i < frames.size() - 1), m/s^2.
inline double pelvis_ay(const std::vector<anim::CharacterFrame>& frames, std::size_t i) {
  auto y = [&](std::size_t k) { return frames[k].joints[anim::index(anim::Joint::pelvis)].y; };
  return (y(i + 1) - 2.0 * y(i) + y(i - 1)) / (kDt * kDt);
}

inline Script steady(double v) {
  return [v](double, anim::Intent& in) { in.vx_desired = v; };
}

}  // namespace gait_runs
