#include "anim/states/posture.hpp"

#include "anim/vec.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

constexpr double kStandMaxSpeed = 8.0;  // m/s: standing, the gait's own limit (issue 3)

double level_cap(double level, const StanceTuning& t) {
  if (level <= kStandLevel) return kStandMaxSpeed;
  if (level <= kCrouchLevel) return t.crouch_max_speed;
  if (level < kProneLevel) return t.kneel_max_speed;  // any way through the kneel: still
  return t.prone_max_speed;
}

// The cap over the levels [a, b]: the slowest posture the body is in or passes through.
double span_cap(double a, double b, const StanceTuning& t) {
  const double lo = std::min(a, b), hi = std::max(a, b);
  double cap = std::min(level_cap(lo, t), level_cap(hi, t));
  for (double l = std::ceil(lo); l < hi; l += 1.0) cap = std::min(cap, level_cap(l, t));
  // Inside a link (not at its ends) both its postures' limits hold.
  if (hi > lo || std::floor(lo) != lo) {
    const double a_end = std::floor(lo), b_end = std::ceil(hi);
    if (lo > a_end) cap = std::min(cap, std::min(level_cap(a_end, t), level_cap(a_end + 1.0, t)));
    if (hi < b_end) cap = std::min(cap, std::min(level_cap(b_end - 1.0, t), level_cap(b_end, t)));
  }
  return cap;
}

double link_time(double lower_level, double speed, const StanceTuning& t) {
  if (lower_level < kCrouchLevel) return t.crouch_time + t.crouch_time_per_speed * speed;
  if (lower_level < kKneelLevel) return t.kneel_time;
  return t.prone_time;
}

Stance stance_at(double level) {
  if (level < 0.5) return Stance::stand;
  if (level < 1.5) return Stance::crouch;
  if (level < 2.5) return Stance::kneel;
  return Stance::prone;
}

}  // namespace

double stance_level(Stance s) {
  switch (s) {
    case Stance::crouch: return kCrouchLevel;
    case Stance::kneel: return kKneelLevel;
    case Stance::prone: return kProneLevel;
    case Stance::stand: break;
  }
  return kStandLevel;
}

PostureLink posture_link(double level) {
  level = std::clamp(std::isfinite(level) ? level : 0.0, kStandLevel, kProneLevel);
  const double lower = std::min(std::floor(level), kProneLevel - 1.0);
  PostureLink k;
  k.lower = stance_at(lower);
  k.upper = stance_at(lower + 1.0);
  k.raw = level - lower;
  k.share = smootherstep01(k.raw);
  return k;
}

double posture_speed_cap(const PostureState& s, Stance request, const StanceTuning& t) {
  // Moving toward a posture, the body first slows to what the next link allows; settled,
  // the posture's own limit holds.
  const double goal = stance_level(request);
  if (s.level == goal) return level_cap(goal, t);
  const double next = goal > s.level ? std::min(goal, std::floor(s.level) + 1.0) : std::max(goal, std::ceil(s.level) - 1.0);
  return span_cap(s.level, next, t);
}

PostureOutput step_posture(PostureState& s, const PostureInput& in, const StanceTuning& t) {
  if (!std::isfinite(s.level)) s.level = kStandLevel;
  s.level = std::clamp(s.level, kStandLevel, kProneLevel);
  const double goal = stance_level(in.request);
  const double dt = std::isfinite(in.dt) ? std::max(0.0, in.dt) : 0.0;
  // One link at a time: toward the next whole level on the way to the goal, and only once
  // the body is slow enough for the link (the cap has been braking it meanwhile).
  if (s.level != goal) {
    const double dir = goal > s.level ? 1.0 : -1.0;
    const double next = dir > 0.0 ? std::min(goal, std::floor(s.level) + 1.0) : std::max(goal, std::ceil(s.level) - 1.0);
    const double cap = span_cap(s.level, next, t);
    const bool inside = s.level != std::floor(s.level);  // a link once begun is not held up
    if (inside || in.speed <= cap + t.entry_speed_slack) {
      const double lower = std::min(s.level, next);
      const double speed = std::isfinite(in.speed) ? std::abs(in.speed) : 0.0;
      const double rate = 1.0 / std::max(1e-3, link_time(std::floor(lower), speed, t));
      const double moved = s.level + dir * rate * dt;
      s.level = dir > 0.0 ? std::min(moved, next) : std::max(moved, next);
    }
  }
  PostureOutput out;
  out.level = s.level;
  out.link = posture_link(s.level);
  out.speed_cap = posture_speed_cap(s, in.request, t);
  out.settled = s.level == goal;
  // The trace names the posture the body is nearer (a change reads as the one it heads
  // into once past half way).
  switch (stance_at(s.level)) {
    case Stance::crouch: out.state = State::crouch; break;
    case Stance::kneel: out.state = State::kneel; break;
    case Stance::prone: out.state = State::prone; break;
    case Stance::stand: out.state = State::stand; break;
  }
  return out;
}

}  // namespace anim
