#pragma once
// Feet on real ground (issue 6; seed 001 section 6): a plant lands on the terrain under it,
// the sole lies along the ground from heel to toe, a plant never bridges a step's edge, and
// a swing clears whatever lies between lift-off and touchdown.
#include "anim/skeleton.hpp"
#include "anim/swing.hpp"
#include "anim/terrain.hpp"

#include <span>

namespace anim {

// Heel-up pitch (rad) that lays the sole along the ground between heel and toe: negative
// uphill (the toe is higher), positive downhill; over uneven ground the sole rests on the
// highest ground under it, never tipping into a drop. `facing_scale` is cos(yaw) (BodyFrame).
double ground_pitch(const Terrain& terrain, const Proportions& body, vec2 toe, double facing_scale);

// True when the whole foot, heel to boot tip, with its toe (ball) at toe_x, stands on one
// surface: the ground under it lies within a centimetre of the line from heel to tip.
bool foot_is_planar(const Terrain& terrain, const Proportions& body, double toe_x, double facing_scale);

// The toe position nearest `toe_x` (searching along `dir`, +1 or -1, then back) where the
// whole foot stands on one surface: on a step the plant moves off the edge rather than
// hanging the heel over it. The result's y is the ground under it.
vec2 plant_on_ground(const Terrain& terrain, const Proportions& body, double toe_x, int dir, double facing_scale);

// The x-interval of toe positions, around `toe_x` (itself planar), over which the whole foot
// stays on the same surface: the stretch of a tread, or of a slope, a foothold may slide
// along without crossing an edge (so its height never jumps). Searched up to `max_reach` m
// each way, in `kSpanStep` increments.
struct Span {
  double lo = 0.0;
  double hi = 0.0;
  double clamp(double x) const { return x < lo ? lo : (x > hi ? hi : x); }
};
Span planar_span(const Terrain& terrain, const Proportions& body, double toe_x, double facing_scale, double max_reach);

// Extra lift (m, >= 0) the swing needs so that the foot, heel to tip, stays `clearance`
// metres above the terrain everywhere between lift-off and touchdown.
double swing_obstacle_lift(const Terrain& terrain, const Proportions& body, const SwingShape& shape, vec2 toe0,
                           double pitch0, vec2 toe1, double pitch1, double facing_scale, double clearance);

// The lift (m, >= 0) that puts a swinging foot's heel, ball and boot tip `clearance` above
// the terrain under each: the safety net under the planned arc, also where a plan cannot
// see (a corner the foot passes right after lift-off or just before touchdown).
double keep_clear(const Terrain& terrain, const Proportions& body, vec2 toe, double pitch, double facing_scale,
                  double clearance);

// How far ahead of the hips (m, >= 0) a foot lands `drop` m below the ground under them: no
// further than where a leg of `reach` still holds the hips as high over that ground as a
// landing `lead` ahead on level ground would (Rule 2: sqrt(L^2 - x^2)). `lead` itself when
// the landing is not lower; 0 (under the hips) when the drop is out of reach.
double step_down_lead(double lead, double drop, double reach);

// The height at x of the polyline through `points` (any order; sorted in place by x), flat
// beyond its ends; 0 for no points. A run's ground: the line through its footholds.
double ground_line_at(std::span<vec2> points, double x);

// The ground's slope (dy/dx) around x, from its level (Terrain::level_at) `half_span` m
// either side: over the span the body stands on (not a pebble's, and not a step's riser
// taken alone). Rule 1 on slopes reads the distance along it; a stride adapts to it read
// over a stride's length, so a flight of steps reads as its mean slope.
double ground_slope(const Terrain& terrain, double x, double half_span = 0.3);

}  // namespace anim
