// Soak (issue 17): N soldiers driven by random inputs for T simulated seconds over random
// ground, through the same game::simulate the headless commands run. Reports the count of
// non-finite values that reached a frame, the worst bone-length error while a soldier stands
// at rest (a skeleton that creeps shows here first) and over every frame outside a turn, and
// a 64-bit hash of every frame's bits: two runs with the same flags must print the same hash
// (DEVELOPERS.md: same input, same output, byte for byte). Not a test and never timed in one;
// it runs for as long as asked, e.g. an hour:
//   build/bin/bench_soak --soldiers 100 --seconds 12000
// Exit status 1 when a value was non-finite or a bone at rest is off by more than 1 mm.
#include "anim/metrics.hpp"
#include "bench/bench_common.hpp"
#include "game/core/cli_checks.hpp"
#include "game/core/frame_checks.hpp"
#include "game/core/scenario.hpp"
#include "game/core/world.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace {

// splitmix64 (Steele, Lea & Flood 2014): a small, fixed, portable generator.
struct Random {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform(double lo, double hi) { return lo + (hi - lo) * static_cast<double>(next() >> 11) * 0x1p-53; }
  bool chance(double p) { return uniform(0.0, 1.0) < p; }
};

// FNV-1a over the bytes of doubles: any change of any bit of any frame changes it.
struct Hash {
  std::uint64_t h = 0xcbf29ce484222325ull;
  void add(double v) {
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    for (int i = 0; i < 8; ++i) {
      h ^= (bits >> (8 * i)) & 0xffu;
      h *= 0x100000001b3ull;
    }
  }
  void add(anim::vec2 p) {
    add(p.x);
    add(p.y);
  }
};

struct Options {
  int soldiers = 100;
  double seconds = 600.0;
  std::uint64_t seed = 1;
};

// Ground of random slopes (up to 25 degrees) and steps (up to 0.3 m) over the whole run.
anim::Terrain random_ground(Random& rng, double half_width) {
  anim::Terrain t;
  double x = -half_width, y = 0.0;
  t.ground.push_back({x, y});
  while (x < half_width) {
    if (rng.chance(0.3)) {  // a step: a riser 1 cm wide
      x += 0.01;
      y += rng.uniform(-0.3, 0.3);
    } else {
      const double run = rng.uniform(1.0, 8.0);
      x += run;
      y += run * std::tan(rng.uniform(-0.44, 0.44));
    }
    y = std::clamp(y, -20.0, 20.0);
    t.ground.push_back({x, y});
  }
  for (int i = 0; i < 12; ++i) {
    const double bx = rng.uniform(-half_width, half_width);
    t.boxes.push_back({bx, rng.uniform(0.3, 2.0), rng.uniform(0.2, 1.6)});
  }
  return t;
}

// Random inputs: every 0.3 to 4 s a new speed (a quarter of them a stop), a new aim point
// (sometimes behind, sometimes none given yet) and now and then a shot.
std::vector<game::InputEvent> random_inputs(Random& rng, double seconds, double x0) {
  std::vector<game::InputEvent> inputs;
  double t = 0.0;
  while (t < seconds) {
    game::InputEvent e;
    e.t = t;
    e.vx = rng.chance(0.25) ? 0.0 : rng.uniform(-8.0, 8.0);
    if (rng.chance(0.8)) e.aim = anim::vec2{x0 + rng.uniform(-40.0, 40.0), rng.uniform(-5.0, 15.0)};
    e.fire = rng.chance(0.2);
    inputs.push_back(e);
    t += rng.uniform(0.3, 4.0);
  }
  return inputs;
}

// The command line; the exit status when the program should stop now (bench_common.hpp).
std::optional<int> parse_args(int argc, char** argv, Options& o) {
  CLI::App app{"Soak: N soldiers with random inputs over random ground for T simulated seconds; prints the "
               "non-finite count, the worst bone error at rest and a hash (exit 1 on a non-finite frame or a bone "
               "error at rest above 1 mm)",
               "bench_soak"};
  app.add_option("--soldiers", o.soldiers, "Soldiers (1..10000, default 100)")->check(CLI::Range(1, 10000));
  app.add_option("--seconds", o.seconds, "Simulated seconds (0 < T <= 1e6, default 600)")
      ->check(CLI::Range(1e-6, 1e6));
  app.add_option("--seed", o.seed, "Seed of the inputs, the ground and the soldiers (0..2^64-1, default 1)")
      ->check(game::seed_number());
  return bench::parse(app, argc, argv);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (const std::optional<int> stop = parse_args(argc, argv, o)) return *stop;
  Random rng{o.seed};
  game::Scenario scenario;
  scenario.duration = o.seconds;
  scenario.seed = o.seed;
  // A soldier runs at most 8 m/s, but the random speeds mostly cancel out; the ground is
  // wide enough that hardly anyone walks off it (past its ends it continues flat).
  scenario.terrain = random_ground(rng, 400.0 + 5.0 * o.soldiers);
  for (int i = 0; i < o.soldiers; ++i) {
    game::SoldierScript s;
    s.spec.id = "s" + std::to_string(i);
    s.spec.x = 5.0 * (i - o.soldiers / 2);
    s.spec.facing = rng.chance(0.5) ? 1 : -1;
    s.spec.height = rng.uniform(1.2, 2.3);
    s.spec.seed = game::soldier_seed(o.seed, static_cast<std::size_t>(i));
    s.inputs = random_inputs(rng, o.seconds, s.spec.x);
    scenario.soldiers.push_back(std::move(s));
  }

  // "At rest": asked to stand (vx 0) and barely moving for the last second.
  std::vector<double> rest_since(static_cast<std::size_t>(o.soldiers), -1.0);
  std::vector<std::size_t> cursor(static_cast<std::size_t>(o.soldiers), 0);
  long long nonfinite = 0, frames_at_rest = 0, frames = 0;
  double worst_rest = 0.0, worst_moving = 0.0;
  std::string worst_where = "none";  // the frame of worst_moving
  Hash hash;
  const auto start = std::chrono::steady_clock::now();
  double next_report = 60.0;
  game::simulate(scenario, [&](const game::SimStep& step, std::span<const anim::CharacterFrame> all) {
    for (std::size_t i = 0; i < all.size(); ++i) {
      const anim::CharacterFrame& f = all[i];
      ++frames;
      if (!game::frame_is_finite(f)) {
        ++nonfinite;
        continue;
      }
      hash.add(f.x);
      hash.add(f.vx);
      hash.add(f.phase);
      for (const anim::vec2& p : f.joints) hash.add(p);
      hash.add(f.rifle.muzzle);
      for (const anim::GearChainView& c : f.gear.chains())
        for (anim::vec2 p : c.points) hash.add(p);
      const std::vector<game::InputEvent>& in = scenario.soldiers[i].inputs;
      while (cursor[i] + 1 < in.size() && in[cursor[i] + 1].t <= step.t) ++cursor[i];
      const bool asked_to_stand = in[cursor[i]].vx && *in[cursor[i]].vx == 0.0;
      if (!asked_to_stand || std::abs(f.vx) > 0.01) rest_since[i] = -1.0;
      else if (rest_since[i] < 0.0) rest_since[i] = step.t;
      if (std::abs(f.body.x_scale()) < 1.0) continue;  // mid-turn the figure is foreshortened
      const double e = anim::bone_error(f);
      if (e > worst_moving) {
        worst_moving = e;
        worst_where = "soldier " + scenario.soldiers[i].spec.id + " at t = " + std::to_string(step.t) +
                                           " s, " + std::string(anim::state_name(f.state)) + ", vx " +
                                           std::to_string(f.vx) + " m/s, x " + std::to_string(f.x) + " m";
      }
      if (rest_since[i] >= 0.0 && step.t - rest_since[i] >= 1.0) {
        worst_rest = std::max(worst_rest, e);
        ++frames_at_rest;
      }
    }
    if (step.t >= next_report) {
      next_report += 60.0;
      const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::fprintf(stderr, "bench_soak: %.0f / %.0f s simulated, %.0f s wall, non-finite %lld, rest %.3g m\n", step.t,
                   o.seconds, wall, nonfinite, worst_rest);
    }
    return true;
  });
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("soldiers          %d\n", o.soldiers);
  std::printf("simulated         %.1f s (%lld soldier-frames at dt %.6f s)\n", o.seconds, frames, scenario.dt);
  std::printf("wall              %.1f s (%.0f soldier-frames/s)\n", wall, static_cast<double>(frames) / wall);
  std::printf("non-finite        %lld frames\n", nonfinite);
  std::printf("bone error, rest  %.3e m over %lld frames (standing >= 1 s)\n", worst_rest, frames_at_rest);
  std::printf("bone error, any   %.3e m (every frame outside a turn; worst: %s)\n", worst_moving, worst_where.c_str());
  std::printf("hash              %016llx\n", static_cast<unsigned long long>(hash.h));
  return nonfinite == 0 && worst_rest <= 1e-3 ? 0 : 1;
}
