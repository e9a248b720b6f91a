// PlaySession's restart and recording (F5, `soldier play --record`): the level started
// again from rest, and the intents of every step kept by a SessionRecorder until the
// recording stops (game/core/session_recorder.hpp).
#include "game/core/play_session.hpp"

#include "game/core/toml_reader.hpp"
#include "game/core/tuning_file.hpp"

#include <cstdio>

namespace game {

void PlaySession::restart_level() {
  world_ = World(level_.terrain, specs_, tuning_);
  world_.set_pool(pool_);
  followers_.assign(world_.size(), FollowerState{});
  battle_states_.clear();
  metrics_.assign(world_.size(), LiveMetrics{});
  prev_frames_.assign(world_.frames().begin(), world_.frames().end());
  probes_ = ActionProbes{};
  steps_ = 0;
  accumulator_ = 0.0;
  alpha_ = 1.0;
  stance_ = anim::Stance::stand;
  pending_fire_ = pending_die_ = pending_get_up_ = false;
  if (selected_ >= world_.size()) selected_ = 0;
  const anim::CharacterFrame& lead = world_.frames()[selected_];
  leader_past_.reset({lead.x, lead.vx});
  snap_camera(rig_, camera_focus(lead), settings_.camera);
}

void PlaySession::start_recording() {
  restart_level();
  recorder_ = std::make_unique<SessionRecorder>(level_, specs_, characters_, settings_.dt, tuning_);
}

void PlaySession::stop_recording() {
  if (!recorder_) return;
  if (recorder_->steps() > 0) {
    char what[80];
    std::snprintf(what, sizeof what, ", %zu soldiers, %.2f s", specs_.size(), recorder_->seconds());
    finished_recording_ = recorder_->scenario_text(level_name_ + what);
  }
  recorder_.reset();
}

double PlaySession::recording_seconds() const { return recorder_ ? recorder_->seconds() : 0.0; }

std::optional<std::string> PlaySession::take_recording() {
  std::optional<std::string> r = std::move(finished_recording_);
  finished_recording_.reset();
  return r;
}

void PlaySession::record_step(std::span<const anim::Intent> intents, double now) {
  if (!recorder_ || recorder_->add_step(intents)) return;
  // The step cannot be a scenario's: what was recorded up to it is kept.
  std::string why = "the aim point was withdrawn, which a scenario cannot say";
  if (recorder_->seconds() + settings_.dt > limits::kMaxDuration) why = "a scenario runs at most 600 s";
  if (recorder_->full())
    why = "a scenario file holds at most " + std::to_string(kMaxTomlFileBytes >> 20) + " MiB";
  notes_.add("recording stopped: " + why, now);
  stop_recording();
}

void PlaySession::check_recorded_tuning(double now) {
  if (!recorder_ || same_tuning(recorder_->tuning(), tuning_)) return;
  notes_.add("recording stopped: the tuning changed (F3), and a scenario replays one tuning", now);
  stop_recording();
}

}  // namespace game
