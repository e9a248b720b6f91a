#include "game/core/play_session.hpp"

#include "game/core/interpolate.hpp"
#include "game/core/play_level.hpp"

#include "anim/states/obstacle_detect.hpp"

#include <algorithm>
#include <cmath>

namespace game {
namespace {

bool near_ladder(const anim::Terrain& terrain, double x) {
  constexpr double kReach = 0.8;  // m: a soldier this close to a ladder can take it
  return std::any_of(terrain.ladders.begin(), terrain.ladders.end(),
                     [x](const anim::Ladder& l) { return std::abs(l.x - x) < kReach; });
}

std::string_view stance_label(anim::Stance s) {
  switch (s) {
    case anim::Stance::crouch: return "crouch (C)";
    case anim::Stance::prone: return "prone (Z)";
    case anim::Stance::kneel: return "kneel (X)";
    default: return "stand";
  }
}

// The states a stance request shows on its way (anim/states/posture: one link at a time).
std::vector<anim::State> stance_states(anim::Stance s) {
  switch (s) {
    case anim::Stance::crouch: return {anim::State::crouch};
    case anim::Stance::prone: return {anim::State::prone, anim::State::kneel, anim::State::crouch};
    case anim::Stance::kneel: return {anim::State::kneel, anim::State::crouch};
    default: return {anim::State::stand};
  }
}

constexpr double kProbeTime = 0.6;  // s of game time a request has to show before the note
constexpr double kStanceProbeTime = 4.0;  // s: a posture may first slow the body, then go link by link
constexpr double kLevelApart = 1.0; // m: a leader this much higher or lower is up or down a ladder

}  // namespace

PlaySession::PlaySession(const Scenario& level, int soldiers, const anim::Tuning& tuning, const PlaySettings& settings)
    : settings_(settings),
      tuning_(tuning),
      level_(level.battle ? battle_level(level, plan_battle(soldiers, level.seed)) : level),
      specs_(squad_specs(level_, soldiers, settings.follow.spacing)),
      world_(level_.terrain, specs_, tuning) {
  if (level.battle) battle_ = plan_battle(soldiers, level.seed);
  for (std::size_t i = 0; i < specs_.size(); ++i)
    characters_.push_back(i < level_.soldiers.size() ? level_.soldiers[i].character : std::string());
  for (const anim::CharacterFrame& f : world_.frames()) line_offsets_.push_back(f.x);
  opening_aims_ = opening_aims(specs_, world_.terrain());
  for (std::size_t i = 0; i < world_.size(); ++i) ids_.push_back(world_.character(i).spec().id);
  for (std::size_t i = 0; i < world_.size(); ++i) {
    const double delay = reaction_delay(i, world_.character(i).spec().seed, settings_.follow);
    reaction_steps_.push_back(static_cast<std::size_t>(std::llround(delay / settings_.dt)));
  }
  rig_.zoom_target = settings_.camera.default_px_per_m;
  restart_level();
}

anim::vec2 PlaySession::camera_focus(const anim::CharacterFrame& lead) const {
  double lo = lead.x, hi = lead.x;
  for (const anim::CharacterFrame& f : world_.frames()) {
    if (!std::isfinite(f.x)) continue;
    lo = std::min(lo, f.x);
    hi = std::max(hi, f.x);
  }
  const double x = squad_focus_x(lead.x, lo, hi, settings_.camera);
  return camera_target({x, world_.terrain().ground_at(x)}, lead.vx, settings_.camera);
}

void PlaySession::end_opening(const PlayInput& in) {
  if (!opening_) return;
  // Any key, button, wheel or stick ends it, and the cursor moving off where it was first
  // seen (a window may report the cursor it opened under as a motion).
  constexpr float kMouseSlack = 24.0f;  // px
  bool input = in.held.any() || in.pressed.any() || in.wheel != 0.0;
  if (in.pad.connected) {
    const double d = settings_.speeds.stick_deadzone;
    input = input || std::abs(in.pad.left_x) > d || std::abs(in.pad.left_y) > d || std::abs(in.pad.right_x) > d ||
            std::abs(in.pad.right_y) > d;
  }
  if (in.mouse_in_window) {
    if (!first_mouse_) first_mouse_ = in.mouse_canvas;
    input = input || glm::length(in.mouse_canvas - *first_mouse_) > kMouseSlack;
  }
  if (input) opening_ = false;
}

render::Camera PlaySession::camera(const ViewSize& view) const {
  return view_of(rig_, view.width, view.height, view.dpi_scale, settings_.camera);
}

std::vector<anim::CharacterFrame> PlaySession::drawn_frames() const {
  std::vector<anim::CharacterFrame> out;
  const auto next = world_.frames();
  out.reserve(next.size());
  for (std::size_t i = 0; i < next.size(); ++i) out.push_back(interpolate_frame(prev_frames_[i], next[i], alpha_));
  return out;
}

bool PlaySession::take_screenshot_request() {
  const bool r = screenshot_;
  screenshot_ = false;
  return r;
}

void PlaySession::select(std::size_t i) {
  if (i >= world_.size() || i == selected_) return;
  selected_ = i;
  for (FollowerState& f : followers_) f = FollowerState{};
  leader_past_.reset({world_.frames()[i].x, world_.frames()[i].vx});
}

void PlaySession::handle_presses(const PlayInput& in, double now) {
  auto pressed = [&](Action a) { return in.pressed[index(a)]; };
  const std::size_t n = world_.size();
  const anim::CharacterFrame& lead = world_.frames()[selected_];

  if (pressed(Action::quit)) quit_ = true;
  if (pressed(Action::toggle_help)) toggles_.help = !toggles_.help;
  if (pressed(Action::toggle_overlay)) toggles_.overlay = !toggles_.overlay;
  if (pressed(Action::toggle_panel)) toggles_.panel = !toggles_.panel;
  if (pressed(Action::screenshot)) screenshot_ = true;
  if (pressed(Action::record)) {
    if (recording()) {
      stop_recording();
    } else {
      start_recording();
      notes_.add("recording (F5 stops): the level restarted, so the scenario replays from its start", now);
    }
  }
  if (pressed(Action::pause)) paused_ = !paused_;
  if (pressed(Action::single_step)) {
    paused_ = true;
    step_once_ = true;
  }
  if (pressed(Action::slower) && scale_index_ > 0) --scale_index_;
  if (pressed(Action::faster) && scale_index_ + 1 < kTimeScales.size()) ++scale_index_;
  if (pressed(Action::select_next)) select((selected_ + 1) % n);
  for (std::size_t k = 0; k < 9; ++k)
    if (pressed(static_cast<Action>(index(Action::select_1) + k))) select(k);

  // Stances toggle: the same key again stands him up.
  const std::array<std::pair<Action, anim::Stance>, 3> stances = {
      {{Action::crouch, anim::Stance::crouch}, {Action::prone, anim::Stance::prone}, {Action::kneel, anim::Stance::kneel}}};
  for (const auto& [action, stance] : stances) {
    if (!pressed(action)) continue;
    stance_ = stance_ == stance ? anim::Stance::stand : stance;
    if (stance_ != anim::Stance::stand)
      probes_.start(state_probe(std::string(stance_label(stance_)), stance_states(stance_), selected_, sim_time(),
                                kStanceProbeTime));
  }
  if (pressed(Action::jump)) {
    // Space at a box takes it, the move chosen by its height (anim/states/obstacle_state);
    // with none to take, the note says why.
    const double support = std::min(lead.joints[anim::index(anim::Joint::toe_near)].y,
                                    lead.joints[anim::index(anim::Joint::toe_far)].y);
    const anim::ObstacleTuning& ot = tuning_.obstacle;
    const auto box = anim::box_ahead(world_.terrain(), lead.x, lead.body.sign(), support, ot.trigger_distance + 0.3,
                                     lead.body_size, ot);
    if (!box) {
      notes_.add("Space: no box close ahead to vault or climb", now);
    } else if (box->move == anim::ObstacleMove::blocked) {
      notes_.add("Space: that box is out of reach (find a ladder)", now);
    } else {
      pending_take_ = true;
      probes_.start(state_probe("vault / climb (Space)", {anim::State::vault, anim::State::climb}, selected_, sim_time(),
                                kProbeTime));
    }
  }
  if (pressed(Action::fire)) {
    pending_fire_ = true;
    probes_.start(recoil_probe("fire (recoil)", lead, selected_, sim_time(), 0.25));
  }
  if (pressed(Action::kill) && lead.state != anim::State::ragdoll) {
    // The kick comes from the cursor's side, as if the shot came from there.
    const anim::vec2 chest = lead.joints[anim::index(anim::Joint::chest)];
    anim::vec2 away = has_aim_ ? chest - aim_world_ : anim::vec2{-lead.body.sign() * 1.0, 0.2};
    const double len = glm::length(away);
    away = len > 1e-6 ? away / len : anim::vec2{-1.0, 0.0};
    pending_die_ = true;
    pending_impulse_ = away * settings_.die_impulse;
    probes_.start(state_probe("ragdoll (K)", {anim::State::ragdoll}, selected_, sim_time(), 0.3));
  }
  if (pressed(Action::get_up)) {
    if (lead.state == anim::State::ragdoll) {
      pending_get_up_ = true;
      probes_.start(state_probe("get up (R)", {anim::State::getup, anim::State::stand, anim::State::walk,
                                               anim::State::run},
                                selected_, sim_time(), kProbeTime));
    } else {
      notes_.add("get up (R): he is not down", now);
    }
  }
  if ((pressed(Action::climb_up) || pressed(Action::climb_down)) && near_ladder(world_.terrain(), lead.x))
    probes_.start(state_probe("ladder (W/S)", {anim::State::ladder, anim::State::climb}, selected_, sim_time(),
                              kProbeTime));
}

void PlaySession::update_aim(const PlayInput& in, const ViewSize& view) {
  const anim::CharacterFrame& lead = world_.frames()[selected_];
  const double rx = apply_deadzone(in.pad.right_x, settings_.speeds.stick_deadzone);
  const double ry = apply_deadzone(in.pad.right_y, settings_.speeds.stick_deadzone);
  if (in.pad.connected && (rx != 0.0 || ry != 0.0)) {
    // Right stick: aim point = shoulder + stick direction * reach (issue 4).
    const anim::vec2 shoulder = lead.joints[anim::index(anim::Joint::shoulder_near)];
    aim_world_ = shoulder + glm::normalize(anim::vec2{rx, ry}) * settings_.speeds.aim_reach;
    aim_from_pad_ = true;
    has_aim_ = true;
  } else if (in.mouse_in_window && (in.mouse_moved || !aim_from_pad_)) {
    // The world point under a still cursor changes as the camera moves: recomputed each frame.
    aim_world_ = camera(view).to_world(in.mouse_canvas);
    aim_from_pad_ = false;
    has_aim_ = true;
  }
}

int PlaySession::follower_climb(std::size_t i, std::span<const anim::CharacterFrame> frames) const {
  // The squad follows the leader up and down a ladder (issue 12): a follower at a ladder takes
  // it when the leader is a level above or below him, one man on a ladder at a time.
  const anim::CharacterFrame& me = frames[i];
  const anim::CharacterFrame& lead = frames[selected_];
  if (me.state == anim::State::ladder) return lead.joints[0].y > me.joints[0].y ? 1 : -1;
  if (!near_ladder(world_.terrain(), me.x)) return 0;
  for (std::size_t k = 0; k < frames.size(); ++k)
    if (k != i && frames[k].state == anim::State::ladder && near_ladder(world_.terrain(), frames[k].x)) return 0;
  const double rise = lead.joints[0].y - me.joints[0].y;
  return rise > kLevelApart ? 1 : (rise < -kLevelApart ? -1 : 0);
}

std::optional<double> PlaySession::ladder_for_follower(std::size_t i, std::span<const anim::CharacterFrame> frames) const {
  constexpr double kSearch = 8.0;  // m: a ladder this near toward the leader is the way he went
  const anim::CharacterFrame& me = frames[i];
  const anim::CharacterFrame& lead = frames[selected_];
  if (std::abs(lead.joints[0].y - me.joints[0].y) <= kLevelApart || me.state == anim::State::ladder) return std::nullopt;
  const double dir = lead.x > me.x ? 1.0 : -1.0;
  std::optional<double> best;
  for (const anim::Ladder& l : world_.terrain().ladders) {
    const double ahead = (l.x - me.x) * dir;
    if (ahead > -0.8 && ahead < kSearch && (!best || std::abs(l.x - me.x) < std::abs(*best - me.x))) best = l.x;
  }
  if (!best) return std::nullopt;
  return *best - dir * 0.4;  // stand in reach of it, on his side
}

std::vector<anim::Intent> PlaySession::intents(const PlayInput& in) {
  const auto frames = world_.frames();
  const ControlSpeeds& sp = settings_.speeds;
  double vx = keyboard_speed(in.held, sp);
  if (in.pad.connected) {
    const double stick = stick_speed(in.pad.left_x, in.held[index(Action::sprint)], sp);
    if (std::abs(stick) > std::abs(vx)) vx = stick;
  }
  int climb = (in.held[index(Action::climb_up)] ? 1 : 0) - (in.held[index(Action::climb_down)] ? 1 : 0);
  if (in.pad.connected && climb == 0) climb = in.pad.left_y > 0.6 ? 1 : (in.pad.left_y < -0.6 ? -1 : 0);

  std::vector<anim::Intent> out(frames.size());
  // A battle level: every man follows his orders (game/core/battle.hpp), the selected one
  // too until the player's first input, then the player drives him.
  const std::vector<anim::Intent> orders =
      level_.battle ? battle_intents(battle_, battle_states_, frames, world_.terrain(), sim_time(), level_.seed)
                    : std::vector<anim::Intent>{};
  for (std::size_t i = 0; i < frames.size(); ++i) {
    anim::Intent& it = out[i];
    if (i < orders.size() && (i != selected_ || opening_)) {
      it = orders[i];
      continue;
    }
    it.has_aim = has_aim_;
    it.aim_world = aim_world_;  // the whole line aims at the one point (Rule 2b)
    if (opening_) {
      it.has_aim = opening_aims_[i].has_value();
      it.aim_world = opening_aims_[i].value_or(anim::vec2{});
    }
    it.stance = stance_;
    if (i == selected_) {
      it.vx_desired = vx;
      it.climb = climb;
      it.fire = pending_fire_;
      it.die = pending_die_;
      it.die_impulse = pending_die_ ? pending_impulse_ : anim::vec2{};  // as a replay has it
      it.get_up = pending_get_up_;
      it.take_obstacle = pending_take_;
    } else {
      // He follows the leader as he saw him a moment ago (his own reaction delay), so the
      // line does not start, stop or step as one man (Rule 10).
      const LeaderHistory::Sample seen = leader_past_.ago(reaction_steps_[i]);
      const double slot = slot_x(line_offsets_, i, selected_, seen.x);
      it.vx_desired = follow_vx(followers_[i], frames[i].x, slot, seen.vx, settings_.follow);
      it.climb = follower_climb(i, frames);
      if (it.climb != 0) it.vx_desired = 0.0;  // on the ladder his place in the line waits
      // The leader a level up or down: his place is the foot (or top) of the ladder he took.
      if (const std::optional<double> foot = ladder_for_follower(i, frames); foot && it.climb == 0)
        it.vx_desired = follow_vx(followers_[i], frames[i].x, *foot, 0.0, settings_.follow);
    }
  }
  return out;
}

void PlaySession::simulate_step(const PlayInput& in, double now) {
  prev_frames_.assign(world_.frames().begin(), world_.frames().end());
  // Live tuning: the panel's values reach every soldier at the next step.
  for (std::size_t i = 0; i < world_.size(); ++i) world_.character(i).tuning() = tuning_;
  const anim::CharacterFrame& lead = world_.frames()[selected_];
  const std::size_t longest = *std::max_element(reaction_steps_.begin(), reaction_steps_.end());
  leader_past_.push({lead.x, lead.vx}, longest + 1);
  const std::vector<anim::Intent> in_step = intents(in);
  // Each soldier solved at his level of detail (render/detail.hpp), as last drawn; all at full
  // detail while recording, so the recording's trace is the session's own (its replay runs
  // every soldier at full detail).
  for (std::size_t i = 0; i < world_.size(); ++i) {
    const render::Detail level = i < detail_.size() && !recording() ? detail_[i] : render::Detail::near;
    world_.set_detail(i, render::solve_detail(level, tuning_.detail));
  }
  world_.step(in_step, settings_.dt);
  ++steps_;
  pending_fire_ = pending_die_ = pending_get_up_ = pending_take_ = false;
  record_step(in_step, now);
  const auto frames = world_.frames();
  for (std::size_t i = 0; i < frames.size(); ++i) metrics_[i].add(frames[i], world_.terrain());
  for (const std::string& what : probes_.check(frames, sim_time())) {
    notes_.add(what + ": not implemented yet", now);
    // A stance anim does not have is dropped, so the next press asks again (and notes again).
    if (what == stance_label(stance_)) stance_ = anim::Stance::stand;
  }
}

void PlaySession::update(const PlayInput& in, double wall_dt, double now, const ViewSize& view) {
  if (!std::isfinite(wall_dt) || wall_dt < 0.0) wall_dt = 0.0;
  wall_dt = std::min(wall_dt, settings_.max_frame);
  notes_.expire(now);
  check_recorded_tuning(now);
  if (in.pad.connected != pad_connected_) {
    notes_.add(in.pad.connected ? "gamepad connected" : "gamepad disconnected", now);
    pad_connected_ = in.pad.connected;
  }
  end_opening(in);
  handle_presses(in, now);
  update_aim(in, view);

  if (!paused_) {
    accumulator_ += wall_dt * time_scale();
    while (accumulator_ >= settings_.dt) {
      simulate_step(in, now);
      accumulator_ -= settings_.dt;
    }
    alpha_ = accumulator_ / settings_.dt;
  } else if (step_once_) {
    simulate_step(in, now);
    accumulator_ = 0.0;
    alpha_ = 1.0;
  }
  step_once_ = false;

  rig_.zoom_target = rig_.zoom_target > 0.0 ? rig_.zoom_target : settings_.camera.default_px_per_m;
  if (in.wheel != 0.0) zoom_camera(rig_, in.wheel, settings_.camera);
  const anim::CharacterFrame lead = interpolate_frame(prev_frames_[selected_], world_.frames()[selected_], alpha_);
  step_camera(rig_, camera_focus(lead), wall_dt, settings_.camera);
  const double px_per_m = camera(view).px_per_m;
  detail_.resize(world_.size(), render::Detail::near);
  for (std::size_t i = 0; i < detail_.size(); ++i)
    detail_[i] = render::detail_level(world_.frames()[i].body_size.height * px_per_m, detail_[i], tuning_.detail);
}

}  // namespace game
