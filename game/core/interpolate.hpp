#pragma once
// Interpolated rendering (fixed 120 Hz simulation, any display rate): the frame drawn
// between two simulation steps is their blend, so motion is smooth on a 144 Hz screen and
// does not judder on a 60 Hz one. Only drawn frames are blended; measurements read the
// simulated frames themselves.
#include "anim/character_frame.hpp"

namespace game {

// `prev` and `next` of one soldier at alpha in [0, 1] (0: prev, 1: next). Joint, rifle and
// foot positions, the body frame and the aim are blended; discrete data (state, step,
// contacts) and the phase (it wraps) come from `next`.
anim::CharacterFrame interpolate_frame(const anim::CharacterFrame& prev, const anim::CharacterFrame& next,
                                       double alpha);

}  // namespace game
