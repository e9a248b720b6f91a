#include "contact_sheets/sheet_plan.hpp"

#include "render/sheet_course.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <system_error>

namespace sheet {

namespace {

namespace fs = std::filesystem;

// Scale of the standing still: a 1.78 m soldier ~300 px tall, big enough to judge the
// hold of the rifle and the breathing.
constexpr double kStandPxPerM = 170.0;
constexpr int kStandStills = 4;   // one every second of a 4 s breath
constexpr int kGaitStills = 12;

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

bool speed_ok(double v) { return v >= 0.0 && v <= kMaxSpeed; }

std::string stills_word(int n) { return std::to_string(n) + (n == 1 ? " still" : " stills"); }

// The first line of the sheet says what its rows draw: a walk, a run, a gait across speeds
// or the standing idle, and which rows stand (0 m/s draws no gait cycle).
std::string title_of(const Flags& f, int stills, const std::vector<double>& speeds) {
  std::size_t idle = 0;
  for (double v : speeds) idle += v < render::kIdleSpeed;
  std::string t;
  if (idle == speeds.size()) {
    const std::string still = f.state == "kneel"    ? "kneeling on the rear knee"
                              : f.state == "prone"  ? "lying still, prone"
                              : f.state == "crouch" ? "crouched still"
                                                    : "standing at the ready";
    t = still + ", " + stills_word(stills) + " over one breath";
  } else {
    const std::string gait = f.state.empty() ? "gait" : f.state == "crouch" ? "crouch walk" : f.state == "prone" ? "crawl" : f.state;
    t = gait + " cycle, " + stills_word(stills) + " per cycle at phase k/" + std::to_string(stills) + ", " +
        std::to_string(speeds.size()) + (speeds.size() == 1 ? " speed" : " speeds");
    if (idle > 0) t += " (0 m/s: standing idle over one breath)";
  }
  t += ", seed " + std::to_string(f.seed);
  if (f.trails) t += ", world paths over a cycle";
  return t;
}

// --terrain: the course sheet. It takes speeds, frames, seed and out; not a state, aim or
// trails (its rows are a straight walk or run, its stills show the ground instead).
std::optional<Plan> make_terrain_plan(const Flags& f, std::string& error) {
  if (!f.state.empty()) error = "give --state or --terrain, not both";
  else if (!f.aim.empty()) error = "--terrain takes no --aim";
  else if (f.trails) error = "--terrain takes no --trails";
  else if (f.speed && !f.speeds.empty()) error = "give --speed or --speeds, not both";
  else if (f.frames && (*f.frames < 1 || *f.frames > kMaxFrames)) {
    error = "--frames must be 1.." + std::to_string(kMaxFrames) + ", got " + std::to_string(*f.frames);
  }
  if (!error.empty()) return std::nullopt;

  const std::vector<double> speeds = f.speed ? std::vector<double>{*f.speed} : f.speeds.empty() ? kTerrainSpeeds : f.speeds;
  for (double v : speeds) {
    if (!(v >= render::kMinTerrainSpeed && v <= kMaxSpeed)) {
      error = "speed " + number(v) + " m/s is out of range for --terrain (expected " + number(render::kMinTerrainSpeed) +
              ".." + number(kMaxSpeed) + ")";
      return std::nullopt;
    }
  }

  Plan plan;
  plan.terrain = true;
  const int stills = f.frames.value_or(kTerrainStills);
  const render::CourseSpan span = render::course_span();
  for (double v : speeds) {
    render::TerrainRunRequest r;
    r.speed = v;
    r.stills = stills;
    r.seed = f.seed;
    r.start_x = render::kCourseStartX;
    r.first_x = span.first_x;
    r.last_x = span.last_x;
    plan.terrain_rows.push_back(r);
  }
  char spacing[32];
  std::snprintf(spacing, sizeof spacing, "%.1f", stills > 1 ? (span.last_x - span.first_x) / (stills - 1) : 0.0);
  plan.terrain_layout.title = "terrain course: 20 deg slope up, 3 x 0.3 m steps down, 3 up, 20 deg slope down; " +
                              stills_word(stills) + (stills > 1 ? " every " + std::string(spacing) + " m" : "") +
                              ", seed " + std::to_string(f.seed);
  plan.default_out = f.out.empty();
  plan.out = f.out.empty() ? "contact_sheets/out/terrain.png" : f.out;
  return plan;
}

bool is_posture(const std::string& state) { return state == "crouch" || state == "kneel" || state == "prone"; }

anim::Stance stance_of(const std::string& state) {
  if (state == "crouch") return anim::Stance::crouch;
  if (state == "kneel") return anim::Stance::kneel;
  if (state == "prone") return anim::Stance::prone;
  return anim::Stance::stand;
}

// --transitions: every change of posture as a strip of stills. It takes frames, seed and out.
std::optional<Plan> make_transitions_plan(const Flags& f, std::string& error) {
  if (!f.state.empty()) error = "give --state or --transitions, not both";
  else if (f.speed || !f.speeds.empty()) error = "--transitions takes no --speed or --speeds (each row has its own)";
  else if (!f.aim.empty()) error = "--transitions takes no --aim";
  else if (f.trails) error = "--transitions takes no --trails";
  else if (f.frames && (*f.frames < 2 || *f.frames > kMaxFrames)) {
    error = "--frames must be 2.." + std::to_string(kMaxFrames) + " for --transitions, got " + std::to_string(*f.frames);
  }
  if (!error.empty()) return std::nullopt;
  Plan plan;
  const int stills = f.frames.value_or(kTransitionStills);
  for (const TransitionRow& t : kTransitions) {
    render::CycleRequest r;
    r.transition = true;
    r.stance = t.from;
    r.to = t.to;
    r.speed = t.speed;
    r.stills = stills;
    r.seed = f.seed;
    plan.rows.push_back(r);
  }
  plan.layout.cell_width_m = kLyingCellWidth;
  plan.layout.title = "changes of posture, " + stills_word(stills) + " from the request until settled, seed " + std::to_string(f.seed);
  plan.default_out = f.out.empty();
  plan.out = f.out.empty() ? "contact_sheets/out/transitions.png" : f.out;
  return plan;
}

// --death: the fall and the get-up. It takes a speed, an impulse, frames, seed and out.
std::optional<Plan> make_death_plan(const Flags& f, std::string& error) {
  if (f.terrain) error = "give --death or --terrain, not both";
  else if (!f.state.empty()) error = "give --state or --death, not both";
  else if (f.transitions) error = "give --transitions or --death, not both";
  else if (!f.aim.empty()) error = "--death takes no --aim";
  else if (f.trails) error = "--death takes no --trails";
  else if (!f.speeds.empty()) error = "--death takes one --speed, not --speeds";
  else if (f.speed && !speed_ok(*f.speed))
    error = "speed " + number(*f.speed) + " m/s is out of range (expected 0.." + number(kMaxSpeed) + ")";
  else if (f.frames && (*f.frames < 1 || *f.frames > kMaxFrames))
    error = "--frames must be 1.." + std::to_string(kMaxFrames) + ", got " + std::to_string(*f.frames);
  else if (!f.impulse.empty() && (f.impulse.size() != 2 || !std::isfinite(f.impulse[0]) || !std::isfinite(f.impulse[1]) ||
                                  std::hypot(f.impulse[0], f.impulse[1]) > kMaxImpulse))
    error = "--impulse expects X,Y in m/s, at most " + number(kMaxImpulse) + " m/s long";
  if (!error.empty()) return std::nullopt;

  std::vector<DeathRow> rows = kDeathRows;
  if (f.speed) rows = {{*f.speed, kDeathImpulse}};
  if (!f.impulse.empty())
    for (DeathRow& r : rows) r.impulse = {f.impulse[0], f.impulse[1]};
  Plan plan;
  plan.death = true;
  const int stills = f.frames.value_or(kDeathStills);
  for (const DeathRow& row : rows) {
    render::DeathRunRequest r;
    r.speed = row.speed;
    r.impulse = row.impulse;
    r.stills = stills;
    r.seed = f.seed;
    plan.death_rows.push_back(r);
  }
  plan.death_layout.title = "death and get-up: killed after 2 s, the ragdoll until still, then up; " + stills_word(stills) +
                            " evenly in time, seed " + std::to_string(f.seed);
  plan.default_out = f.out.empty();
  plan.out = f.out.empty() ? "contact_sheets/out/death.png" : f.out;
  return plan;
}

}  // namespace

std::optional<Plan> make_plan(const Flags& f, std::string& error) {
  if (!f.obstacle.empty() || f.height) return make_obstacle_plan(f, error);
  if (f.death) return make_death_plan(f, error);
  if (!f.impulse.empty()) {
    error = "--impulse goes with --death";
    return std::nullopt;
  }
  if (f.terrain && f.transitions) {
    error = "give --terrain or --transitions, not both";
    return std::nullopt;
  }
  if (f.terrain) return make_terrain_plan(f, error);
  if (f.transitions) return make_transitions_plan(f, error);
  if (!f.state.empty() && f.state != "stand" && f.state != "walk" && f.state != "run" && !is_posture(f.state)) {
    error = "unknown --state '" + f.state + "' (expected stand, walk, run, crouch, kneel or prone)";
    return std::nullopt;
  }
  if (f.speed && !f.speeds.empty()) {
    error = "give --speed or --speeds, not both";
    return std::nullopt;
  }
  if ((f.state == "stand" || f.state == "kneel") && (f.speed || !f.speeds.empty())) {
    error = "--state " + f.state + " takes no --speed or --speeds (he holds still)";
    return std::nullopt;
  }
  if (f.frames && (*f.frames < 1 || *f.frames > kMaxFrames)) {
    error = "--frames must be 1.." + std::to_string(kMaxFrames) + ", got " + std::to_string(*f.frames);
    return std::nullopt;
  }

  std::vector<double> speeds;
  if (f.state == "stand" || f.state == "kneel") speeds = {0.0};
  else if (f.speed) speeds = {*f.speed};
  else if (!f.speeds.empty()) speeds = f.speeds;
  else if (f.state == "walk") speeds = {1.4};
  else if (f.state == "run") speeds = {3.5};
  else if (f.state == "crouch") speeds = {kCrouchSpeed};
  else if (f.state == "prone") speeds = {kCrawlSpeed};
  else speeds = kDefaultSpeeds;
  for (double v : speeds) {
    if (!speed_ok(v)) {
      error = "speed " + number(v) + " m/s is out of range (expected 0.." + number(kMaxSpeed) + ")";
      return std::nullopt;
    }
    const double top = f.state == "crouch" ? kCrouchMaxSpeed : kCrawlMaxSpeed;
    if ((f.state == "crouch" || f.state == "prone") && v > top) {
      error = "--state " + f.state + ": " + number(v) + " m/s is faster than a " + (f.state == "crouch" ? "crouch walk" : "crawl") +
              " goes (0.." + number(top) + ")";
      return std::nullopt;
    }
    if ((f.state == "walk" || f.state == "run") && v < render::kIdleSpeed) {
      error = "--state " + f.state + ": " + number(v) + " m/s is standing, not a " + f.state + " (use --state stand)";
      return std::nullopt;
    }
  }

  // --aim: a named elevation or degrees; the rows then aim at a point held there.
  bool aim = !f.aim.empty();
  double aim_deg = 0.0;
  if (f.aim == "up") aim_deg = kAimUpDeg;
  else if (f.aim == "down") aim_deg = kAimDownDeg;
  else if (f.aim == "level") aim_deg = 0.0;
  else if (aim) {
    std::size_t used = 0;
    try { aim_deg = std::stod(f.aim, &used); } catch (const std::exception&) { used = 0; }
    if (used != f.aim.size() || !std::isfinite(aim_deg) || std::abs(aim_deg) > kMaxAimDeg) {
      error = "--aim " + f.aim + ": expected up, down, level or degrees in -" + number(kMaxAimDeg) + ".." + number(kMaxAimDeg);
      return std::nullopt;
    }
  }

  Plan plan;
  const bool still = f.state == "stand" || f.state == "kneel";
  const int stills = f.frames.value_or(still ? kStandStills : kGaitStills);
  for (double v : speeds) {
    render::CycleRequest r;
    r.speed = v;
    r.stills = stills;
    r.seed = f.seed;
    r.aim = aim;
    r.aim_elevation = aim_deg * anim::kPi / 180.0;
    r.stance = stance_of(f.state);
    plan.rows.push_back(r);
  }
  plan.layout.trails = f.trails;
  if (still) plan.layout.px_per_m = kStandPxPerM;
  if (f.state == "prone") plan.layout.cell_width_m = kLyingCellWidth;
  plan.layout.title = title_of(f, stills, speeds);
  plan.default_out = f.out.empty();
  plan.out = f.out.empty() ? "contact_sheets/out/" + (f.state.empty() ? std::string("gait") : f.state) + ".png" : f.out;
  return plan;
}

double walk_run_speed(const anim::GaitTuning& tuning, double leg) {
  // Rule 6: the stance fraction crossing one half is the change; the tables are continuous
  // in speed, so a 1 cm/s scan finds it to the precision the message prints.
  for (int i = 1; i <= 800; ++i) {
    const double v = 0.01 * i;
    if (anim::gait_at_speed(tuning, v, leg, 0.0).stance_fraction < 0.5) return v;
  }
  return kMaxSpeed;
}

std::string check_rows_match_state(const std::string& state, std::span<const render::CycleSample> rows,
                                   const anim::GaitTuning& tuning) {
  if (state != "walk" && state != "run") return "";
  for (const render::CycleSample& s : rows) {
    const render::RowStats st = render::row_stats(s);
    if (st.gait == state || st.gait == "stand") continue;
    const double leg = s.frames.empty() ? anim::kReferenceLeg : s.frames.front().body_size.leg();
    char text[240];
    std::snprintf(text, sizeof text,
                  "--state %s: at %.2f m/s the soldier %s (measured stance fraction %.2f, %s 0.5); he walks below "
                  "about %.1f m/s and runs above it",
                  state.c_str(), st.speed, st.gait == "run" ? "runs" : "walks", st.stance_fraction,
                  st.gait == "run" ? "below" : "above", walk_run_speed(tuning, leg));
    return text;
  }
  return "";
}

std::string check_output_path(const std::string& path, bool create_folder) {
  const fs::path p(path);
  if (p.filename().empty()) return "--out " + path + ": names a folder, expected a PNG file";
  std::error_code ec;
  if (fs::is_directory(p, ec)) return "--out " + path + ": is a folder, expected a PNG file";
  const fs::path folder = p.parent_path().empty() ? fs::path(".") : p.parent_path();
  if (create_folder) fs::create_directories(folder, ec);
  if (!fs::is_directory(folder, ec)) return "--out " + path + ": folder " + folder.string() + " does not exist";
  if (::access(folder.c_str(), W_OK) != 0) return "--out " + path + ": folder " + folder.string() + " is not writable";
  return "";
}

}  // namespace sheet
