#pragma once
// The data of the obstacle contact sheet (`contact-sheet --obstacle vault|climb|ladder|drop`)
// and of the obstacle tests: a course built for one move (a crate, a wall, a ladder to a
// platform, an edge to get down from), a soldier walked into it, every step kept, and the move
// itself found in the trace (the frames whose state is the move's) with its stills picked
// evenly in TIME over it. Simulates (anim), draws nothing.
#include "anim/character_frame.hpp"
#include "anim/states/obstacle_metrics.hpp"
#include "anim/terrain.hpp"
#include "anim/tuning.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace render {

enum class ObstacleMoveKind : std::uint8_t { vault, climb, ladder, drop };
std::optional<ObstacleMoveKind> obstacle_move_from(std::string_view name);  // "vault", "climb", ...
std::string_view obstacle_move_name(ObstacleMoveKind k);

struct ObstacleRequest {
  ObstacleMoveKind move = ObstacleMoveKind::vault;
  double height = 0.0;      // m: the box, wall, platform or edge; <= 0 takes the move's default
  double speed = 1.4;       // m/s walked (or run) into it
  int facing = 1;           // +1 the course runs along +x, -1 along -x (mirrored)
  int stills = 10;          // 1..64
  std::uint64_t seed = 0;
  double dt = 1.0 / 120.0;  // s
  double body_height = 1.78;  // m, the soldier's standing height (a squad's men differ: 1.72..1.84)
};

// The default heights (m): the sandbox level's crate, wall and platform (assets/levels).
double default_obstacle_height(ObstacleMoveKind k);

// The course for a request, and where he starts on it.
struct ObstacleCourse {
  anim::Terrain terrain;
  double start_x = 0.0;    // world m
  double goal_x = 0.0;     // world m: where the move should leave him (past the box, on the platform, below the edge)
  double goal_y = 0.0;     // world m: the surface he should stand on there
  anim::State state = anim::State::vault;  // the trace state of the move
};
ObstacleCourse obstacle_course(const ObstacleRequest& r);

struct ObstacleRun {
  ObstacleCourse course;
  std::vector<anim::CharacterFrame> frames;  // every step
  std::size_t first = 0, last = 0;           // the move: frames[first..last] have its state
  std::vector<std::size_t> stills;           // indices into frames, evenly in time over the move
  double duration = 0.0;                     // s the move took
  anim::JointStep worst_step{};              // over the move
  anim::BoxClearance closest{};              // over the whole run
  bool found = false;                        // the move happened (else the rest is empty)
};

// Simulates: walks him into the obstacle (at a ladder: asks to climb it, up and off at the
// top) and on until he has stood for a moment after the move.
ObstacleRun sample_obstacle_run(const ObstacleRequest& r, const anim::Tuning& tuning = {});

}  // namespace render
