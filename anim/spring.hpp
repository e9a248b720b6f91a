#pragma once
// Damped spring bones and chains (ARCHITECTURE.md anim/spring, frame step 11; seed 001
// sections 3-5). A spring bone is pulled toward its rest position by F = -k x - c v and
// stepped by semi-implicit Euler (velocity first, then position, seed 001 section 3), then
// held at its link length from its parent by a distance constraint (section 4). A chain is
// solved root to tip in the same step, so link i+1 reads link i's freshly solved position
// (section 5). The caller owns every chain's state (STYLE.md 1).
#include "anim/vec.hpp"

#include <span>
#include <vector>

namespace anim {

// One spring bone's constants (seed 001 glossary).
struct SpringParams {
  double stiffness = 20.0;  // k, N/m, > 0 (0 allowed: no pull toward rest, gravity and damping only)
  double damping = 3.0;     // c, N s/m, >= 0
  double mass = 1.0;        // m, kg, > 0
};

// c / (2 sqrt(k m)), dimensionless (seed 001 glossary): < 1 rings, 1 critically damped (the
// fastest approach without overshoot), > 1 overdamped. 0 when k or m is not positive.
double damping_ratio(double stiffness, double damping, double mass);
inline double damping_ratio(const SpringParams& p) { return damping_ratio(p.stiffness, p.damping, p.mass); }

// sqrt(k / m), rad/s: the undamped natural angular frequency. 0 when k or m is not positive.
double natural_frequency(const SpringParams& p);

// ONE raw semi-implicit Euler step of a damped spring, no sub-steps, no clamps (seed 001
// section 3): a = (-k (x - rest) - c (v - v_ref)) / m + accel; v += a dt; x += v dt.
// `v_ref` is the velocity of the rest point's frame (0: the seed's frozen parent), `accel`
// an outside acceleration such as gravity. T is double or vec2. The chains below use it for
// each sub-step; seed 001's tables test it directly.
template <class T>
void spring_step(T& x, T& v, const T& rest, const SpringParams& p, double dt, const T& v_ref = T{}, const T& accel = T{}) {
  const T a = (-p.stiffness * (x - rest) - p.damping * (v - v_ref)) / p.mass + accel;
  v += a * dt;
  x += v * dt;
}

// Limits that keep a chain stable at any frame time (issue 6: "a step of up to 0.1 s never
// explodes a chain, and a teleport resets it").
struct ChainLimits {
  double max_substep = 1.0 / 240.0;  // s, 1e-4..0.02: no sub-step is longer than this, nor
                                     // than 0.5 sqrt(m/k) or 0.5 m/c (semi-implicit Euler is
                                     // stable for omega dt < 2; half of it keeps it accurate)
  double max_substeps = 256;         // count, 1..4096; a step needing more resets the chain to rest
  double max_speed = 25.0;           // m/s, > 0: a link's speed relative to its parent is clamped here
  double teleport_distance = 1.5;    // m, > 0: the root moving further in one step resets the
                                     // chain (a run at 8 m/s moves 0.8 m in the longest 0.1 s step)
  double max_step = 0.25;            // s: a longer step (a stall) resets the chain to rest
  double pin_iterations = 64;        // count, 1..1000, FABRIK passes that hang a chain between two pins
  double pin_tolerance = 1e-11;      // m: pin passes stop once the tip is this close
};

// Where a chain is attached in this step, world space.
struct ChainPose {
  vec2 root{};                     // the root link's parent (a point on the body), world m
  std::span<const vec2> rest_dir;  // per link: unit direction from its parent at rest, world
  std::span<const double> length;  // per link: length, m, > 0 (same size as rest_dir)
  bool pinned = false;             // the last link's end is held at `tip` (a sling)
  vec2 tip{};                      // world m, used when pinned
  vec2 gravity{0.0, -kGravity};    // m/s^2, acts on every link end
  // Link i's stiffness is k s^i and its damping c s^(i/2) (the damping ratio kept), s >= 1:
  // a whip stiffer toward its tip rings as one piece at its base's frequency instead of each
  // link resonating on the one below it.
  double stiffening = 1.0;
  // Rad, (0, pi]: a free link's direction stays within this of its rest direction (a cone, as
  // seed 001 section 2 clamps the look-at), so a hard jolt bends a whip but never folds it.
  double max_bend = kPi;
  bool reset = false;              // place the chain at rest this step (a respawn)
};

// The state of one chain that lasts between frames, owned by the caller. Link i's end is
// position[i]; its parent is position[i - 1], or the root for link 0.
struct SpringChain {
  std::vector<vec2> position;  // world m
  std::vector<vec2> velocity;  // world m/s
  vec2 root_prev{};            // the root at the end of the last step, world m
  vec2 tip_prev{};             // the pin at the end of the last step, world m
  bool primed = false;         // false until the first step placed the chain at rest
};

// Places the chain at rest: each link end at its parent + rest_dir * length (a pinned chain
// then hung between its pins), velocities zero.
void chain_reset(SpringChain& chain, const ChainPose& pose, const ChainLimits& limits);

// One spring link for one sub-step: spring toward `parent + rest_dir * length` with damping
// relative to the parent's velocity (in the parent's frame this is the seed's F = -k x - c v),
// then the distance constraint to the parent (seed 001 section 4). The velocity is set to
// the constrained displacement over `h` (position-based, so the constraint removes no energy
// the spring did not), and clamped to `max_speed` relative to the parent.
void step_link(vec2& position, vec2& velocity, vec2 parent, vec2 parent_velocity, vec2 rest_dir, double length,
               const SpringParams& spring, vec2 gravity, double max_speed, double h);

// Hangs a chain between `root` and a pinned last end at `tip` (FABRIK: a pass root to tip,
// then, while the last end misses `tip` by more than `tolerance`, a pass tip to root and
// again root to tip, at most `iterations` times); the last end is then set to `tip`. Every
// link but the last keeps its length exactly; the last is off by at most `tolerance` when
// the chain is long enough to reach (else the chain lies straight toward the pin).
void pin_chain_tip(std::span<vec2> position, vec2 root, vec2 tip, std::span<const double> length, int iterations,
                   double tolerance);

// The spring of link `i` of a chain with `stiffening` (see ChainPose).
SpringParams link_spring(const SpringParams& base, double stiffening, std::size_t i);

// One step of `dt` seconds (ARCHITECTURE.md step 11). Sub-steps inside so each is below the
// stable bound, with the root (and pin) moving linearly from last step's to this step's
// place; links root to tip in every sub-step. Resets to rest instead when the chain is not
// primed, `pose.reset` is set, the root jumped more than teleport_distance, dt is longer than
// max_step or needs more than max_substeps, or the state is not finite (a pose that is not
// finite leaves the chain as it was). dt = 0 (or not finite, or negative) only holds
// the links at their lengths from the (possibly moved) root. Returns true when it reset.
bool chain_step(SpringChain& chain, const ChainPose& pose, const SpringParams& spring, const ChainLimits& limits,
                double dt);

}  // namespace anim
