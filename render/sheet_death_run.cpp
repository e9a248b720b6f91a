#include "render/sheet_death_run.hpp"

#include "anim/character.hpp"

#include <algorithm>
#include <cmath>

namespace render {

namespace {

constexpr double kStillStep = 5e-4;  // m a step: a joint moving less is lying still

double largest_move(const anim::CharacterFrame& a, const anim::CharacterFrame& b) {
  double worst = 0.0;
  for (std::size_t i = 0; i < anim::kJointCount; ++i) worst = std::max(worst, glm::length(b.joints[i] - a.joints[i]));
  return worst;
}

}  // namespace

DeathRun sample_death_run(const DeathRunRequest& request, const anim::Tuning& tuning) {
  DeathRun run;
  run.request = request;
  const anim::Terrain flat;
  anim::CharacterSpec spec;
  spec.seed = request.seed;
  anim::Character c(spec, tuning, flat);
  const double dt = request.dt > 0.0 ? request.dt : 1.0 / 120.0;
  for (int i = 0; i < static_cast<int>(std::lround(request.live_time / dt)); ++i) {
    anim::Intent in;
    in.vx_desired = request.speed;
    c.step(in, dt, flat);
  }
  anim::Intent die;
  die.die = true;
  die.die_impulse = request.impulse;
  c.step(die, dt, flat);
  run.frames.push_back(c.frame());
  // Down until still (or max_down), then up, then standing for stand_time.
  double still = 0.0, t = dt;
  bool asked = false;
  int standing_steps = 0;
  const int max_steps = static_cast<int>((request.max_down + 10.0) / dt);
  for (int i = 0; i < max_steps && standing_steps * dt < request.stand_time; ++i, t += dt) {
    anim::Intent in;
    if (!asked && (still >= request.still_time || t >= request.max_down)) {
      in.get_up = true;
      asked = true;
      run.get_up_at = t;
    }
    c.step(in, dt, flat);
    const anim::CharacterFrame& f = c.frame();
    const double move = largest_move(run.frames.back(), f);
    if (!asked) {
      still = move < kStillStep ? still + dt : 0.0;
      if (still > 0.0 && run.rest_at == 0.0) run.rest_at = t;
      if (still == 0.0) run.rest_at = 0.0;
    }
    if (f.state == anim::State::getup) run.worst_step = std::max(run.worst_step, move);
    if (asked && f.state != anim::State::getup && f.state != anim::State::ragdoll) {
      if (standing_steps == 0) run.stood_at = t;
      ++standing_steps;
    }
    run.frames.push_back(f);
  }
  const int stills = std::clamp(request.stills, 1, 64);
  const std::size_t last = run.frames.size() - 1;
  for (int k = 0; k < stills; ++k)
    run.stills.push_back(stills == 1 ? 0 : static_cast<std::size_t>(std::lround(static_cast<double>(last) * k / (stills - 1))));
  return run;
}

}  // namespace render
