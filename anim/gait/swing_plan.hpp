#pragma once
// Rule 2: a swinging foot arcs from where it lifted off to where it will plant. The path is
// a pure function of swing progress u in [0, 1], itself advanced by distance (Rule 1). What
// the path is made of is what a human foot does (Winter 1992, "Foot trajectory in human
// gait"): it leaves toe-down from its toe-off, the boot's lowest point rising a few
// centimetres and passing the ground by 1-2 cm in mid-swing while the knee folds, the foot
// unwinding as it comes through, and a walking foot cocking its toe up to land on its heel.
#include "anim/skeleton.hpp"
#include "anim/terrain.hpp"

namespace anim {

struct SwingShape {
  double clearance = 0.015; // m, the boot's lowest point above the ground line in mid-swing
  double lift = 0.045;      // m, its peak above the ground line (>= clearance)
  double peak = 0.35;       // share of the swing where the lift peaks, 0.15..0.8
  double reach = 0.6;       // share of the swing the lift's hump spans (walking: early swing;
                            // running: the whole swing), peak..1
  double drive = 0.6;       // 0..1: how front-loaded the swing is relative to the hips (0: minimum jerk)
  double hip_travel = 0.0;  // m (world x, signed): how far the hips move over the swing's path.
                            // The foot's path is the hips' travel eased in and out plus its own
                            // swing past them, so it leaves and lands at rest on the ground and
                            // comes through relative to the body as a leg does; 0: a plain reach
  double unwind = 0.55;     // share of the swing over which the lift-off's toe-down unwinds
};

struct SwingPoint {
  vec2 toe;         // toe (ball), facing-frame x-axis along `forward`, y world up
  double pitch;     // heel-up pitch, rad
  double toe_bend;  // rad the toes are still bent up at the ball (straightening after lift-off)
};

// The ends of a swing: the foot as it leaves (toe-off, heel up, toes bent) and as it lands.
struct SwingEnd {
  vec2 toe{};             // the ball, world m
  double pitch = 0.0;     // heel-up pitch, rad
  double toe_bend = 0.0;  // rad
};

// Toe, pitch and toe bend at progress u between lift-off and touchdown. At u = 0 and u = 1
// it equals the ends exactly, with zero velocity over the ground, so neither lift-off nor
// touchdown pops. The ball rides above the boot's lowest point by what the pitch puts
// between them (the tip when toe-down, the heel when toe-up), so the lift is the boot's.
SwingPoint swing_point(const SwingShape& shape, const SwingEnd& from, const SwingEnd& to, const Proportions& body,
                       double u);

// Extra lift (m, >= 0) the swing needs so that the foot, heel to tip, stays `clearance`
// metres above the terrain everywhere between lift-off and touchdown.
double swing_obstacle_lift(const Terrain& terrain, const Proportions& body, const SwingShape& shape, const SwingEnd& from,
                           const SwingEnd& to, double facing_scale, double clearance);

// The lift (m, >= 0) that puts a swinging foot's heel, ball, boot tip and ankle `clearance` above
// the terrain under each: the safety net under the planned arc, also where a plan cannot
// see (a corner the foot passes right after lift-off or just before touchdown).
double keep_clear(const Terrain& terrain, const Proportions& body, vec2 toe, double pitch, double toe_bend,
                  double facing_scale, double clearance);

}  // namespace anim
