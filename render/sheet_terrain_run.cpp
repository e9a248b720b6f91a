#include "render/sheet_terrain_run.hpp"

#include "anim/character.hpp"
#include "anim/metrics.hpp"

#include <algorithm>
#include <cmath>

namespace render {

namespace {

// How far past the last still the run goes on, m: the last still's frame exists, and the
// measurements include the settle after the slope down.
constexpr double kRunOn = 1.0;
// Time allowed per metre at the requested speed, as a multiple of the nominal: the start
// from rest and the slower climb must fit well inside it.
constexpr double kTimeMargin = 3.0;
constexpr double kTimeSlack = 5.0;  // s, added for the acceleration from rest

// The first frame whose body x is at or past each still's x (x rises through a forward run).
std::vector<std::size_t> pick_by_distance(const std::vector<anim::CharacterFrame>& frames,
                                          const std::vector<double>& xs) {
  std::vector<std::size_t> picks;
  std::size_t i = 0;
  for (double x : xs) {
    while (i + 1 < frames.size() && frames[i].x < x) ++i;
    picks.push_back(i);
  }
  return picks;
}

}  // namespace

double max_planted_contact_error(const std::vector<anim::CharacterFrame>& frames, const anim::Terrain& terrain) {
  double worst = 0.0;
  for (const anim::CharacterFrame& f : frames) {
    for (anim::Side s : anim::kSides) {
      if (!f.contact[anim::index(s)]) continue;
      const anim::vec2 p = f.plant_world[anim::index(s)];
      worst = std::max(worst, std::abs(p.y - terrain.height_at(p.x)));
    }
  }
  return worst;
}

TerrainRun sample_terrain_run(const TerrainRunRequest& r, const anim::Terrain& terrain, const anim::Tuning& tuning) {
  anim::CharacterSpec spec;
  spec.x = r.start_x;
  spec.facing = 1;
  spec.seed = r.seed;
  anim::Character c(spec, tuning, terrain);

  TerrainRun run;
  run.speed = r.speed;
  const double end_x = r.last_x + kRunOn;
  const double give_up = kTimeMargin * (end_x - r.start_x) / std::max(r.speed, kMinTerrainSpeed) + kTimeSlack;
  anim::Intent intent{};
  intent.vx_desired = r.speed;
  while (c.frame().x < end_x) {
    if (c.frame().t > give_up) return TerrainRun{};  // never got there: say so with nothing
    c.step(intent, r.dt, terrain);
    run.frames.push_back(c.frame());
  }

  const int n = std::clamp(r.stills, 1, 64);
  for (int k = 0; k < n; ++k) {
    run.still_x.push_back(n == 1 ? r.first_x : r.first_x + (r.last_x - r.first_x) * k / (n - 1));
  }
  run.stills = pick_by_distance(run.frames, run.still_x);
  run.max_contact_drift = anim::measure_gait(run.frames, terrain).max_contact_drift;
  run.max_contact_ground = max_planted_contact_error(run.frames, terrain);
  return run;
}

}  // namespace render
