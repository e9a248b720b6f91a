#pragma once
// The world both the headless commands and the window run: the terrain and one
// anim::Character per soldier, stepped together at a fixed dt (ARCHITECTURE.md).
#include "anim/character.hpp"
#include "anim/character_frame.hpp"
#include "anim/terrain.hpp"
#include "anim/tuning.hpp"
#include "game/core/scenario.hpp"
#include "game/core/thread_pool.hpp"

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace game {

class World {
 public:
  World(anim::Terrain terrain, std::span<const anim::CharacterSpec> specs,
        const anim::Tuning& tuning = {});

  // One fixed step of every soldier; intents[i] drives soldier i (sizes must match). With a
  // pool the soldiers are stepped on its threads: each reads only the shared terrain and
  // writes only his own state, so the frames are the same bytes on any thread count.
  void step(std::span<const anim::Intent> intents, double dt);

  // Soldier i's level of detail (anim::Character::set_detail; render/detail.hpp
  // solve_detail). A simulation whose trace is written keeps every soldier at full detail,
  // so the trace never depends on a view.
  void set_detail(std::size_t i, const anim::SolveDetail& detail) { characters_[i].set_detail(detail); }

  // The threads step() uses (null: the calling thread alone). The pool outlives its use.
  void set_pool(ThreadPool* pool) { pool_ = pool; }

  // The latest frame of each soldier, in soldier order.
  std::span<const anim::CharacterFrame> frames() const { return frames_; }
  const anim::Terrain& terrain() const { return terrain_; }
  std::size_t size() const { return characters_.size(); }
  // For the tuning panel and the window's own controls.
  anim::Character& character(std::size_t i) { return characters_[i]; }

 private:
  // Copies into frames_[i] what anim::Character does not fill (anim/character_frame.hpp):
  // the spec's role and team, and the time since his last shot.
  void annotate(std::size_t i);

  anim::Terrain terrain_;
  std::vector<anim::Character> characters_;
  std::vector<double> last_shot_;             // s, time of each soldier's last shot (< 0: none)
  std::vector<anim::CharacterFrame> frames_;  // copies, so frames() is one contiguous span
  ThreadPool* pool_ = nullptr;                // not owned
};

// Where a fixed-step run stands when the callback sees it.
struct SimStep {
  std::int64_t index = 0;  // 1 for the first step ... step_count(scenario)
  double t = 0.0;          // simulation time at the end of this step, index * dt, s
};

// The number of fixed steps that cover the scenario's duration.
std::int64_t step_count(const Scenario& scenario);

// Runs the scenario from t = 0 to its duration at its fixed dt, calling `on_step` after every
// step with the frames of all soldiers. Returning false from `on_step` stops early.
using StepCallback = std::function<bool(const SimStep&, std::span<const anim::CharacterFrame>)>;
// `pool`: the threads the soldiers are stepped on (null: the calling thread).
void simulate(const Scenario& scenario, const StepCallback& on_step, const anim::Tuning& tuning = {},
              ThreadPool* pool = nullptr);

}  // namespace game
