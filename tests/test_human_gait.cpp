// The gait against published human motion (issue 10; ../shared/design/MOTION.md, with its
// sources): the knee, ankle and heel at the gait's events, the swing's clearance, the
// pelvis path's range, vertical speed and acceleration, and the trunk's lean, measured by
// anim/gait_kinematics over steady speeds. Each bar is MOTION.md's range, widened only where
// the note beside it says why. The presence of the motion is asserted with its absence of
// faults: the knee straightens AND bends, the heel rises, the pelvis rises and falls.
#include "anim/gait/gait_tuning.hpp"
#include "anim/gait_kinematics.hpp"
#include "gait_runs.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <string>
#include <utility>

using namespace anim;

namespace {

GaitKinematics measure(double v, double seconds = 8.0) {
  const Terrain flat;
  const auto frames = gait_runs::run(gait_runs::steady(v), seconds, 1, flat);
  KinematicsMeter meter(flat);
  for (std::size_t i = frames.size() / 3; i < frames.size(); ++i) meter.add(frames[i]);  // steady state
  return meter.result();
}

void report(double v, const GaitKinematics& k) {
  MESSAGE(v << " m/s: knee contact " << k.knee_contact << ", loading " << k.knee_loading << ", mid-stance "
            << k.knee_midstance << ", stance peak " << k.knee_stance_peak << ", toe-off " << k.knee_toeoff
            << ", swing peak " << k.knee_swing_peak << " deg; strike " << k.strike_pitch << " deg toe-up, flat at "
            << k.foot_flat_gc << "% GC, heel rise " << k.heel_rise_gc << "% GC, stance " << k.stance_gc
            << "% GC; dorsiflexion " << k.dorsiflexion_peak << ", plantarflexion at toe-off " << k.plantarflexion_toeoff
            << " deg; swing lift " << k.swing_lift * 100.0 << " cm, clearance " << k.swing_clearance * 100.0
            << " cm; pelvis range " << k.pelvis_range * 100.0 << " cm, |vy| " << k.pelvis_speed << " m/s, |ay| "
            << k.pelvis_accel << " m/s^2; trunk " << k.trunk_lean << " deg");
}

}  // namespace

TEST_CASE("walking 1.2-1.6 m/s: heel strike, loading, a straight mid-stance, heel rise, push-off (Perry 1992)") {
  for (double v : {1.2, 1.4, 1.6}) {
    CAPTURE(v);
    const GaitKinematics k = measure(v);
    report(v, k);
    REQUIRE(k.cycles >= 8);
    CHECK(k.knee_contact <= 5.0);         // 0-5 deg at heel strike (ours 4.6-4.7: the heel rocker lets
                                          // the foot down as fast as keeps the knee on its profile)
                                          // Ours 9.4-10.2 (it was 12-14.5 before the trailing heel
                                          // rose at 33-37 % GC and the landing leg's hold carried
                                          // on through the weight acceptance): still above the mean
    CHECK(k.knee_loading >= 12.0);        // the loading response's peak, 15-20 deg
    CHECK(k.knee_loading <= 23.0);        // ... deeper the faster (Lelas et al. 2003): ours 16.9 /
                                          // 19.3 / 22.5 at 1.2 / 1.4 / 1.6 m/s
    CHECK(k.knee_midstance >= 3.0);       // nearly straight at mid-stance, 5-10 deg
    CHECK(k.knee_midstance <= 12.0);
    CHECK(k.knee_loading > k.knee_midstance + 5.0);  // it bends, then straightens
    CHECK(k.knee_toeoff >= 30.0);         // 35-40 deg at toe-off
    CHECK(k.knee_toeoff <= 42.0);
    CHECK(k.knee_swing_peak >= 55.0);     // 60-65 deg in swing
    CHECK(k.knee_swing_peak <= 70.0);
    CHECK(k.strike_pitch >= 10.0);        // heel first, toe 15-20 deg up
    CHECK(k.strike_pitch <= 22.0);
    CHECK(k.foot_flat_gc >= 4.0);         // flat by 8-10 % GC
    CHECK(k.foot_flat_gc <= 12.0);
    CHECK(k.heel_rise_gc >= 30.0);        // the heel rises from 30-40 % GC
    CHECK(k.heel_rise_gc <= 42.0);
    CHECK(k.stance_gc >= 56.0);           // stance ~60-62 % GC at 1.4 m/s
    CHECK(k.stance_gc <= 64.0);
    CHECK(k.plantarflexion_toeoff >= 10.0);  // 15-20 deg plantarflexion at toe-off
    CHECK(k.plantarflexion_toeoff <= 25.0);
    CHECK(k.swing_clearance >= 0.008);    // toe clearance 1-2 cm at its lowest
    CHECK(k.swing_clearance <= 0.025);
    CHECK(k.swing_lift <= 0.06);          // the foot a few cm up at most (no marching)
    CHECK(k.pelvis_range >= 0.03);        // 4-5 cm peak to peak at 1.4 m/s
    CHECK(k.pelvis_range <= 0.065);
    CHECK(k.pelvis_speed <= 0.45);        // people: about 0.3 m/s (ours 0.19-0.32)
    // A force plate's 0.7-1.2 body weights: the centre of mass within about +-3 m/s^2 (MOTION.md).
    // At 1.6 m/s people's range is some 4.8 cm (Orendurff et al. 2004) and the trough of the
    // vertical force at mid-stance near 0.6 body weights (-4 m/s^2): there 3.5. Ours 1.8 / 2.6
    // / 3.3 on the jerk-limited planned path (it was 70-170, then 6.4 / 5.7 / 10.3 on the legs'
    // arcs, then 3.0 / 4.3 / 5.3 on a half cosine with a touchdown's rise).
    CHECK(k.pelvis_accel <= (v < 1.5 ? 3.0 : 3.5));
    CHECK(k.trunk_lean >= 0.0);           // nearly upright, 0-5 deg forward
    CHECK(k.trunk_lean <= 5.0);
  }
}

TEST_CASE("the meter counts a touchdown only where a foot comes down, not where the measuring starts") {
  // Started mid-stance, the first frame's planted foot has not just touched down: taking it
  // for one counted a mid-stance knee (~17 deg) as a heel strike's and lifted the walk's mean
  // knee at contact by a degree or more (found in issue 10's second look).
  const Terrain flat;
  const auto frames = gait_runs::run(gait_runs::steady(1.4), 8.0, 1, flat);
  std::size_t start = frames.size() / 3;
  while (!(frames[start].contact[0] && frames[start - 30].contact[0] && frames[start - 1].contact[0])) ++start;
  KinematicsMeter meter(flat);
  double sum = 0.0;
  int touchdowns = 0;
  for (std::size_t i = start; i < frames.size(); ++i) {
    meter.add(frames[i]);
    for (Side s : kSides)
      if (i > start && frames[i].contact[index(s)] && !frames[i - 1].contact[index(s)]) {
        sum += knee_flexion_deg(frames[i], s);
        ++touchdowns;
      }
  }
  const GaitKinematics k = meter.result();
  REQUIRE(touchdowns >= 8);
  CHECK(k.cycles <= touchdowns);
  CHECK(k.knee_contact == doctest::Approx(sum / touchdowns).epsilon(0.03));
}

TEST_CASE("walking 0.8-2.0 m/s: the knee bends into the loading response at a person's rate, not at the plant") {
  // The knee flexes from heel strike through the loading response at ~150 deg/s (Winter 2009:
  // 3-5 deg at heel strike, ~8 at 4 % GC, the 15-20 deg peak at ~15 %): over the first 1/120 s
  // after a touchdown a couple of degrees. Taking the hips' whole approach at the plant (the foot
  // let down slowly) bent it 5-6 deg in that one step, and a leg coming down on a sinking pelvis
  // more. The presence of the motion too: it has bent by 5 deg or more a tenth of a cycle on
  // (a slow walk's loading response is the shallowest: ~11 deg at its peak).
  const Terrain flat;
  for (double v : {0.8, 1.2, 1.4, 1.6, 2.0}) {
    CAPTURE(v);
    const auto frames = gait_runs::run(gait_runs::steady(v), 8.0, 1, flat);
    const double cycle = 120.0 / GaitTuning{}.cadence_spm.at(v);  // s, two steps
    const std::size_t tenth = static_cast<std::size_t>(0.1 * cycle / gait_runs::kDt);
    int touchdowns = 0;
    double worst_step = 0.0, least_bend = 1e9;
    for (std::size_t i = frames.size() / 3; i + tenth < frames.size(); ++i)
      for (Side s : kSides) {
        if (!frames[i].contact[index(s)] || frames[i - 1].contact[index(s)]) continue;
        ++touchdowns;
        const double at = knee_flexion_deg(frames[i], s);
        worst_step = std::max(worst_step, at - knee_flexion_deg(frames[i - 1], s));
        least_bend = std::min(least_bend, knee_flexion_deg(frames[i + tenth], s) - at);
      }
    MESSAGE(v << " m/s: the knee's first step after a touchdown at most " << worst_step << " deg; a tenth of a cycle on bent by "
              << least_bend << " deg or more");
    REQUIRE(touchdowns >= 6);
    CHECK(worst_step <= (v < 1.8 ? 3.0 : 4.0));  // ours 1.7 / 2.2 / 2.4 / 2.6 / 3.9 (it was 3.7 / 6.2 / 7.3 / 8.0 to 2.0)
    CHECK(least_bend >= 5.0);
  }
}

TEST_CASE("walking 0.8-2.0 m/s: the pelvis path rises and falls without a corner at every walking pace") {
  for (double v : {0.8, 1.0, 1.8, 2.0}) {
    CAPTURE(v);
    const GaitKinematics k = measure(v, 10.0);
    report(v, k);
    REQUIRE(k.cycles >= 6);
    CHECK(k.pelvis_range >= 0.015);   // it rises and falls (Rule 8's trap), more with the stride
    CHECK(k.pelvis_accel <= 4.5);     // a fast walk's force plate: some 1.4 body weights; ours 0.7 /
                                      // 1.2 / 4.0 / 4.1 (it was 4.9 / 5.5 / 17.5 / 49.5, then 1.5 /
                                      // 2.0 / 6.4 / 5.9)
    CHECK(k.knee_midstance >= 3.0);   // the stance knee never locks straight (5-10 deg)
    CHECK(k.knee_contact <= 6.5);     // and lands nearly straight (0-5 deg; ours 4.3 / 4.4 / 5.1 / 6.1)
  }
}

TEST_CASE("walking 0.4-0.6 m/s: the landing leg takes the hips over at its touchdown without a drop") {
  // Slower than pelvis_plan_speed the hips ride the legs' blend, above the planned path, and a
  // landing leg's hold decides them up to its touchdown: it closes onto the reach the leg will
  // have, so the hand-over is no step (it was a 5 mm drop in one frame: 81 m/s^2 at 0.4 m/s).
  for (double v : {0.4, 0.5}) {
    CAPTURE(v);
    const GaitKinematics k = measure(v, 10.0);
    report(v, k);
    REQUIRE(k.cycles >= 4);
    CHECK(k.pelvis_range >= 0.005);  // it rises and falls (Rule 8's trap)
    CHECK(k.pelvis_accel <= 20.0);   // ours 13.8 / 14.9 (a person's few m/s^2: not there yet, issue 10)
  }
}

TEST_CASE("a turn-around from a walk into a run back: the hips take the re-planned step without a jump") {
  // Walking at 1.4 m/s, told at 3 s to run back at 4 m/s: the landing re-planned, the walk's
  // mode changing twice. The model's steps are eased out (pelvis_seam); it was 230 m/s^2.
  const Terrain flat;
  const auto frames = gait_runs::run([](double t, Intent& in) { in.vx_desired = t < 3.0 ? 1.4 : -4.0; }, 7.0, 1, flat);
  double worst = 0.0, lowest = 1e9, highest = -1e9;
  for (std::size_t i = 1; i + 1 < frames.size(); ++i) {
    const double a = gait_runs::pelvis_ay(frames, i);
    if (i * gait_runs::kDt > 2.5) worst = std::max(worst, std::abs(a));
    lowest = std::min(lowest, frames[i].joints[index(Joint::pelvis)].y);
    highest = std::max(highest, frames[i].joints[index(Joint::pelvis)].y);
  }
  MESSAGE("worst |ay| " << worst << " m/s^2");
  CHECK(worst <= 110.0);           // ours 95: still far from a force plate's few (issue 10)
  CHECK(highest - lowest > 0.03);  // the hips do go down into the run and up again
}

TEST_CASE("a stop from a walk: where the standing legs take over, the hips do not drop on") {
  // The stop's standing legs take over from the walk's path as the gait's mode changes: that
  // frame is a seam of the model whatever its size (pelvis_seam's formula). Passed as it was
  // when smaller than the seam threshold, the drop's speed carried on for a frame more, and the
  // model's next change was taken for the step: two drops in a row. And a foot that had just
  // landed toe up had its reach cut to a flat foot's for the frame the stop began (Gait::
  // planted_roll_input), a dip of 7 mm. These stops hit one or the other (before: 66, 44, 40,
  // 82, 45 and 57 m/s^2); other stop moments still reach up to 50 (issue 10).
  const Terrain flat;
  const std::array<std::pair<double, double>, 6> stops = {{{1.4, 4.0}, {1.4, 3.5}, {0.8, 3.1}, {0.8, 3.0}, {1.1, 3.2}, {1.4, 3.4}}};
  for (const auto& [v, at] : stops) {
    CAPTURE(v);
    CAPTURE(at);
    const auto frames = gait_runs::run([&](double t, Intent& in) { in.vx_desired = t < at ? v : 0.0; }, at + 2.5, 1, flat);
    auto y = [&](std::size_t i) { return frames[i].joints[index(Joint::pelvis)].y; };
    double worst = 0.0, walk_high = -1e9;
    for (std::size_t i = 1; i + 1 < frames.size(); ++i) {
      const double t = static_cast<double>(i) * gait_runs::kDt;
      if (t > at - 1.0 && t < at) walk_high = std::max(walk_high, y(i));
      if (t > at - 0.5) worst = std::max(worst, std::abs(gait_runs::pelvis_ay(frames, i)));
    }
    MESSAGE("stop from " << v << " m/s at " << at << " s: worst |ay| " << worst << " m/s^2");
    CHECK(worst <= 20.0);                             // ours 16 / 15 / 11 / 6 / 15 / 10
    CHECK(frames.back().state == State::stand);       // he does stop
    CHECK(walk_high - y(frames.size() - 1) > 0.005);  // and the hips come down from the walk's crest onto the standing legs
  }
}

TEST_CASE("running 3.5 m/s up a 20 degree slope: the hips ride the run's bounce, not a leg's hold let go (issue 10)") {
  // The run's crest read the footholds' line ahead of the hips and then stood its feet on the
  // slope from there, counting the slope's rise twice: up the hill the crest sat ~7 cm above
  // what the landing leg reaches, that leg's hold and then its flat-footed reach held the
  // hips under it, and when the heel might rise they shot up at max_hip_rise -- ~310 m/s^2
  // at every stance. A force plate sees up to ~2.5 body weights in a run's stance (MOTION.md).
  const double s = std::tan(20.0 * kPi / 180.0);
  Terrain hill;
  hill.ground = {{-50, 0}, {4, 0}, {44, 40 * s}, {200, 40 * s}};
  const auto frames = gait_runs::run(gait_runs::steady(3.5), 9.0, 1, hill);
  double worst = 0.0, lowest = 1e9, least_range = 1e9;
  double cycle_lo = 1e9, cycle_hi = -1e9;
  int cycles = 0;
  bool open = false;  // (from the first cycle that starts on the climb)
  auto pelvis = [&](std::size_t i) { return frames[i].joints[index(Joint::pelvis)]; };
  for (std::size_t i = 1; i + 1 < frames.size(); ++i) {
    // on the climb, clear of its foot (the slope's edge is a corner of the ground itself)
    const vec2 p = pelvis(i);
    if (p.x < 9.0 || p.x > 40.0) continue;
    const double a = gait_runs::pelvis_ay(frames, i);
    worst = std::max(worst, std::abs(a));
    const double over = p.y - hill.level_at(p.x);
    lowest = std::min(lowest, over / frames[i].body_size.leg());
    if (frames[i].phase < frames[i - 1].phase) {  // a cycle ends: its rise and fall over the ground
      if (open) {
        least_range = std::min(least_range, cycle_hi - cycle_lo);
        ++cycles;
      }
      cycle_lo = 1e9;
      cycle_hi = -1e9;
      open = true;
    }
    cycle_lo = std::min(cycle_lo, over);
    cycle_hi = std::max(cycle_hi, over);
  }
  MESSAGE("up 20 deg at 3.5 m/s: worst |ay| " << worst << " m/s^2, hips >= " << lowest << " L over the level, least cycle range "
                                              << least_range * 100.0 << " cm over " << cycles << " cycles");
  REQUIRE(cycles >= 6);
  CHECK(worst <= 90.0);              // ours 60 (it was 310); a person's within ~2 g: not there yet
  CHECK(least_range >= 0.02);        // the hips still rise and fall with every stride (ours ~3 cm)
  CHECK(lowest >= 0.9);              // and ride no lower for it (Rule 2: the legs' reach decides)
}

TEST_CASE("running 3-4 m/s: a flexed stance knee, heel lift not ankle collapse, flight (Novacheck 1998; Heiderscheit 2011)") {
  for (double v : {3.0, 3.5, 4.0}) {
    CAPTURE(v);
    const GaitKinematics k = measure(v);
    report(v, k);
    REQUIRE(k.cycles >= 8);
    CHECK(k.knee_contact >= 10.0);        // 15-20 deg at contact (17.8 +- 4.0)
    CHECK(k.knee_contact <= 26.0);
    CHECK(k.knee_stance_peak >= 36.0);    // 40-46 deg near mid-stance (46.3 +- 4.5)
    CHECK(k.knee_stance_peak <= 55.3);    // ... two deviations over the mean (ours 48-54.6)
    CHECK(k.knee_toeoff >= 12.0);         // about 20 deg at toe-off
    CHECK(k.knee_toeoff <= 30.0);
    CHECK(k.knee_swing_peak >= 85.0);     // 90-105 deg in swing at 3-4 m/s
    CHECK(k.knee_swing_peak <= 115.0);
    CHECK(k.dorsiflexion_peak <= 27.0);   // 20-25 deg; beyond ~25 the heel lifts
    CHECK(k.dorsiflexion_peak >= 12.0);
    CHECK(k.stance_gc >= 28.0);           // ground contact 35-40 % GC at 3.5 m/s
    CHECK(k.stance_gc <= 42.0);
    CHECK(k.pelvis_range >= 0.045);       // 6-10 cm peak to peak at 3.5 m/s (the pelvis marker)
    CHECK(k.pelvis_range <= 0.11);
    CHECK(k.pelvis_accel <= 2.0 * kGravity);  // within about 2 g
    CHECK(k.trunk_lean >= 4.0);           // 4-11 deg forward at 3.4 m/s (Teng & Powers 2015)
    CHECK(k.trunk_lean <= 11.0);
  }
}

TEST_CASE("a sprint 5-8 m/s: the swing knee folds further, contact shortens, the trunk leans more") {
  const GaitKinematics jog = measure(3.5);
  for (double v : {5.0, 7.0, 8.0}) {
    CAPTURE(v);
    const GaitKinematics k = measure(v, 6.0);
    report(v, k);
    REQUIRE(k.cycles >= 6);
    CHECK(k.knee_swing_peak >= 105.0);    // 110-130 deg at a sprint
    CHECK(k.knee_swing_peak <= 140.0);
    CHECK(k.stance_gc >= 18.0);           // about 25 % GC at a sprint
    CHECK(k.stance_gc <= 30.0);
    CHECK(k.stance_gc < jog.stance_gc);
    CHECK(k.knee_stance_peak >= 30.0);
    CHECK(k.knee_stance_peak <= 55.0);
    CHECK(k.dorsiflexion_peak <= 27.0);
    CHECK(k.pelvis_accel <= 2.5 * kGravity);  // a sprinter's ground force peaks near 3 body weights
    CHECK(k.trunk_lean > jog.trunk_lean);
  }
}
