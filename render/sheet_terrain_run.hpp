#pragma once
// The data of one row of the terrain contact sheet: a soldier walked or run at a steady
// requested speed over the course (render/sheet_course), every simulation step kept, and
// the stills picked evenly in DISTANCE along the course (a cycle-phase pick would bunch
// them on one stretch of ground). Simulates (anim), draws nothing.
#include "anim/character_frame.hpp"
#include "anim/terrain.hpp"
#include "anim/tuning.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace render {

struct TerrainRunRequest {
  double speed = 1.4;       // m/s requested, kMinTerrainSpeed..8
  int stills = 14;          // stills along the course, 1..64
  std::uint64_t seed = 0;   // per-step variation seed (Rule 10)
  double dt = 1.0 / 120.0;  // s, the simulation's fixed step
  double start_x = -2.0;    // world m, where the soldier starts at rest
  double first_x = 0.0;     // world m, body x of the first still
  double last_x = 20.0;     // world m, body x of the last still (> first_x when stills > 1)
};

// Slower than this the course takes minutes to cross and the row says nothing new, m/s.
inline constexpr double kMinTerrainSpeed = 0.5;

struct TerrainRun {
  std::vector<anim::CharacterFrame> frames;  // every step, from the start to past last_x
  std::vector<double> still_x;               // world m, the body x each still was asked for
  std::vector<std::size_t> stills;           // indices into frames: the first frame at or past still_x
  double speed = 0.0;                        // m/s requested
  // Measured over every frame of the run (Rule 8; issue 6's "on the ground within 5 mm, still
  // within 1 mm"):
  double max_contact_drift = 0.0;   // m, largest horizontal travel of a planted foot's bearing point
                                    // (heel, ball or tip, Rule 4) while it bears
  double max_contact_ground = 0.0;  // m, largest |bearing point y - ground height under it| while planted
};

// Simulates the run over `terrain`. A soldier that does not pass last_x within a time limit
// (several times the time the requested speed needs) comes back with no frames.
TerrainRun sample_terrain_run(const TerrainRunRequest& request, const anim::Terrain& terrain,
                              const anim::Tuning& tuning = {});

// The largest |y - terrain.height_at(x)| of a planted foot's bearing point (plant_world: the
// heel through the heel rocker, the ball, then the boot's tip) over `frames`, m.
double max_planted_contact_error(const std::vector<anim::CharacterFrame>& frames, const anim::Terrain& terrain);

}  // namespace render
