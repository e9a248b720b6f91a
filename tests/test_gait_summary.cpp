// `soldier trace --summary` reports the gait's kinematics (issue 10, "Measure and show"):
// knee flexion at loading, mid-stance, toe-off and in swing, heel-rise timing, swing
// clearance, the pelvis's peak vertical speed and acceleration and the trunk's lean, as
// anim::KinematicsMeter measures them on the same run; n/a where there is nothing to
// measure; the Rule 8 table before them exactly as scripts parse it. The contact sheet's
// labels with the same figures are tested in test_contact_sheet.cpp.
#include "anim/gait_kinematics.hpp"
#include "game/core/headless.hpp"
#include "game/core/world.hpp"

#include "program_runner.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

using program_runner::Run;
using program_runner::Scratch;
using program_runner::soldier;

std::string scenario_path(const std::string& name) {
  return std::string(SOLDIER_SOURCE_DIR) + "/assets/scenarios/" + name;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> w;
  for (std::string s; in >> s;) w.push_back(s);
  return w;
}

// The kinematics table's row of soldier `id`, by column name (empty when it is missing).
std::map<std::string, std::string> kinematics_row(const std::string& out, const std::string& id) {
  const std::vector<std::string> lines = split_lines(out);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind("id ", 0) != 0 || lines[i].find("knee_load") == std::string::npos) continue;
    const std::vector<std::string> header = words(lines[i]);
    for (std::size_t j = i + 1; j < lines.size() && lines[j].rfind("(", 0) != 0; ++j) {
      const std::vector<std::string> row = words(lines[j]);
      if (row.empty() || row[0] != id) continue;
      std::map<std::string, std::string> m;
      for (std::size_t k = 0; k < header.size() && k < row.size(); ++k) m[header[k]] = row[k];
      return m;
    }
  }
  return {};
}

// What KinematicsMeter gives for soldier 0 of the scenario, simulated as `trace` does.
anim::GaitKinematics measured(const std::string& name) {
  const std::optional<game::Scenario> s = game::load_scenario(scenario_path(name));
  REQUIRE(s);
  const std::optional<anim::Tuning> tuning = game::load_tuning("", *s);
  REQUIRE(tuning);
  anim::KinematicsMeter meter(s->terrain);
  game::simulate(*s, [&](const game::SimStep&, std::span<const anim::CharacterFrame> frames) {
    meter.add(frames[0]);
    return true;
  }, *tuning);
  return meter.result();
}

std::string fixed(double v, int decimals) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, v);
  return text;
}

double number(const std::map<std::string, std::string>& row, const std::string& column) {
  const auto it = row.find(column);
  REQUIRE_MESSAGE(it != row.end(), column);
  return std::stod(it->second);
}

Run summary(const Scratch& s, const std::string& scenario) {
  return soldier(s, "trace --scenario '" + scenario + "' --out '" + (s / "t.csv").string() + "' --summary");
}

}  // namespace

TEST_CASE("--summary: the Rule 8 table keeps its format, the kinematics table follows its legend") {
  Scratch s("soldier_test_gait_summary");
  const Run r = summary(s, scenario_path("walk.toml"));
  REQUIRE_MESSAGE(r.status == 0, r.err);
  const std::vector<std::string> lines = split_lines(r.out);
  REQUIRE(lines.size() == 6);
  // Byte for byte as before issue 10: scripts read this header, row and legend.
  CHECK(lines[0] ==
        "id         time_s   dist_m  steps  drift_mm  knee_bad  min_hip hipstep   rise_m  over_mm  cadence stride  "
        "stance nonfinite  states");
  const std::vector<std::string> row = words(lines[1]);
  REQUIRE(row.size() == 16);  // id and 13 figures, then one state and its share
  CHECK(row[0] == "a");
  CHECK(row[14] == "walk");
  CHECK(row[15] == "100%");
  CHECK(lines[2].rfind("(steps: plants; drift: ", 0) == 0);
  CHECK(lines[3] ==
        "id       cycles knee_load knee_mid knee_off knee_swing heel_gc clear_cm pelvis_vy pelvis_ay lean_deg");
  CHECK(words(lines[4]).size() == 11);
  CHECK(lines[5].rfind("(kinematics, anim/gait_kinematics", 0) == 0);
}

TEST_CASE("--summary prints a walk's and a run's kinematics as KinematicsMeter measures them") {
  Scratch s("soldier_test_gait_summary");
  std::map<std::string, std::map<std::string, std::string>> rows;
  for (const char* name : {"walk.toml", "run.toml"}) {
    CAPTURE(name);
    const Run r = summary(s, scenario_path(name));
    REQUIRE_MESSAGE(r.status == 0, r.err);
    CHECK(r.out.find("nan") == std::string::npos);
    const auto row = kinematics_row(r.out, "a");
    REQUIRE(row.size() == 11);
    rows[name] = row;
    // The same figures, to the digits printed.
    const anim::GaitKinematics k = measured(name);
    CHECK(row.at("cycles") == std::to_string(k.cycles));
    CHECK(row.at("knee_load") == fixed(k.knee_loading, 1));
    CHECK(row.at("knee_mid") == fixed(k.knee_midstance, 1));
    CHECK(row.at("knee_off") == fixed(k.knee_toeoff, 1));
    CHECK(row.at("knee_swing") == fixed(k.knee_swing_peak, 1));
    CHECK(row.at("heel_gc") == fixed(k.heel_rise_gc, 1));
    CHECK(row.at("clear_cm") == fixed(100.0 * k.swing_clearance, 2));
    CHECK(row.at("pelvis_vy") == fixed(k.pelvis_speed, 3));
    CHECK(row.at("pelvis_ay") == fixed(k.pelvis_accel, 2));
    CHECK(row.at("lean_deg") == fixed(k.trunk_lean, 1));
  }
  // Plausible for a person (MOTION.md), and a run differs from a walk the way people's do.
  // Over the whole run, speeding up from rest included, so the bars are wider than a steady
  // gait's (tests/test_human_gait.cpp holds those).
  const auto& walk = rows["walk.toml"];
  const auto& run = rows["run.toml"];
  CHECK(number(walk, "cycles") >= 8);
  CHECK(number(run, "cycles") >= 8);
  CHECK(number(walk, "knee_load") >= 8.0);    // loading response 15-20 deg
  CHECK(number(walk, "knee_load") <= 30.0);
  CHECK(number(walk, "knee_mid") >= 0.0);     // nearly straight at mid-stance, 5-10 deg
  CHECK(number(walk, "knee_mid") <= 15.0);
  CHECK(number(walk, "knee_mid") < number(walk, "knee_load"));  // it bends, then straightens
  CHECK(number(walk, "knee_mid") < number(run, "knee_mid"));    // a run's stance knee stays bent
  CHECK(number(walk, "knee_off") >= 25.0);    // 35-40 deg at toe-off
  CHECK(number(walk, "knee_off") <= 50.0);
  CHECK(number(walk, "knee_swing") >= 50.0);  // 60-65 deg walking, 90-130 running
  CHECK(number(walk, "knee_swing") <= 75.0);
  CHECK(number(run, "knee_swing") > number(walk, "knee_swing") + 20.0);
  CHECK(number(walk, "heel_gc") >= 20.0);     // the heel rises from 30-40 % GC walking
  CHECK(number(walk, "heel_gc") <= 60.0);
  CHECK(number(run, "heel_gc") < number(walk, "heel_gc"));  // a runner's heel leaves early
  CHECK(number(walk, "clear_cm") > 0.0);      // the swing foot clears the ground
  CHECK(number(walk, "clear_cm") <= 5.0);     // by a few cm
  CHECK(number(run, "clear_cm") > 0.0);
  CHECK(number(walk, "pelvis_vy") > 0.0);     // the hips rise and fall
  CHECK(number(walk, "pelvis_vy") < 1.0);
  CHECK(number(run, "pelvis_vy") > number(walk, "pelvis_vy"));
  CHECK(number(walk, "pelvis_ay") > 0.0);
  CHECK(number(walk, "lean_deg") >= 0.0);     // walking nearly upright, 0-5 deg
  CHECK(number(walk, "lean_deg") <= 5.0);
  CHECK(number(run, "lean_deg") > number(walk, "lean_deg"));  // a runner leans further
}

TEST_CASE("--summary without a complete cycle says n/a, never nan or a 0 that reads as measured") {
  Scratch s("soldier_test_gait_summary");
  const std::string stand = (s / "stand.toml").string(), one = (s / "one.toml").string();
  std::ofstream(stand) << "duration = 2.0\n[[soldier]]\nid = \"idle\"\n";
  std::ofstream(one) << "duration = 0.01\ndt = 0.01\n[[soldier]]\nid = \"one\"\n";

  const Run r = summary(s, stand);
  REQUIRE_MESSAGE(r.status == 0, r.err);
  CHECK(r.out.find("nan") == std::string::npos);
  auto row = kinematics_row(r.out, "idle");
  REQUIRE(row.size() == 11);
  CHECK(row.at("cycles") == "0");
  for (const char* c : {"knee_load", "knee_mid", "knee_off", "knee_swing", "heel_gc", "clear_cm"}) {
    CAPTURE(c);
    CHECK(row.at(c) == "n/a");
  }
  // Standing still is measured: the hips barely move, the trunk stands upright.
  CHECK(number(row, "pelvis_vy") < 0.05);
  CHECK(number(row, "lean_deg") < 5.0);

  // One frame: no speed or acceleration to take a difference of.
  const Run o = summary(s, one);
  REQUIRE_MESSAGE(o.status == 0, o.err);
  CHECK(o.out.find("nan") == std::string::npos);
  row = kinematics_row(o.out, "one");
  REQUIRE(row.size() == 11);
  CHECK(row.at("pelvis_vy") == "n/a");
  CHECK(row.at("pelvis_ay") == "n/a");
  CHECK(row.at("lean_deg") != "n/a");  // one side-on frame has a lean
}
