#include "render/sheet_cycle.hpp"

#include "anim/character.hpp"
#include "anim/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace render {

namespace {

// Longest a gait may take to show its cycles before the sampler gives up, s. The slowest
// cycle the tables allow (84 steps/min) lasts 1.4 s, so this is many cycles of margin.
constexpr double kGiveUpAfter = 60.0;

// The phase went from near 1 back to near 0 (it is advanced by distance, Rule 1, so at a
// steady speed it only ever wraps forward).
bool wrapped(double previous, double current) { return current < previous - 0.5; }

// For each k, the frame of [begin, end) whose u is closest to k / n (the first on a tie).
std::vector<std::size_t> pick_stills(const std::vector<double>& u, std::size_t begin, std::size_t end, int n) {
  std::vector<std::size_t> picks;
  for (int k = 0; k < n; ++k) {
    const double target = static_cast<double>(k) / n;
    std::size_t best = begin;
    for (std::size_t i = begin; i < end; ++i) {
      if (std::abs(u[i] - target) < std::abs(u[best] - target)) best = i;
    }
    picks.push_back(best);
  }
  return picks;
}

double mean_speed(const CycleSample& s) {
  if (s.cycle_end <= s.cycle_begin) return 0.0;
  double sum = 0.0;
  for (std::size_t i = s.cycle_begin; i < s.cycle_end; ++i) sum += std::abs(s.frames[i].vx);
  return sum / static_cast<double>(s.cycle_end - s.cycle_begin);
}

// The row's intent for the next step: the speed, and the aim point held at a fixed
// elevation from the soldier's near shoulder (so the rifle must track it through the cycle).
anim::Intent row_intent(const anim::Character& c, const CycleRequest& r) {
  anim::Intent intent{};
  intent.vx_desired = r.speed;
  intent.stance = r.stance;
  if (r.aim) {
    intent.has_aim = true;
    intent.aim_world = c.frame().joints[anim::index(anim::Joint::shoulder_near)] +
                       r.aim_range * anim::direction(r.aim_elevation);
  }
  return intent;
}

// Standing idle: three windows of request.idle_window seconds, the middle one is "the
// cycle", its coordinate the share of the window elapsed.
CycleSample sample_idle(anim::Character& c, const CycleRequest& r, const anim::Terrain& flat) {
  CycleSample s;
  s.periodic = false;
  const double start = std::max(0.0, r.settle_time - r.idle_window);
  const auto steps_per_window = static_cast<std::size_t>(std::llround(r.idle_window / r.dt));
  while (c.frame().t + 0.5 * r.dt < start) c.step(row_intent(c, r), r.dt, flat);
  for (std::size_t i = 0; i < 3 * steps_per_window; ++i) {
    c.step(row_intent(c, r), r.dt, flat);
    s.frames.push_back(c.frame());
  }
  s.cycle_begin = steps_per_window;
  s.cycle_end = 2 * steps_per_window;
  for (std::size_t i = 0; i < s.frames.size(); ++i) {
    s.u.push_back((static_cast<double>(i) - static_cast<double>(s.cycle_begin)) /
                  static_cast<double>(steps_per_window));
  }
  return s;
}

// A steady gait: warm up, let settle_cycles cycles pass, then record the context cycle, the
// recorded cycle and the next context cycle, each starting at a phase wrap.
CycleSample sample_gait(anim::Character& c, const CycleRequest& r, const anim::Terrain& flat) {
  CycleSample s;
  while (c.frame().t + 0.5 * r.dt < r.settle_time) c.step(row_intent(c, r), r.dt, flat);

  int wraps = 0;
  const int first_recorded_wrap = std::max(1, r.settle_cycles);
  double previous = c.frame().phase;
  while (c.frame().t < r.settle_time + kGiveUpAfter) {
    c.step(row_intent(c, r), r.dt, flat);
    const anim::CharacterFrame& f = c.frame();
    if (wrapped(previous, f.phase)) {
      ++wraps;
      if (wraps == first_recorded_wrap + 1) s.cycle_begin = s.frames.size();
      if (wraps == first_recorded_wrap + 2) s.cycle_end = s.frames.size();
      if (wraps == first_recorded_wrap + 3) break;
    }
    previous = f.phase;
    if (wraps >= first_recorded_wrap) {
      s.frames.push_back(f);
      s.u.push_back(f.phase);
    }
  }
  if (wraps < first_recorded_wrap + 3) return CycleSample{};  // no steady cycle: say so with nothing
  return s;
}

}  // namespace

CycleSample sample_cycle(const CycleRequest& request, const anim::Tuning& tuning) {
  if (request.transition) return sample_transition(request, tuning);
  const anim::Terrain flat{};  // empty polyline: flat ground at y = 0
  anim::CharacterSpec spec;
  spec.x = 0.0;
  spec.facing = 1;
  spec.seed = request.seed;
  anim::Character character(spec, tuning, flat);

  CycleSample s = request.speed < kIdleSpeed ? sample_idle(character, request, flat)
                                             : sample_gait(character, request, flat);
  if (s.frames.empty()) return s;
  s.stills = pick_stills(s.u, s.cycle_begin, s.cycle_end, std::clamp(request.stills, 1, 64));
  s.speed = mean_speed(s);
  s.aim = request.aim;
  s.aim_elevation = request.aim_elevation;
  return s;
}

CycleSample sample_transition(const CycleRequest& request, const anim::Tuning& tuning) {
  constexpr double kAfter = 0.25;        // s shown after the posture has settled
  constexpr double kLongest = 12.0;      // s: a change that has not settled by then is reported
  const anim::Terrain flat{};
  anim::CharacterSpec spec;
  spec.seed = request.seed;
  anim::Character c(spec, tuning, flat);
  CycleRequest held = request;
  while (c.frame().t + 0.5 * request.dt < request.settle_time) c.step(row_intent(c, held), request.dt, flat);
  CycleRequest asked = request;
  asked.stance = request.to;
  CycleSample s;
  s.periodic = false;
  const double goal = anim::stance_level(request.to);
  double settled_at = -1.0;
  const double start = c.frame().t;
  while (c.frame().t < start + kLongest) {
    c.step(row_intent(c, asked), request.dt, flat);
    s.frames.push_back(c.frame());
    if (settled_at < 0.0 && c.frame().posture_level == goal) settled_at = c.frame().t;
    if (settled_at >= 0.0 && c.frame().t >= settled_at + kAfter) break;
  }
  if (settled_at < 0.0) return CycleSample{};
  s.cycle_begin = 0;
  s.cycle_end = s.frames.size();
  for (std::size_t i = 0; i < s.frames.size(); ++i)
    s.u.push_back(static_cast<double>(i) / static_cast<double>(std::max<std::size_t>(1, s.frames.size() - 1)));
  const int n = std::clamp(request.stills, 1, 64);
  for (int k = 0; k < n; ++k) {
    const double target = n > 1 ? static_cast<double>(k) / (n - 1) : 0.0;
    s.stills.push_back(static_cast<std::size_t>(std::llround(target * static_cast<double>(s.frames.size() - 1))));
  }
  s.speed = std::abs(s.frames.back().vx);
  char label[160];
  auto name = [](anim::Stance st) {
    switch (st) {
      case anim::Stance::crouch: return "crouch";
      case anim::Stance::kneel: return "kneel";
      case anim::Stance::prone: return "prone";
      case anim::Stance::stand: break;
    }
    return "stand";
  };
  std::snprintf(label, sizeof label, "%s -> %s%s   %.2f s, stills every %.2f s   slide %.1f mm", name(request.stance),
                name(request.to), request.speed > 0.0 ? " while moving" : " at rest", settled_at - start,
                n > 1 ? (s.frames.back().t - start) / (n - 1) : 0.0,
                1000.0 * anim::measure_gait(s.frames, flat).max_contact_drift);
  s.label = label;
  return s;
}

std::vector<anim::CharacterFrame> cycle_frames(const CycleSample& s) {
  return {s.frames.begin() + static_cast<std::ptrdiff_t>(s.cycle_begin),
          s.frames.begin() + static_cast<std::ptrdiff_t>(s.cycle_end)};
}

}  // namespace render
