#pragma once
// What a soldier's pose solve leaves out at his level of detail (issue 14; seed 001 section
// 10: the cost per character budgeted, "LOD-style scaling"). render/detail.hpp solve_detail
// gives it for a level; a simulation whose trace is written keeps the default, full detail.
namespace anim {

struct SolveDetail {
  int gear_every = 1;           // the gear's spring chains solved on one step in this many (gear.hpp step_gear)
  double roll_tolerance = 0.0;  // rad: the gait's searches for a foot's roll stop at this (GaitInput)
};

}  // namespace anim
