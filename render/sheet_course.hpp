#pragma once
// The fixed terrain course of `contact-sheet --terrain` (issue 6, "What a person sees"): the
// slopes and steps of the uneven-ground requirements laid end to end, so one row of stills
// shows every kind of ground a soldier meets. Defined in this one place; the sampler, the
// sheet's profile strip and the tests all read it from here.
#include "anim/terrain.hpp"

namespace render {

// The course's pieces, left to right (world m, y up; the ground is flat at y = 0 before it):
//   flat, a 20 deg slope up over 4 m, a 2 m plateau, three 0.3 m steps down (0.9 m treads,
//   2 cm risers), 2.5 m of flat, three 0.3 m steps up, a 1 m ledge, a 20 deg slope down
//   over 4 m, flat again at y = 0.
struct CourseShape {
  double slope_deg = 20.0;    // deg, both slopes (issue 6: up to 30 are walked)
  double slope_run = 4.0;     // m, horizontal length of each slope
  double slope_start = 1.0;   // world x where the slope up begins, m
  double plateau = 2.0;       // m, top of the slope up to the first riser
  double step_rise = 0.3;     // m per step (issue 6: steps up to 0.3 m)
  double riser_width = 0.02;  // m: the polyline needs x strictly increasing, so a riser is a steep ramp
  double tread = 0.9;         // m per tread
  int steps = 3;              // steps in each flight
  double bottom_flat = 2.5;   // m between the last step down and the first step up
  double ledge = 1.0;         // m between the last step up and the slope down
};

// The course as a terrain (polyline only: no boxes, no ladders).
anim::Terrain sheet_course(const CourseShape& shape = {});

// Where the soldier starts (at rest, world m) and the stretch the stills are spread over:
// from a little before the slope up to a little after the slope down ends.
inline constexpr double kCourseStartX = -2.0;
struct CourseSpan {
  double first_x = 0.0;  // world m, first still
  double last_x = 0.0;   // world m, last still
};
CourseSpan course_span(const CourseShape& shape = {});

}  // namespace render
