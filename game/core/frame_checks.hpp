#pragma once
// The promise every frame keeps, whatever the input (DEVELOPERS.md: no NaN or infinity
// reaches a pose): checked by the fuzz target (fuzz/) and the soak (bench/bench_soak.cpp).
#include "anim/character_frame.hpp"

namespace game {

// Every number of the frame the trace writes is finite: x, vx, ax, phase, aim, gaze, every
// joint, the rifle's points and every spring-chain point.
bool frame_is_finite(const anim::CharacterFrame& f);

}  // namespace game
