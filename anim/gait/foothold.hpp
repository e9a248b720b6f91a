#pragma once
// Where a foot plants (Rule 2: the feet lead; issue 6 and seed 001 section 6 on real
// ground): the ground under a foot, a plant that never bridges a step's edge, and the
// foothold choice of a swing, made once per swing and then only slid along its surface.
#include "anim/gait/gait_tuning.hpp"
#include "anim/skeleton.hpp"
#include "anim/terrain.hpp"

namespace anim {

// Heel-up pitch (rad) that lays the sole along the ground between heel and toe: negative
// uphill (the toe is higher), positive downhill; over uneven ground the sole rests on the
// highest ground under it, never tipping into a drop. `facing_scale` is cos(yaw) (BodyFrame).
double ground_pitch(const Terrain& terrain, const Proportions& body, vec2 toe, double facing_scale);

// True when a flat foot with its ball on `toe` at heel-up pitch `pitch` (rad) has its heel
// on the ground (within 3 mm): it can land heel first. Over a crest or a step's edge the
// sole lies along the ball's surface and its heel is in the air, so it lands flat.
bool heel_bears(const Terrain& terrain, const Proportions& body, vec2 toe, double pitch, double facing_scale);
// The same for the boot's tip, its toes flat: false past a crest, where a foot rolling up
// onto its tip would stand on air, so it pushes off from its ball instead.
bool tip_bears(const Terrain& terrain, const Proportions& body, vec2 toe, double pitch, double facing_scale);

// The most (rad, heel-up over `pitch`) a foot with its ball flat on `toe` may roll up over its
// ball and tip before its ankle, carried forward past the ball as the heel rises, would pass
// into the ground ahead of it (a riser just beyond the toes): at most `most`.
double roll_clear_of_ground(const Terrain& terrain, const Proportions& body, vec2 toe, double pitch,
                            double facing_scale, double toe_bend_max, double most);

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
// each way, in 1 cm increments.
struct Span {
  double lo = 0.0;
  double hi = 0.0;
  double clamp(double x) const { return x < lo ? lo : (x > hi ? hi : x); }
};
Span planar_span(const Terrain& terrain, const Proportions& body, double toe_x, double facing_scale, double max_reach);

// How far ahead of the hips (m, >= 0) a foot lands `drop` m below the ground under them: no
// further than where a leg of `reach` still holds the hips as high over that ground as a
// landing `lead` ahead on level ground would (Rule 2: sqrt(L^2 - x^2)). `lead` itself when
// the landing is not lower; 0 (under the hips) when the drop is out of reach.
double step_down_lead(double lead, double drop, double reach);

// What a swing keeps about its foothold between steps: the surface (one tread or slope) is
// chosen once, when the swing first plans it, and the foothold then only slides along it:
// re-choosing as the nominal point moves would flip the plant across a step's edge and its
// height by the riser (issue 6).
struct FootholdChoice {
  bool set = false;
  Span surface{};
  double offset = 0.0;  // m the foothold sat off its wanted point when the surface was chosen
  double aim_y = 0.0;   // m, world: the height of the ground the swing chose to step to
};

struct FootholdInput {
  double hip_x = 0.0;        // the hips now, world m
  double to_go = 0.0;        // cycles of travel until the foot lands (negative: landed that long ago)
  int dir = 1;               // travel direction, +1 / -1 (world x)
  double facing_scale = 1.0; // cos(yaw)
  double ground_cos = 1.0;   // cos of the slope under the hips: the travel is along it
  double reach = 0.87;       // m, the leg's reach (leg * knee_slack)
};

struct Foothold {
  vec2 ball{};             // where the ball will lie, the foot flat, world m
  double land_hip_x = 0.0; // where the hips will be when it lands, world m
  double land_level = 0.0; // the ground's level there, world m
  double stance_cut = 0.0; // cycles the stance after this landing ends early (a short step)
  bool rechosen = false;   // the swing gave up its surface for another this step
};

// How far behind its ankle the hips may leave a foot standing `rise` m above their level
// (ground rising behind, going downhill) for its leg, reaching `reach` m on level ground,
// to span no less than `shortest` m: `rear` where it already does.
double step_up_rear(double rear, double rise, double reach, double shortest);

// Where the foot lands: the ball `landing_lead` ahead of the hips where they will be, never
// varied (Rule 10). Onto lower ground (a step down, a slope falling away) the foot lands
// nearer under the hips: where a leg of the usual reach holds them at their usual height over
// the ground here, so the stance leg need not fold while the other reaches down (Rule 2). A
// foothold short of its nominal point, or on ground falling away behind, ends its stance as
// much earlier, so the foot still leaves from within reach. A surface that would leave the
// foot wholly behind the hips (its ankle further behind than its ball is ahead of it: the
// hips carried on past the edge the swing first aimed short of) gives way to the surface
// beyond the edge, mid-swing if need be (`rechosen`).
Foothold choose_foothold(FootholdChoice& choice, const FootholdInput& in, const GaitAtSpeed& g, const GaitTuning& t,
                         const Terrain& terrain, const Proportions& body);

}  // namespace anim
