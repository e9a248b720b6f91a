// Ragdoll benchmark (issue 13): 1, 100 and 1000 ragdolls falling from varied poses of the real
// character (standing, walking, running, both facings, at several moments of the gait) with
// varied impulses, for 600 steps of 1/60 s (the peer setting), single thread, awake all along.
// Beside it, measured in the same run (STYLE.md 11): a baseline, the verlet integration alone of
// the same particles (the floor of any particle ragdoll: no bone, joint or ground), and, when
// built with Box2D 2.4 (libbox2d-dev), the same ragdoll in Box2D (bench/box2d_ragdoll: 11
// bodies, 10 revolute joints with limits, 8 + 3 iterations), awake beside ours awake (sleeping
// off, the headline) and with Box2D's default sleeping on beside ours asleep at rest (the
// game's setting: RagdollTuning::sleep). Timings are thread CPU time, best
// of N; the drift, the joint separation and the time to rest come from one more run that
// measures every step. Prints a table and writes a CSV (--csv PATH, default bench_ragdoll.csv
// in the working directory), whole or not at all.
#include "bench/bench_common.hpp"
#include "game/core/output_file.hpp"
#include "game/core/progress.hpp"
#include "tests/ragdoll_falls.hpp"
#ifdef SOLDIER_HAVE_BOX2D
#include "bench/box2d_ragdoll.hpp"
#endif

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

namespace {

constexpr double kDt = 1.0 / 60.0;
constexpr int kSteps = 600;
constexpr double kSpacing = 3.0;  // m between ragdolls along x

double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

// A fixed linear congruential sequence: the same impulses every run (no globals).
struct Lcg {
  std::uint64_t state;
  double next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) / static_cast<double>(1ULL << 53);
  }
};

// The poses: standing, walking and running soldiers of both facings, each at four moments
// of its gait (their phase differs), killed on flat ground.
std::vector<anim::RagdollBirth> pose_pool() {
  std::vector<anim::RagdollBirth> pool;
  for (double speed : {0.0, 1.4, 3.0, 5.0, 7.0})
    for (int facing : {1, -1})
      for (double t : {2.0, 2.13, 2.27, 2.4})
        pool.push_back(ragdoll_falls::die_after(speed * facing, t, {0.0, 0.0}, anim::Terrain{}, facing).birth);
  return pool;
}

// Ragdoll i: pose i of the pool moved to x = 3 i, with an impulse of 0..8 m/s in any
// direction (up, down, into the ground, backwards).
std::vector<anim::RagdollBirth> births(int n, const std::vector<anim::RagdollBirth>& pool) {
  Lcg rng{0x7a6d011ULL};
  std::vector<anim::RagdollBirth> out;
  for (int i = 0; i < n; ++i) {
    anim::RagdollBirth b = pool[static_cast<std::size_t>(i) % pool.size()];
    const anim::vec2 shift{kSpacing * i - b.joints[anim::index(anim::Joint::pelvis)].x, 0.0};
    for (anim::vec2& j : b.joints) j += shift;
    for (anim::vec2* p : {&b.rifle.butt, &b.rifle.grip, &b.rifle.fore, &b.rifle.muzzle}) *p += shift;
    const double angle = 2.0 * anim::kPi * rng.next(), speed = 8.0 * rng.next();
    b.impulse = speed * anim::direction(angle);
    out.push_back(b);
  }
  return out;
}

std::vector<anim::Ragdoll> born(const std::vector<anim::RagdollBirth>& b, const anim::RagdollTuning& tuning) {
  std::vector<anim::Ragdoll> out;
  out.reserve(b.size());
  for (const anim::RagdollBirth& x : b) out.push_back(anim::make_ragdoll(x, tuning, anim::Terrain{}));
  return out;
}

struct Row {
  int ragdolls = 0;
  double us = 0.0, us_sleep = 0.0, us_baseline = 0.0, us_box2d = -1.0, us_box2d_sleep = -1.0;
  double drift = 0.0, separation = -1.0;
  double rest_mean = 0.0, rest_max = 0.0;
  int resting = 0;
};

struct Work {
  game::Progress& progress;
  std::int64_t done = 0;
  void tick(std::int64_t n) { progress.update(done += n); }
};

// Best of `reps` CPU times of 600 steps of every ragdoll, us per ragdoll-step.
double time_ragdolls(const std::vector<anim::RagdollBirth>& b, const anim::RagdollTuning& tuning, int reps, Work& work) {
  const anim::Terrain flat;
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    std::vector<anim::Ragdoll> dolls = born(b, tuning);
    const double t0 = thread_cpu_ms();
    for (int s = 0; s < kSteps; ++s) {
      for (anim::Ragdoll& d : dolls) anim::step_ragdoll(d, kDt, flat, tuning);
      if (s % 60 == 59) work.tick(60 * static_cast<std::int64_t>(b.size()));
    }
    best = std::min(best, thread_cpu_ms() - t0);
  }
  return best * 1e3 / (static_cast<double>(kSteps) * static_cast<double>(b.size()));
}

// The baseline: the same particles, verlet integration alone (sub-steps as the ragdoll's).
double time_baseline(const std::vector<anim::RagdollBirth>& b, const anim::RagdollTuning& tuning, int reps, Work& work) {
  const int substeps = static_cast<int>(std::ceil(kDt / tuning.max_substep - 1e-9));
  const double h = kDt / substeps;
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    std::vector<anim::Ragdoll> dolls = born(b, tuning);
    const double t0 = thread_cpu_ms();
    for (int s = 0; s < kSteps; ++s) {
      for (anim::Ragdoll& d : dolls)
        for (int k = 0; k < substeps; ++k)
          anim::integrate_ragdoll(d.position, d.previous, 1.0, tuning.max_speed * h, {0.0, -anim::kGravity * h * h});
      if (s % 60 == 59) work.tick(60 * static_cast<std::int64_t>(b.size()));
    }
    best = std::min(best, thread_cpu_ms() - t0);
    volatile double sink = dolls.front().position[0].y;
    (void)sink;
  }
  return best * 1e3 / (static_cast<double>(kSteps) * static_cast<double>(b.size()));
}

// One run that measures every step: the worst bone drift, and when each body came to rest.
void measure_ragdolls(const std::vector<anim::RagdollBirth>& b, const anim::RagdollTuning& tuning, Row& row, Work& work) {
  const anim::Terrain flat;
  std::vector<anim::Ragdoll> dolls = born(b, tuning);
  std::vector<double> rest(dolls.size(), -1.0);
  for (int s = 0; s < kSteps; ++s) {
    for (std::size_t i = 0; i < dolls.size(); ++i) {
      anim::step_ragdoll(dolls[i], kDt, flat, tuning);
      row.drift = std::max(row.drift, anim::ragdoll_bone_drift(dolls[i]));
      // The rest detector waits rest_time before it says so: the body was still from then.
      if (rest[i] < 0.0 && dolls[i].rest.at_rest) rest[i] = dolls[i].age - dolls[i].rest.still_time;
    }
    if (s % 60 == 59) work.tick(60 * static_cast<std::int64_t>(b.size()));
  }
  double sum = 0.0;
  for (double t : rest) {
    if (t < 0.0) continue;
    ++row.resting;
    sum += t;
    row.rest_max = std::max(row.rest_max, t);
  }
  row.rest_mean = row.resting > 0 ? sum / row.resting : 0.0;
}

#ifdef SOLDIER_HAVE_BOX2D
// `sleeping`: Box2D's default (bodies at rest not stepped); else every body awake.
double time_box2d(const std::vector<anim::RagdollBirth>& b, const anim::RagdollTuning& tuning, bool sleeping, int reps,
                  Work& work) {
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    box2d_bench::Box2dRagdolls world(b, tuning, sleeping);
    const double t0 = thread_cpu_ms();
    for (int s = 0; s < kSteps; ++s) {
      world.step(kDt);
      if (s % 60 == 59) work.tick(60 * static_cast<std::int64_t>(b.size()));
    }
    best = std::min(best, thread_cpu_ms() - t0);
  }
  return best * 1e3 / (static_cast<double>(kSteps) * static_cast<double>(b.size()));
}

double measure_box2d(const std::vector<anim::RagdollBirth>& b, const anim::RagdollTuning& tuning, Work& work) {
  box2d_bench::Box2dRagdolls world(b, tuning);
  double worst = 0.0;
  for (int s = 0; s < kSteps; ++s) {
    world.step(kDt);
    worst = std::max(worst, world.worst_separation());
    if (s % 60 == 59) work.tick(60 * static_cast<std::int64_t>(b.size()));
  }
  return worst;
}
constexpr bool kHaveBox2d = true;
#else
constexpr bool kHaveBox2d = false;
#endif

// `text` as a whole number within [lo, hi], or false.
bool whole_number(const char* text, long lo, long hi, long& out) {
  char* end = nullptr;
  errno = 0;
  out = std::strtol(text, &end, 10);
  return errno == 0 && end != text && *end == '\0' && out >= lo && out <= hi;
}

int usage(const char* why) {
  std::fprintf(stderr, "bench_ragdoll: %s (see --help)\n", why);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string csv_path = bench::default_csv("bench_ragdoll.csv");
  int reps = 3;
  int newton = static_cast<int>(anim::RagdollTuning{}.newton_steps);
  bool box2d = kHaveBox2d;
  std::vector<int> counts = {1, 100, 1000};
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::printf(
          "usage: bench_ragdoll [--csv PATH] [--reps N] [--newton N] [--ragdolls N[,N...]] [--no-box2d]\n"
          "  1, 100 and 1000 ragdolls (or the --ragdolls counts) fall from varied poses with varied impulses for %d steps of 1/60 s,\n"
          "  one thread; thread CPU time, best of N (default 3). Beside them, measured in the same run:\n"
          "  the baseline (verlet integration alone of the same particles) and Box2D 2.4 on the same\n"
          "  ragdoll (%s), every body awake, and again with Box2D's default sleeping on beside ours\n"
          "  asleep at rest.\n"
          "  Writes a CSV (default bench_ragdoll.csv in the working directory; the build directory when\n"
          "  that is the source tree).\n"
          "  --newton N  bone solves per sub-step (RagdollTuning::newton_steps, default %d): fewer is\n"
          "              cheaper and drifts more\n"
          "  --ragdolls N[,N...]  the counts to measure (1..5000 each; default 1,100,1000)\n"
          "  --no-box2d  skip the Box2D mode\n",
          kSteps, kHaveBox2d ? "built in" : "not built: install libbox2d-dev and reconfigure", newton);
      return 0;
    }
    if (a == "--csv") {
      if (i + 1 >= argc) return usage("--csv needs a path");
      csv_path = argv[++i];
    } else if (a == "--reps" || a == "--newton") {
      const bool is_reps = a == "--reps";
      const long top = is_reps ? 100 : 16;
      if (i + 1 >= argc) return usage((a + " needs a number").c_str());
      long n = 0;
      if (!whole_number(argv[++i], 1, top, n))
        return usage((a + " takes a whole number from 1 to " + std::to_string(top) + ", not '" + argv[i] + "'").c_str());
      (is_reps ? reps : newton) = static_cast<int>(n);
    } else if (a == "--ragdolls") {
      if (i + 1 >= argc) return usage("--ragdolls needs a list of counts, as 1,100");
      counts.clear();
      const std::string list = argv[++i];
      for (std::size_t at = 0; at <= list.size();) {
        const std::size_t comma = std::min(list.find(',', at), list.size());
        long n = 0;
        if (!whole_number(list.substr(at, comma - at).c_str(), 1, 5000, n))
          return usage(("--ragdolls takes counts from 1 to 5000 separated by commas, not '" + list + "'").c_str());
        counts.push_back(static_cast<int>(n));
        at = comma + 1;
      }
    } else if (a == "--no-box2d") {
      box2d = false;
    } else {
      return usage(("unknown argument '" + a + "'").c_str());
    }
  }
  // The CSV's place is tried before the long run (and let go again, so an interrupted run
  // leaves nothing behind); it is written whole at the end.
  std::string error;
  if (!game::OutputFile::open(csv_path, error)) {
    std::fprintf(stderr, "bench_ragdoll: %s\n", error.c_str());
    return 1;
  }

  anim::RagdollTuning tuning;
  tuning.sleep = 0;  // awake all along, as Box2D with sleeping off: the cost of a fall
  tuning.newton_steps = newton;
  anim::RagdollTuning sleepy = tuning;
  sleepy.sleep = 1;
  const std::vector<anim::RagdollBirth> pool = pose_pool();
  std::int64_t total = 0;
  for (int n : counts) total += static_cast<std::int64_t>(n) * kSteps * (3 * reps + 1 + (box2d ? 2 * reps + 1 : 0));
  game::Progress progress("bench_ragdoll", total);
  Work work{progress};

  std::vector<Row> rows;
  for (int n : counts) {
    // A single ragdoll is timed over more repetitions: one fall is too short to time alone.
    const int r = n == 1 ? reps * 20 : reps;
    const std::vector<anim::RagdollBirth> b = births(n, pool);
    Row row;
    row.ragdolls = n;
    row.us = time_ragdolls(b, tuning, r, work);
    row.us_sleep = time_ragdolls(b, sleepy, r, work);
    row.us_baseline = time_baseline(b, tuning, r, work);
    measure_ragdolls(b, tuning, row, work);
#ifdef SOLDIER_HAVE_BOX2D
    if (box2d) {
      row.us_box2d = time_box2d(b, tuning, false, r, work);
      row.us_box2d_sleep = time_box2d(b, tuning, true, r, work);
      row.separation = measure_box2d(b, tuning, work);
    }
#endif
    rows.push_back(row);
  }

  std::printf("bench_ragdoll: %d steps of 1/60 s, one thread, thread CPU time, best of %d (x20 for 1 ragdoll), %d bone solves a sub-step\n",
              kSteps, reps, newton);
  std::printf("%8s %10s %10s %10s %9s %11s %10s %9s %12s %10s %11s %9s\n", "ragdolls", "us/step", "asleep", "baseline",
              "x base", "drift", "box2d us", "x box2d", "box2d sep", "rest s", "b2d asleep", "x asleep");
  for (const Row& w : rows) {
    char box[5][24] = {"skipped", "-", "-", "skipped", "-"};
    if (w.us_box2d >= 0.0) {
      std::snprintf(box[0], sizeof box[0], "%.3f", w.us_box2d);
      std::snprintf(box[1], sizeof box[1], "%.1f", w.us_box2d / w.us);
      std::snprintf(box[2], sizeof box[2], "%.1f%%", 100.0 * w.separation);
      std::snprintf(box[3], sizeof box[3], "%.3f", w.us_box2d_sleep);
      std::snprintf(box[4], sizeof box[4], "%.1f", w.us_box2d_sleep / w.us_sleep);
    }
    std::printf("%8d %10.3f %10.3f %10.3f %9.1f %10.2f%% %10s %9s %12s  %5.2f/%4.2f %11s %9s\n", w.ragdolls, w.us,
                w.us_sleep, w.us_baseline, w.us / w.us_baseline, 100.0 * w.drift, box[0], box[1], box[2], w.rest_mean,
                w.rest_max, box[3], box[4]);
  }
  std::printf("us/step: per ragdoll-step, awake; asleep: the same with bodies at rest asleep (the game's setting);\n"
              "baseline: verlet integration alone of the same particles; drift: worst bone error over every bone and\n"
              "step, share of the bone; box2d sep: worst joint separation, share of the child bone; x box2d: Box2D\n"
              "time / verlet time; rest s: mean / latest time at which a body came to rest (of %zu); b2d asleep:\n"
              "Box2D with its default sleeping on; x asleep: that / ours asleep\n",
              static_cast<std::size_t>(rows.back().ragdolls));

  std::unique_ptr<game::OutputFile> csv = game::OutputFile::open(csv_path, error);
  if (!csv) {
    std::fprintf(stderr, "bench_ragdoll: %s\n", error.c_str());
    return 1;
  }
  std::FILE* out = csv->stream();
  std::fprintf(out, "ragdolls,steps,us_per_ragdoll_step,worst_bone_drift,us_per_ragdoll_step_asleep,"
                    "baseline_us_per_ragdoll_step,x_baseline,box2d_us_per_ragdoll_step,box2d_worst_joint_separation,"
                    "box2d_over_verlet,rest_s_mean,rest_s_max,resting,reps,newton_steps,box2d_us_per_ragdoll_step_asleep,"
                    "box2d_asleep_over_verlet_asleep\n");
  for (const Row& w : rows) {
    std::fprintf(out, "%d,%d,%.4f,%.6f,%.4f,%.4f,%.3f,", w.ragdolls, kSteps, w.us, w.drift, w.us_sleep, w.us_baseline,
                 w.us / w.us_baseline);
    if (w.us_box2d >= 0.0) std::fprintf(out, "%.4f,%.6f,%.3f,", w.us_box2d, w.separation, w.us_box2d / w.us);
    else std::fprintf(out, ",,,");
    std::fprintf(out, "%.3f,%.3f,%d,%d,%d,", w.rest_mean, w.rest_max, w.resting, reps, newton);
    if (w.us_box2d_sleep >= 0.0) std::fprintf(out, "%.4f,%.3f\n", w.us_box2d_sleep, w.us_box2d_sleep / w.us_sleep);
    else std::fprintf(out, ",\n");
  }
  if (!csv->commit(error)) {
    std::fprintf(stderr, "bench_ragdoll: %s\n", error.c_str());
    return 1;
  }
  std::printf("wrote %s\n", csv_path.c_str());
  return 0;
}
