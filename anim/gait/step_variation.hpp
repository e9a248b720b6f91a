#pragma once
// Rule 10: vary it per step, or it reads as a machine. The variation is hashed on the STEP
// NUMBER and the seed (not drawn from a stream), so a replay reproduces it and two soldiers
// at one speed do not wobble in unison; it is interpolated between this step's value and
// the next so nothing jumps at a plant. Only lift, swing amplitude, lean and head carriage
// vary: never stride or where a foot plants.
#include <cstdint>

namespace anim {

struct StepVariation {
  double lift = 0.0;   // relative change of swing lift, about +-0.15
  double swing = 0.0;  // relative change of the swing arc's fore-aft bulge, about +-0.1
  double lean = 0.0;   // trunk lean offset, rad, about +-0.02
  double head = 0.0;   // head carriage (pitch) offset, rad, about +-0.04
};

// A uniform value in [-1, 1] from (seed, step, channel); pure and platform-independent.
double hashed_unit(std::uint64_t seed, std::int64_t step, std::uint32_t channel);

// The variation of step `step`, scaled by `amount` (0 turns it off).
StepVariation step_variation(std::uint64_t seed, std::int64_t step, double amount);

// Between step `step` (at fraction 0) and the next (at fraction 1), C1-smooth.
StepVariation step_variation_between(std::uint64_t seed, std::int64_t step, double fraction, double amount);

}  // namespace anim
