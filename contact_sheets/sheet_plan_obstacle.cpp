// `contact-sheet --obstacle vault|climb|ladder|drop [--height H] [--speed V]`: the rules of its
// flags (sheet_plan.hpp).
#include "contact_sheets/sheet_plan.hpp"

#include <cstdio>

namespace sheet {

namespace {

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

constexpr double kWalk = 1.4;       // m/s: the default approach
constexpr double kMinSpeed = 0.5;   // m/s: slower and he does not walk into it at all

}  // namespace

HeightRange obstacle_height_range(render::ObstacleMoveKind k) {
  switch (k) {
    case render::ObstacleMoveKind::vault: return {0.25, 0.85};   // above a step, below half of 1.78 m
    case render::ObstacleMoveKind::climb: return {0.95, 2.35};   // above half his height, within 1.35 H
    case render::ObstacleMoveKind::ladder: return {1.0, 6.0};
    case render::ObstacleMoveKind::drop: return {0.3, 4.0};      // deeper than a step
  }
  return {0.0, 0.0};
}

std::optional<Plan> make_obstacle_plan(const Flags& f, std::string& error) {
  const std::optional<render::ObstacleMoveKind> move = render::obstacle_move_from(f.obstacle);
  if (f.obstacle.empty()) error = "--height needs --obstacle vault|climb|ladder|drop";
  else if (!move) error = "unknown --obstacle '" + f.obstacle + "' (expected vault, climb, ladder or drop)";
  else if (!f.state.empty() || f.terrain || f.transitions || f.death || !f.impulse.empty())
    error = "give --obstacle alone, not with --state, --terrain, --transitions or --death";
  else if (!f.speeds.empty()) error = "--obstacle takes one --speed, not --speeds";
  else if (!f.aim.empty()) error = "--obstacle takes no --aim";
  else if (f.trails) error = "--obstacle takes no --trails";
  else if (f.frames && (*f.frames < 1 || *f.frames > kMaxFrames)) {
    error = "--frames must be 1.." + std::to_string(kMaxFrames) + ", got " + std::to_string(*f.frames);
  }
  if (!error.empty()) return std::nullopt;
  const HeightRange range = obstacle_height_range(*move);
  if (f.height && !(*f.height >= range.lo && *f.height <= range.hi)) {
    error = "--height " + number(*f.height) + " m is out of range for --obstacle " + f.obstacle + " (expected " +
            number(range.lo) + ".." + number(range.hi) + " m)";
    return std::nullopt;
  }
  if (f.speed && (*move == render::ObstacleMoveKind::ladder)) {
    error = "--obstacle ladder takes no --speed (he climbs at the ladder's pace)";
    return std::nullopt;
  }
  if (f.speed && !(*f.speed >= kMinSpeed && *f.speed <= kMaxSpeed)) {
    error = "--speed " + number(*f.speed) + " m/s is out of range for --obstacle (expected " + number(kMinSpeed) + ".." +
            number(kMaxSpeed) + ")";
    return std::nullopt;
  }
  Plan plan;
  plan.obstacle = true;
  render::ObstacleRequest& r = plan.obstacle_request;
  r.move = *move;
  r.height = f.height.value_or(render::default_obstacle_height(*move));
  r.speed = f.speed.value_or(kWalk);
  r.stills = f.frames.value_or(kObstacleStills);
  r.seed = f.seed;
  plan.obstacle_layout.title = f.obstacle + ": " + std::to_string(r.stills) + (r.stills == 1 ? " still" : " stills") +
                               " evenly in time over the move, one camera, seed " + std::to_string(f.seed);
  plan.default_out = f.out.empty();
  plan.out = f.out.empty() ? "contact_sheets/out/" + f.obstacle + ".png" : f.out;
  return plan;
}

}  // namespace sheet
