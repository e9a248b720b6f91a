#include "render/sheet_course.hpp"

#include <cmath>

namespace render {

namespace {

// Flat margins around the course's features, m: the first still stands on the flat before
// the slope up, the last on the flat after the slope down.
constexpr double kLeadIn = 1.0;
constexpr double kRunOut = 1.5;
// The polyline's ends, far enough out that "beyond the ends stays flat" never matters.
constexpr double kFarLeft = -50.0;
constexpr double kFarRight = 200.0;

// x where the slope down ends (back at y = 0), m.
double slope_down_end(const CourseShape& s) {
  const double flight = s.steps * (s.riser_width + s.tread);
  return s.slope_start + s.slope_run + s.plateau + flight + s.bottom_flat + flight - s.tread + s.ledge + s.slope_run;
}

}  // namespace

anim::Terrain sheet_course(const CourseShape& s) {
  const double top = s.slope_run * std::tan(s.slope_deg * anim::kPi / 180.0);
  anim::Terrain t;
  auto& g = t.ground;
  g.push_back({kFarLeft, 0.0});
  double x = s.slope_start;
  g.push_back({x, 0.0});
  x += s.slope_run;
  g.push_back({x, top});
  x += s.plateau;
  double y = top;
  // Steps down: riser, then tread; the last tread runs into the bottom flat.
  for (int i = 0; i < s.steps; ++i) {
    g.push_back({x, y});
    y -= s.step_rise;
    x += s.riser_width;
    g.push_back({x, y});
    x += i + 1 < s.steps ? s.tread : s.tread + s.bottom_flat;
  }
  // Steps up: riser, then tread; the last riser tops out on the ledge.
  for (int i = 0; i < s.steps; ++i) {
    g.push_back({x, y});
    y += s.step_rise;
    x += s.riser_width;
    g.push_back({x, y});
    x += i + 1 < s.steps ? s.tread : s.ledge;
  }
  g.push_back({x, y});
  x += s.slope_run;
  g.push_back({x, y - top});
  g.push_back({kFarRight, y - top});
  return t;
}

CourseSpan course_span(const CourseShape& s) {
  return {s.slope_start - kLeadIn, slope_down_end(s) + kRunOut};
}

}  // namespace render
