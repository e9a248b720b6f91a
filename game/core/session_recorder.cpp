#include "game/core/session_recorder.hpp"

#include "game/core/toml_reader.hpp"
#include "game/core/tuning_file.hpp"

#include <cmath>

namespace game {
namespace {

std::string point(anim::vec2 p) { return "[" + toml_number(p.x) + ", " + toml_number(p.y) + "]"; }

std::string_view stance_name(anim::Stance s) {
  switch (s) {
    case anim::Stance::crouch: return "crouch";
    case anim::Stance::prone: return "prone";
    case anim::Stance::kneel: return "kneel";
    default: return "stand";
  }
}

// The entry that turns `held` (what a replay holds) into `want` at this step, or nothing.
// Doubles are compared exactly: a replay must see the very same values.
std::optional<InputEvent> change(const anim::Intent& held, const anim::Intent& want, double t) {
  InputEvent e;
  e.t = t;
  bool any = false;
  if (want.vx_desired != held.vx_desired) e.vx = want.vx_desired, any = true;
  if (want.has_aim && (!held.has_aim || want.aim_world != held.aim_world)) e.aim = want.aim_world, any = true;
  if (want.stance != held.stance) e.stance = want.stance, any = true;
  if (want.climb != held.climb) e.climb = want.climb, any = true;
  if (want.fire) e.fire = true, any = true;
  if (want.die) e.die = want.die_impulse, any = true;
  if (want.get_up) e.get_up = true, any = true;
  if (want.take_obstacle) e.take = true, any = true;
  if (!any) return std::nullopt;
  return e;
}

// One [[soldier.input]] entry as the scenario text has it.
std::string input_text(const InputEvent& e) {
  std::string out = "  [[soldier.input]]\n  t = " + toml_number(e.t) + "\n";
  if (e.vx) out += "  vx = " + toml_number(*e.vx) + "\n";
  if (e.aim) out += "  aim = " + point(*e.aim) + "\n";
  if (e.stance) out += "  stance = \"" + std::string(stance_name(*e.stance)) + "\"\n";
  if (e.climb) out += "  climb = " + std::to_string(*e.climb) + "\n";
  if (e.fire) out += "  fire = true\n";
  if (e.die) out += "  die = " + point(*e.die) + "\n";
  if (e.get_up) out += "  get_up = true\n";
  if (e.take) out += "  take = true\n";
  return out;
}

// Room kept for what the text has beyond its fixed part and its entries: the origin comment
// and the duration's digits.
constexpr std::size_t kTextSlack = 4096;

}  // namespace

SessionRecorder::SessionRecorder(const Scenario& level, std::span<const anim::CharacterSpec> specs,
                                 std::vector<std::string> characters, double dt, const anim::Tuning& tuning)
    : terrain_(level.terrain), seed_(level.seed), dt_(dt), tuning_(tuning) {
  for (std::size_t i = 0; i < specs.size(); ++i)
    soldiers_.push_back(Soldier{specs[i], i < characters.size() ? characters[i] : std::string(), {}, {}});
  text_bytes_ = scenario_text("").size() + kTextSlack;
}

bool SessionRecorder::add_step(std::span<const anim::Intent> intents) {
  if (static_cast<double>(steps_ + 1) * dt_ > limits::kMaxDuration) return false;
  for (std::size_t i = 0; i < soldiers_.size() && i < intents.size(); ++i)
    if (soldiers_[i].held.has_aim && !intents[i].has_aim) return false;
  // The same time as simulate() starts this step at (index * dt, never a running sum).
  const double t = static_cast<double>(steps_) * dt_;
  std::vector<std::optional<InputEvent>> events(soldiers_.size());
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < soldiers_.size() && i < intents.size(); ++i)
    if ((events[i] = change(soldiers_[i].held, intents[i], t))) bytes += input_text(*events[i]).size();
  // A file larger than the parsers read (issue 17) could not be replayed: the step is left out.
  if (text_bytes_ + bytes > kMaxTomlFileBytes) {
    full_ = true;
    return false;
  }
  text_bytes_ += bytes;
  for (std::size_t i = 0; i < soldiers_.size() && i < intents.size(); ++i) {
    Soldier& s = soldiers_[i];
    if (const std::optional<InputEvent>& e = events[i]) {
      s.events.push_back(*e);
      if (e->vx) s.held.vx_desired = *e->vx;
      if (e->aim) s.held.has_aim = true, s.held.aim_world = *e->aim;
      if (e->stance) s.held.stance = *e->stance;
      if (e->climb) s.held.climb = *e->climb;
    }
  }
  ++steps_;
  return true;
}

std::string SessionRecorder::scenario_text(const std::string& origin) const {
  std::string out = "# Recorded by soldier play: " + origin + "\n";
  out += "# Replays bit for bit: soldier trace --scenario THIS_FILE --out trace.csv\n";
  out += "duration = " + toml_number(seconds()) + "\n";
  out += "dt = " + toml_number(dt_) + "\n";
  out += "seed = " + std::to_string(seed_) + "\n";

  if (!terrain_.ground.empty() || !terrain_.boxes.empty() || !terrain_.ladders.empty()) {
    out += "\n[world]\n";
    if (!terrain_.ground.empty()) {
      out += "ground = [";
      for (std::size_t i = 0; i < terrain_.ground.size(); ++i) out += (i ? ", " : "") + point(terrain_.ground[i]);
      out += "]\n";
    }
    if (!terrain_.boxes.empty()) {
      out += "boxes = [";
      for (std::size_t i = 0; i < terrain_.boxes.size(); ++i) {
        const anim::Box& b = terrain_.boxes[i];
        out += std::string(i ? ", " : "") + "{ x = " + toml_number(b.x) + ", width = " + toml_number(b.width) +
               ", height = " + toml_number(b.height) + " }";
      }
      out += "]\n";
    }
    if (!terrain_.ladders.empty()) {
      out += "ladders = [";
      for (std::size_t i = 0; i < terrain_.ladders.size(); ++i) {
        const anim::Ladder& l = terrain_.ladders[i];
        out += std::string(i ? ", " : "") + "{ x = " + toml_number(l.x) + ", bottom = " + toml_number(l.bottom) +
               ", top = " + toml_number(l.top) + " }";
      }
      out += "]\n";
    }
  }
  // The tuning is written only when it is not the built-in one, so a plain recording stays
  // short; with it the file replays the tuned motion on its own.
  if (!same_tuning(tuning_, anim::Tuning{})) out += tuning_to_toml(tuning_, "tuning");

  for (const Soldier& s : soldiers_) {
    out += "\n[[soldier]]\n";
    out += "id = " + toml_string(s.spec.id) + "\n";
    out += "x = " + toml_number(s.spec.x) + "\n";
    out += "facing = " + std::to_string(s.spec.facing < 0 ? -1 : 1) + "\n";
    if (!s.character.empty()) out += "character = " + toml_string(s.character) + "\n";
    out += "height = " + toml_number(s.spec.height) + "\n";
    // Who he is (issue 15): drawn with his kit and his team's colours in a replay too.
    if (s.spec.role != anim::Role::rifleman) out += "role = \"" + std::string(anim::role_name(s.spec.role)) + "\"\n";
    if (s.spec.team != 0) out += "team = " + std::to_string(s.spec.team) + "\n";
    for (const InputEvent& e : s.events) out += input_text(e);
  }
  return out;
}

}  // namespace game
