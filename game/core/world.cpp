#include "game/core/world.hpp"

#include "game/core/input_timeline.hpp"

#include <cassert>
#include <cmath>

namespace game {

World::World(anim::Terrain terrain, std::span<const anim::CharacterSpec> specs, const anim::Tuning& tuning)
    : terrain_(std::move(terrain)) {
  characters_.reserve(specs.size());
  for (const anim::CharacterSpec& spec : specs) characters_.emplace_back(spec, tuning, terrain_);
  for (const anim::Character& c : characters_) frames_.push_back(c.frame());
  last_shot_.assign(characters_.size(), -1.0);
  for (std::size_t i = 0; i < characters_.size(); ++i) annotate(i);
}

void World::annotate(std::size_t i) {
  anim::CharacterFrame& f = frames_[i];
  f.role = characters_[i].spec().role;
  f.team = characters_[i].spec().team;
  f.since_shot = last_shot_[i] >= 0.0 ? f.t - last_shot_[i] : -1.0;
}

void World::step(std::span<const anim::Intent> intents, double dt) {
  assert(intents.size() == characters_.size());
  // Soldiers are independent within a step: soldier i reads the terrain and intents[i] and
  // writes only characters_[i], frames_[i] and last_shot_[i], so the order they run in (and
  // the thread) never changes a bit (ARCHITECTURE.md conventions; STYLE.md 7).
  auto step_one = [&](std::size_t i) {
    characters_[i].step(intents[i], dt, terrain_);
    frames_[i] = characters_[i].frame();
    // The shot leaves the muzzle during this step: its age is counted from the step's start.
    if (intents[i].fire) last_shot_[i] = frames_[i].t - dt;
    annotate(i);
  };
  if (pool_ != nullptr) pool_->for_each(characters_.size(), step_one);
  else
    for (std::size_t i = 0; i < characters_.size(); ++i) step_one(i);
}

std::int64_t step_count(const Scenario& scenario) {
  return std::llround(scenario.duration / scenario.dt);
}

void simulate(const Scenario& scenario, const StepCallback& on_step, const anim::Tuning& tuning, ThreadPool* pool) {
  std::vector<anim::CharacterSpec> specs;
  std::vector<InputTimeline> timelines;
  for (const SoldierScript& s : scenario.soldiers) {
    specs.push_back(s.spec);
    timelines.emplace_back(s.inputs);
  }
  World world(scenario.terrain, specs, tuning);
  world.set_pool(pool);
  std::vector<anim::Intent> intents(world.size());
  const std::int64_t n = step_count(scenario);
  for (std::int64_t i = 0; i < n; ++i) {
    // Times are index * dt, never a running sum, so a long run does not drift.
    const double start = static_cast<double>(i) * scenario.dt;
    for (std::size_t s = 0; s < timelines.size(); ++s) intents[s] = timelines[s].next(start);
    world.step(intents, scenario.dt);
    if (!on_step(SimStep{i + 1, static_cast<double>(i + 1) * scenario.dt}, world.frames())) return;
  }
}

}  // namespace game
