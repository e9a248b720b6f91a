#include "anim/gait/step_variation.hpp"

#include "anim/vec.hpp"

namespace anim {

namespace {
// splitmix64 finalizer: a well-mixed 64-bit hash (Steele, Lea & Flood 2014).
std::uint64_t mix(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
}  // namespace

double hashed_unit(std::uint64_t seed, std::int64_t step, std::uint32_t channel) {
  const std::uint64_t h = mix(mix(seed) ^ mix(static_cast<std::uint64_t>(step) * 0x100000001B3ull + channel));
  // 53 high bits -> [0, 1) exactly, then to [-1, 1).
  return static_cast<double>(h >> 11) * (1.0 / 9007199254740992.0) * 2.0 - 1.0;
}

StepVariation step_variation(std::uint64_t seed, std::int64_t step, double amount) {
  StepVariation v;
  v.lift = 0.15 * amount * hashed_unit(seed, step, 1);
  v.swing = 0.10 * amount * hashed_unit(seed, step, 2);
  v.lean = 0.02 * amount * hashed_unit(seed, step, 3);
  v.head = 0.04 * amount * hashed_unit(seed, step, 4);
  return v;
}

StepVariation step_variation_between(std::uint64_t seed, std::int64_t step, double fraction, double amount) {
  const StepVariation a = step_variation(seed, step, amount);
  const StepVariation b = step_variation(seed, step + 1, amount);
  const double s = smoothstep01(fraction);
  return {a.lift + (b.lift - a.lift) * s, a.swing + (b.swing - a.swing) * s,
          a.lean + (b.lean - a.lean) * s, a.head + (b.head - a.head) * s};
}

}  // namespace anim
