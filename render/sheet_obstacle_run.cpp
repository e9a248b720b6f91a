#include "render/sheet_obstacle_run.hpp"

#include "anim/character.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace render {

namespace {

constexpr std::array<std::string_view, 4> kNames = {"vault", "climb", "ladder", "drop"};
constexpr double kTimeLimit = 30.0;  // s: a move that has not happened by then never will
constexpr double kAfter = 0.5;       // s he is kept standing after the move

anim::Terrain mirrored(anim::Terrain t) {
  for (anim::Box& b : t.boxes) b.x = -(b.x + b.width);
  for (anim::Ladder& l : t.ladders) l.x = -l.x;
  return t;
}

}  // namespace

std::optional<ObstacleMoveKind> obstacle_move_from(std::string_view name) {
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (kNames[i] == name) return static_cast<ObstacleMoveKind>(i);
  return std::nullopt;
}

std::string_view obstacle_move_name(ObstacleMoveKind k) { return kNames[static_cast<std::size_t>(k)]; }

double default_obstacle_height(ObstacleMoveKind k) {
  switch (k) {
    case ObstacleMoveKind::vault: return 0.45;
    case ObstacleMoveKind::climb: return 1.3;
    case ObstacleMoveKind::ladder: return 3.0;
    case ObstacleMoveKind::drop: return 1.3;
  }
  return 1.0;
}

ObstacleCourse obstacle_course(const ObstacleRequest& r) {
  const double h = r.height > 0.0 ? r.height : default_obstacle_height(r.move);
  ObstacleCourse c;
  switch (r.move) {
    case ObstacleMoveKind::vault:
      c.terrain.boxes = {{2.5, 0.8, h}};
      c.start_x = 0.0;
      c.goal_x = 3.3 + 0.3;
      c.goal_y = 0.0;
      c.state = anim::State::vault;
      break;
    case ObstacleMoveKind::climb:
      c.terrain.boxes = {{2.5, 0.35, h}};
      c.start_x = 0.0;
      c.goal_x = 2.5 + 0.175;
      c.goal_y = h;
      c.state = anim::State::climb;
      break;
    case ObstacleMoveKind::drop:
      c.terrain.boxes = {{-4.0, 4.0, h}};
      c.start_x = -1.2;
      c.goal_x = 0.5;
      c.goal_y = 0.0;
      c.state = anim::State::drop;
      break;
    case ObstacleMoveKind::ladder:
      c.terrain.boxes = {{2.3, 3.5, h}};
      c.terrain.ladders = {{2.0, 0.0, h + 0.3}};
      c.start_x = 1.5;
      c.goal_x = 2.3 + 0.45;
      c.goal_y = h;
      c.state = anim::State::ladder;
      break;
  }
  if (r.facing < 0) {
    c.terrain = mirrored(c.terrain);
    c.start_x = -c.start_x;
    c.goal_x = -c.goal_x;
  }
  return c;
}

ObstacleRun sample_obstacle_run(const ObstacleRequest& r, const anim::Tuning& tuning) {
  ObstacleRun run;
  run.course = obstacle_course(r);
  const anim::Terrain& terrain = run.course.terrain;
  anim::CharacterSpec spec;
  spec.x = run.course.start_x;
  spec.facing = r.facing < 0 ? -1 : 1;
  spec.seed = r.seed;
  spec.height = r.body_height;
  anim::Character c(spec, tuning, terrain);
  const double dir = r.facing < 0 ? -1.0 : 1.0;
  bool started = false, done = false;
  double done_t = 0.0;
  run.closest.distance = 1e9;
  while (c.frame().t < kTimeLimit) {
    anim::Intent in;
    // Walk into it (or ask for the ladder) until the move is over; then stand.
    if (!done) {
      in.vx_desired = r.move == ObstacleMoveKind::ladder ? 0.0 : dir * r.speed;
      in.climb = r.move == ObstacleMoveKind::ladder ? 1 : 0;
    }
    c.step(in, r.dt, terrain);
    run.frames.push_back(c.frame());
    const anim::CharacterFrame& f = run.frames.back();
    const anim::BoxClearance clear = anim::closest_joint_to_boxes(f, terrain);
    if (clear.distance < run.closest.distance) run.closest = clear;
    const bool in_move = f.state == run.course.state;
    if (in_move && !started) {
      started = true;
      run.first = run.frames.size() - 1;
    }
    if (started && !done && !in_move) {
      done = true;
      done_t = f.t;
      run.last = run.frames.size() - 2;
    }
    if (done && f.t - done_t >= kAfter) break;
  }
  if (!done) {
    ObstacleRun none;
    none.course = run.course;
    return none;
  }
  run.found = true;
  run.duration = run.frames[run.last].t - run.frames[run.first].t;
  run.worst_step = anim::max_joint_step(std::span(run.frames).subspan(run.first, run.last - run.first + 1));
  run.worst_step.frame += run.first;
  const int n = std::clamp(r.stills, 1, 64);
  std::size_t i = run.first;
  for (int k = 0; k < n; ++k) {
    const double t = run.frames[run.first].t + (n == 1 ? 0.0 : run.duration * k / (n - 1));
    while (i < run.last && run.frames[i].t < t - 1e-9) ++i;
    run.stills.push_back(i);
  }
  return run;
}

}  // namespace render
