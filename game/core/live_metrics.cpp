#include "game/core/live_metrics.hpp"

#include "anim/metrics.hpp"

#include <algorithm>
#include <cmath>

namespace game {
namespace {

constexpr std::array<std::string_view, kRule8Count> kNames = {"foot drift", "knee bend", "hip / leg", "bone error",
                                                              "limb over-length"};

struct Leg { anim::Joint hip, ankle, toe; };
constexpr std::array<Leg, 2> kLegs = {{{anim::Joint::hip_near, anim::Joint::ankle_near, anim::Joint::toe_near},
                                       {anim::Joint::hip_far, anim::Joint::ankle_far, anim::Joint::toe_far}}};
constexpr std::array<std::array<anim::Joint, 2>, 2> kArms = {{{anim::Joint::shoulder_near, anim::Joint::hand_near},
                                                             {anim::Joint::shoulder_far, anim::Joint::hand_far}}};

}  // namespace

std::string_view rule8_name(Rule8 r) {
  const std::size_t i = static_cast<std::size_t>(r);
  return i < kNames.size() ? kNames[i] : "?";
}

void LiveMetrics::add(const anim::CharacterFrame& f, const anim::Terrain& terrain, const Rule8Limits& limits) {
  using anim::index;
  auto at = [&](anim::Joint j) { return f.joints[index(j)]; };
  std::array<double, kRule8Count> v{};

  const std::array<double, 2> drift = drift_.add(f);  // the bearing point's, as anim::measure_gait
  v[static_cast<std::size_t>(Rule8::foot_drift)] = std::max(drift[0], drift[1]);
  v[static_cast<std::size_t>(Rule8::knee_bend)] =
      std::min(anim::knee_bend(f, anim::Side::near), anim::knee_bend(f, anim::Side::far));
  const anim::vec2 pelvis = at(anim::Joint::pelvis);
  const double leg = f.body_size.leg();
  v[static_cast<std::size_t>(Rule8::hip_over_leg)] = (pelvis.y - terrain.height_at(pelvis.x)) / leg;
  reading_.turning = std::abs(f.body.x_scale()) < 1.0;
  v[static_cast<std::size_t>(Rule8::bone_error)] = reading_.turning ? 0.0 : anim::bone_error(f);
  double over = 0.0;
  for (const Leg& l : kLegs) over = std::max(over, glm::length(at(l.ankle) - at(l.hip)) - leg);
  for (const auto& a : kArms) over = std::max(over, glm::length(at(a[1]) - at(a[0])) - f.body_size.arm());
  v[static_cast<std::size_t>(Rule8::limb_overlength)] = over;

  // Which direction is bad differs per rule: knee bend and hip height are minima.
  std::array<bool, kRule8Count> bad{};
  bad[0] = v[0] > limits.foot_drift;
  bad[1] = v[1] < limits.knee_bend - 1e-9;
  // The hips' floor is the gait's (Rule 8: a walk or a run must not sink); a vault's crouch, a
  // seat on an edge or a landing's bend go lower on purpose.
  const bool gait = f.state == anim::State::stand || f.state == anim::State::walk || f.state == anim::State::run;
  bad[2] = gait && v[2] < limits.hip_over_leg;
  bad[3] = v[3] > limits.bone_error;
  bad[4] = v[4] > limits.limb_overlength;
  for (std::size_t i = 0; i < kRule8Count; ++i) {
    if (!std::isfinite(v[i])) bad[i] = true;
    const bool minimum = i == 1 || i == 2;
    if (i == 2 && !gait) continue;  // (the worst hips are the gait's; see bad[2])
    if (!seeded_[i]) reading_.worst[i] = v[i];
    else reading_.worst[i] = minimum ? std::min(reading_.worst[i], v[i]) : std::max(reading_.worst[i], v[i]);
    seeded_[i] = true;
    reading_.violations[i] += bad[i] ? 1 : 0;
  }
  reading_.value = v;
  reading_.violated = bad;

  contacts_.push_back({f.contact[0], f.contact[1]});
  while (contacts_.size() > kHistory) contacts_.pop_front();
}

}  // namespace game
