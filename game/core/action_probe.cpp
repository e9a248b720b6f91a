#include "game/core/action_probe.hpp"

#include <algorithm>
#include <cmath>

namespace game {
namespace {
double butt_to_shoulder(const anim::CharacterFrame& f) {
  return glm::length(f.rifle.butt - f.joints[anim::index(anim::Joint::shoulder_near)]);
}
constexpr double kRecoilShow = 0.003;  // m: a kick smaller than this is invisible at any zoom
}  // namespace

ActionProbe state_probe(std::string what, std::vector<anim::State> expect, std::size_t soldier, double now,
                        double within) {
  ActionProbe p;
  p.what = std::move(what);
  p.expect = std::move(expect);
  p.soldier = soldier;
  p.deadline = now + within;
  return p;
}

ActionProbe recoil_probe(std::string what, const anim::CharacterFrame& f, std::size_t soldier, double now,
                         double within) {
  ActionProbe p;
  p.what = std::move(what);
  p.kind = ActionProbe::Kind::recoil;
  p.soldier = soldier;
  p.deadline = now + within;
  p.butt_to_shoulder = butt_to_shoulder(f);
  return p;
}

void ActionProbes::start(ActionProbe probe) {
  std::erase_if(probes_, [&](const ActionProbe& p) { return p.what == probe.what; });
  probes_.push_back(std::move(probe));
}

std::vector<std::string> ActionProbes::check(std::span<const anim::CharacterFrame> frames, double now) {
  std::vector<std::string> failed;
  std::erase_if(probes_, [&](const ActionProbe& p) {
    if (p.soldier >= frames.size()) return true;
    const anim::CharacterFrame& f = frames[p.soldier];
    bool shown = false;
    if (p.kind == ActionProbe::Kind::state)
      shown = std::find(p.expect.begin(), p.expect.end(), f.state) != p.expect.end();
    else
      shown = std::abs(butt_to_shoulder(f) - p.butt_to_shoulder) > kRecoilShow;
    if (shown) return true;
    if (now >= p.deadline) {
      failed.push_back(p.what);
      return true;
    }
    return false;
  });
  return failed;
}

void Notes::add(std::string text, double now) {
  for (std::size_t i = 0; i < texts_.size(); ++i) {
    if (texts_[i] == text) {
      until_[i] = now + kLifetime;
      return;
    }
  }
  texts_.push_back(std::move(text));
  until_.push_back(now + kLifetime);
}

void Notes::expire(double now) {
  for (std::size_t i = texts_.size(); i-- > 0;) {
    if (until_[i] > now) continue;
    texts_.erase(texts_.begin() + static_cast<std::ptrdiff_t>(i));
    until_.erase(until_.begin() + static_cast<std::ptrdiff_t>(i));
  }
}

}  // namespace game
