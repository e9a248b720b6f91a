#pragma once
// What `contact-sheet` was asked for (INTERFACES.md "Programs"), checked and turned into
// the rows and layout of one sheet. Separate from main.cpp so the rules of the flags read in
// one place: which state takes which speeds, the defaults, the output path.
#include "render/sheet.hpp"
#include "render/sheet_cycle.hpp"
#include "render/sheet_death.hpp"
#include "render/sheet_death_run.hpp"
#include "render/sheet_obstacle.hpp"
#include "render/sheet_terrain.hpp"
#include "render/sheet_terrain_run.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sheet {

// The flags as parsed (unset ones at their "not given" values).
struct Flags {
  std::string state;             // "", "stand", "walk", "run", "crouch", "kneel" or "prone"
  std::optional<double> speed;   // --speed, m/s
  std::vector<double> speeds;    // --speeds, m/s each
  std::optional<int> frames;     // --frames, stills per row
  std::string out;               // --out; empty: the default for the state
  bool trails = false;           // --trails
  std::uint64_t seed = 0;        // --seed
  std::string aim;               // --aim: "", "up", "down", "level" or degrees above level
  bool terrain = false;          // --terrain: the course sheet instead of gait cycles
  bool transitions = false;      // --transitions: each change of posture as a strip of stills
  bool death = false;            // --death: the fall and the get-up instead of gait cycles
  std::vector<double> impulse;   // --impulse X,Y, m/s (with --death)
  std::string obstacle;          // --obstacle: "", "vault", "climb", "ladder" or "drop"
  std::optional<double> height;  // --height, m: the obstacle's
};

// The postures' sheets (issue 11): a crouch walk's cycle (0..2 m/s, default 1.0; 0: crouched
// still over a breath), a kneel over a breath, a crawl's cycle (0..0.6 m/s, default 0.4; 0:
// lying still over a breath). Cells are wider for a body lying flat.
inline constexpr double kCrouchSpeed = 1.0;
inline constexpr double kCrouchMaxSpeed = 2.0;
inline constexpr double kCrawlSpeed = 0.4;
inline constexpr double kCrawlMaxSpeed = 0.6;
inline constexpr double kLyingCellWidth = 2.9;   // m
inline constexpr int kTransitionStills = 8;
// The changes --transitions draws, one row each: (from, to, speed m/s).
struct TransitionRow {
  anim::Stance from, to;
  double speed;
};
inline const std::vector<TransitionRow> kTransitions = {
    {anim::Stance::stand, anim::Stance::crouch, 0.0}, {anim::Stance::crouch, anim::Stance::stand, 0.0},
    {anim::Stance::crouch, anim::Stance::kneel, 0.0}, {anim::Stance::kneel, anim::Stance::crouch, 0.0},
    {anim::Stance::kneel, anim::Stance::prone, 0.0},  {anim::Stance::prone, anim::Stance::kneel, 0.0},
    {anim::Stance::stand, anim::Stance::crouch, 1.2}, {anim::Stance::crouch, anim::Stance::stand, 1.2},
};

// The elevations --aim names, degrees from the shoulder (issue 5: the rifle held on target
// through a whole cycle).
inline constexpr double kAimUpDeg = 30.0;
inline constexpr double kAimDownDeg = -25.0;
inline constexpr double kMaxAimDeg = 60.0;

// The six speeds of the default sheet, m/s: slow walk to sprint across the walk/run change.
inline const std::vector<double> kDefaultSpeeds = {0.8, 1.4, 2.2, 3.5, 5.0, 7.0};
inline constexpr double kMaxSpeed = 8.0;  // m/s, the fastest the gait tables cover
inline constexpr int kMaxFrames = 64;

// The terrain sheet's rows: a walk and a run over the course (issue 6), and its stills: 14
// over the ~20 m the stills span, one every ~1.5 m, so each slope and flight of steps gets
// two or three.
inline const std::vector<double> kTerrainSpeeds = {1.4, 3.5};
inline constexpr int kTerrainStills = 14;

// The death sheet's rows (issue 13, "a few starting situations"): standing hit from the front
// (over on his back), walking hit from behind (on his face), running with no blow (his own
// momentum); --impulse gives all three the same blow, --speed makes one row. Its stills: 14,
// about one every 0.35 s of a 4-5 s fall and get-up.
struct DeathRow {
  double speed;
  anim::vec2 impulse;
};
inline const std::vector<DeathRow> kDeathRows = {{0.0, {-3.0, 0.5}}, {1.4, {3.0, 0.5}}, {4.5, {0.0, 0.0}}};
inline constexpr anim::vec2 kDeathImpulse{3.0, 0.5};  // --speed alone: hit from behind
inline constexpr double kMaxImpulse = 25.0;           // m/s, the ragdoll's own cap (RagdollTuning::max_impulse)
inline constexpr int kDeathStills = 14;

struct Plan {
  std::vector<render::CycleRequest> rows;  // gait cycles (empty for --terrain)
  render::SheetOptions layout;
  bool terrain = false;                    // --terrain: the course sheet below instead
  std::vector<render::TerrainRunRequest> terrain_rows;
  render::TerrainSheetOptions terrain_layout;
  bool death = false;                      // --death: the death sheet below instead
  std::vector<render::DeathRunRequest> death_rows;
  render::DeathSheetOptions death_layout;
  bool obstacle = false;                   // --obstacle: one move's strip instead
  render::ObstacleRequest obstacle_request;
  render::ObstacleSheetOptions obstacle_layout;
  std::string out;           // PNG to write
  bool default_out = false;  // out is the default path (its folder may be created)
};

// The heights (m) each obstacle move is made for, as the move is picked for a 1.78 m soldier
// (anim/states/obstacle_tuning.hpp: a vault below half his height, a climb with the top in
// reach): --height outside them is an error naming the range.
struct HeightRange {
  double lo = 0.0, hi = 0.0;
};
HeightRange obstacle_height_range(render::ObstacleMoveKind k);
inline constexpr int kObstacleStills = 10;

// --obstacle's plan (make_plan calls it): it takes --height, --speed, --frames, --seed, --out.
std::optional<Plan> make_obstacle_plan(const Flags& flags, std::string& error);

// The plan for `flags`, or nullopt with `error` set to one line naming the problem.
std::optional<Plan> make_plan(const Flags& flags, std::string& error);

// Rule 6 says a walk and a run differ by the stance fraction alone, so `--state walk` and
// `--state run` ask for a stance fraction above or below one half. Empty when every sampled
// row shows the gait `state` names (any row for other states); else one line naming the
// speed, what the soldier does there and where the change lies (issue 16: `--state walk
// --speed 5` drew a run under a walk's title).
std::string check_rows_match_state(const std::string& state, std::span<const render::CycleSample> rows,
                                   const anim::GaitTuning& tuning);

// The speed (m/s) above which a soldier with a leg of `leg` m runs: where the stance
// fraction of the tables falls below one half.
double walk_run_speed(const anim::GaitTuning& tuning, double leg);

// Empty when `path` can be written (its folder exists and is writable, it is not a
// folder); else one line saying why. With create_folder, a missing folder is created.
std::string check_output_path(const std::string& path, bool create_folder);

}  // namespace sheet
