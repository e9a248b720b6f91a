#pragma once
// The sandbox's state and its Update (STYLE.md 10: visible Init / Update / Draw / Shutdown;
// update never draws). Window-free: game/play.cpp feeds it PlayInput from SDL, the headless
// test feeds it a script, and both run the same World as the headless commands.
#include "anim/tuning.hpp"
#include "game/core/action_probe.hpp"
#include "game/core/battle.hpp"
#include "game/core/camera_rig.hpp"
#include "game/core/input_map.hpp"
#include "game/core/live_metrics.hpp"
#include "game/core/play_input.hpp"
#include "game/core/scenario.hpp"
#include "game/core/session_recorder.hpp"
#include "game/core/squad.hpp"
#include "game/core/world.hpp"
#include "render/detail.hpp"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace game {

// The canvas the frame is drawn on: its size in px and the px per logical px (high DPI).
struct ViewSize {
  int width = 1280;
  int height = 720;
  double dpi_scale = 1.0;
};

struct PlaySettings {
  double dt = 1.0 / 120.0;      // s, the fixed simulation step (120 Hz)
  double max_frame = 0.25;      // s of wall time one frame may add (a stall is not replayed)
  ControlSpeeds speeds;
  FollowTuning follow;
  CameraTuning camera;
  double die_impulse = 5.0;     // m/s: the chest's kick from K, away from the cursor
};

// What the instruments show; toggled by F1 / F2 / F3.
struct ViewToggles {
  bool help = false;
  bool overlay = false;
  bool panel = false;
};

class PlaySession {
 public:
  // Time scales `[` and `]` step through (issue 4: 1/8 .. 1).
  static constexpr std::array<double, 4> kTimeScales = {0.125, 0.25, 0.5, 1.0};

  PlaySession(const Scenario& level, int soldiers, const anim::Tuning& tuning, const PlaySettings& settings = {});

  // Update: input -> intents -> fixed steps (accumulator) -> camera. `wall_dt` is the wall
  // time since the last frame (s); `now` the wall clock (s) for on-screen notes; `view` the
  // canvas the cursor is over.
  void update(const PlayInput& input, double wall_dt, double now, const ViewSize& view);

  // The frames to draw: every soldier blended between its last two simulated frames.
  std::vector<anim::CharacterFrame> drawn_frames() const;
  render::Camera camera(const ViewSize& view) const;

  const World& world() const { return world_; }
  std::span<const anim::CharacterFrame> frames() const { return world_.frames(); }
  std::size_t selected() const { return selected_; }
  bool paused() const { return paused_; }
  double time_scale() const { return kTimeScales[scale_index_]; }
  double sim_time() const { return static_cast<double>(steps_) * settings_.dt; }
  std::int64_t steps() const { return steps_; }
  double alpha() const { return alpha_; }
  anim::Stance stance() const { return stance_; }
  const ViewToggles& toggles() const { return toggles_; }
  ViewToggles& toggles() { return toggles_; }
  const LiveMetrics& metrics(std::size_t soldier) const { return metrics_[soldier]; }
  const std::vector<std::string>& notes() const { return notes_.texts(); }
  // Each soldier's level of detail on the window's canvas (render/detail.hpp), updated with
  // its hysteresis after every update(); drawing only: the simulation never reads it, so a
  // recording replays the same whatever the zoom.
  std::span<const render::Detail> detail() const { return detail_; }
  // The threads the soldiers are stepped and drawn on (--threads; not owned); null: this one.
  void set_pool(ThreadPool* pool) {
    pool_ = pool;
    world_.set_pool(pool);
  }
  ThreadPool* pool() const { return pool_; }
  bool aiming() const { return has_aim_; }
  bool aim_from_pad() const { return aim_from_pad_; }
  const std::string& id(std::size_t soldier) const { return ids_[soldier]; }
  anim::vec2 aim_world() const { return aim_world_; }
  bool pad_connected() const { return pad_connected_; }

  // The tuning every soldier runs with; the panel edits it and the next step applies it.
  anim::Tuning& tuning() { return tuning_; }
  const anim::Tuning& tuning() const { return tuning_; }

  // True until the player's first input: the squad holds its composed opening poses
  // (play_level.hpp opening_aims) instead of all aiming at the cursor.
  bool opening() const { return opening_; }

  // Recording (F5, `--record`; game/core/session_recorder.hpp). Starting one restarts the
  // level, since a scenario replays from the start; a change of the tuning ends one, since a
  // scenario replays one tuning.
  void start_recording();
  void stop_recording();           // the recording is then waiting in take_recording()
  // What the recording's first comment says was played (the level file).
  void set_level_name(std::string name) { level_name_ = std::move(name); }
  bool recording() const { return recorder_ != nullptr; }
  double recording_seconds() const;
  // A finished recording as scenario text, once (the window writes the file).
  std::optional<std::string> take_recording();

  // One-shot requests the window acts on (the session cannot write files or close itself).
  bool take_screenshot_request();
  bool quit_requested() const { return quit_; }
  void add_note(std::string text, double now) { notes_.add(std::move(text), now); }

 private:
  void handle_presses(const PlayInput& input, double now);
  void update_aim(const PlayInput& input, const ViewSize& view);
  void simulate_step(const PlayInput& input, double now);
  std::vector<anim::Intent> intents(const PlayInput& input);
  void select(std::size_t i);
  void end_opening(const PlayInput& input);
  anim::vec2 camera_focus(const anim::CharacterFrame& lead) const;
  void restart_level();            // the level's start: soldiers, clock, camera (play_session_recording.cpp)
  void record_step(std::span<const anim::Intent> intents, double now);
  void check_recorded_tuning(double now);

  PlaySettings settings_;
  anim::Tuning tuning_;
  Scenario level_;                                 // what restart_level() starts again
  std::vector<anim::CharacterSpec> specs_;         // the squad as built from it
  std::vector<std::string> characters_;            // each soldier's character file (recordings)
  World world_;
  std::vector<std::string> ids_;
  std::vector<double> line_offsets_;               // each soldier's place in the line, m
  std::vector<std::optional<anim::vec2>> opening_aims_;  // per soldier, until the first input
  std::vector<FollowerState> followers_;
  LeaderHistory leader_past_;                      // the selected soldier's last steps
  std::vector<std::size_t> reaction_steps_;        // each soldier's reaction delay, steps
  std::vector<anim::CharacterFrame> prev_frames_;  // the step before world_.frames()
  std::vector<LiveMetrics> metrics_;
  std::vector<render::Detail> detail_;             // detail()
  ThreadPool* pool_ = nullptr;                     // set_pool
  CameraRig rig_;
  ActionProbes probes_;
  Notes notes_;
  ViewToggles toggles_;

  std::size_t selected_ = 0;
  std::int64_t steps_ = 0;
  double accumulator_ = 0.0;  // s of game time not yet simulated
  double alpha_ = 1.0;        // blend between prev_frames_ and the latest frames
  std::size_t scale_index_ = kTimeScales.size() - 1;
  bool paused_ = false;
  bool step_once_ = false;
  bool quit_ = false;
  bool screenshot_ = false;
  bool pad_connected_ = false;
  bool opening_ = true;
  std::optional<glm::vec2> first_mouse_;  // where the cursor was first seen (px)

  anim::Stance stance_ = anim::Stance::stand;
  bool has_aim_ = false;
  bool aim_from_pad_ = false;
  anim::vec2 aim_world_{};
  // One-shot intents wait here until a step consumes them (a frame may run no step).
  bool pending_fire_ = false;
  bool pending_die_ = false;
  bool pending_get_up_ = false;
  bool pending_take_ = false;
  // A follower's ladder request this step (follows the leader up or down one).
  int follower_climb(std::size_t i, std::span<const anim::CharacterFrame> frames) const;
  // Where a follower goes while the leader is a level away: the ladder the leader took, if any.
  std::optional<double> ladder_for_follower(std::size_t i, std::span<const anim::CharacterFrame> frames) const;   // Space: take the box ahead this step
  anim::vec2 pending_impulse_{};

  // A battle level (Scenario::battle): the two lines' plan and each man's orders so far.
  BattlePlan battle_;
  std::vector<BattleState> battle_states_;

  std::unique_ptr<SessionRecorder> recorder_;      // while recording
  std::string level_name_ = "the built-in level";
  std::optional<std::string> finished_recording_;  // waiting for the window to write it
};

}  // namespace game
