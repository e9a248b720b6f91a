#include "game/core/critique_checks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>

namespace game {
namespace {

constexpr double kLadderReach = 0.8;  // m: as close as the sandbox lets a soldier take a ladder
constexpr double kBoxReach = 0.3;     // m: a soldier this close to a box's faces is taking it

bool in_state(anim::State s, std::initializer_list<anim::State> any) {
  return std::find(any.begin(), any.end(), s) != any.end();
}

std::string line(const std::string& id, const char* asked, double since, anim::State shows, double t) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "soldier \"%s\" was asked to %s at %.2f s and is in state %s at %.2f s", id.c_str(),
                asked, since, std::string(anim::state_name(shows)).c_str(), t);
  return buf;
}

std::string at_box(const std::string& id, double height, anim::State shows, double t) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "soldier \"%s\" is at a %.2f m box and is in state %s at %.2f s, not vault or climb",
                id.c_str(), height, std::string(anim::state_name(shows)).c_str(), t);
  return buf;
}

}  // namespace

std::vector<std::string> unshown_requests(const Scenario& scenario, double t,
                                          std::span<const anim::CharacterFrame> frames) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < scenario.soldiers.size() && i < frames.size(); ++i) {
    const SoldierScript& s = scenario.soldiers[i];
    const anim::CharacterFrame& f = frames[i];
    anim::Stance stance = anim::Stance::stand;
    double stance_t = 0.0, die_t = -1.0, climb_t = 0.0;
    int climb = 0;
    for (const InputEvent& e : s.inputs) {
      if (e.t > t) break;
      if (e.stance) stance = *e.stance, stance_t = e.t;
      if (e.die) die_t = e.t;
      if (e.get_up) die_t = -1.0;
      if (e.climb) climb = *e.climb, climb_t = e.t;
    }
    if (die_t >= 0.0) {
      if (!in_state(f.state, {anim::State::ragdoll})) out.push_back(line(s.spec.id, "die", die_t, f.state, t));
      continue;
    }
    if (stance == anim::Stance::crouch && !in_state(f.state, {anim::State::crouch}))
      out.push_back(line(s.spec.id, "crouch", stance_t, f.state, t));
    if (stance == anim::Stance::kneel && !in_state(f.state, {anim::State::kneel}))
      out.push_back(line(s.spec.id, "kneel", stance_t, f.state, t));
    if (stance == anim::Stance::prone && !in_state(f.state, {anim::State::prone}))
      out.push_back(line(s.spec.id, "go prone", stance_t, f.state, t));
    const bool at_ladder = std::any_of(scenario.terrain.ladders.begin(), scenario.terrain.ladders.end(),
                                       [&](const anim::Ladder& l) { return std::abs(l.x - f.x) < kLadderReach; });
    if (climb != 0 && at_ladder && !in_state(f.state, {anim::State::ladder, anim::State::climb}))
      out.push_back(line(s.spec.id, climb > 0 ? "climb the ladder" : "climb down the ladder", climb_t, f.state, t));
    for (const anim::Box& b : scenario.terrain.boxes) {
      if (f.x < b.x - kBoxReach || f.x > b.x + b.width + kBoxReach) continue;
      if (!in_state(f.state, {anim::State::vault, anim::State::climb})) out.push_back(at_box(s.spec.id, b.height, f.state, t));
    }
  }
  return out;
}

}  // namespace game
