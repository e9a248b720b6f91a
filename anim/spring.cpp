#include "anim/spring.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

// Unit vector of v, or `fallback` for a (near) zero vector.
vec2 unit_or(vec2 v, vec2 fallback) {
  const double l = glm::length(v);
  return l > 1e-12 ? v / l : fallback;
}

// The point at `length` from `from` toward `toward` (keeping the direction `fallback` if the
// two coincide): the distance constraint of seed 001 section 4.
vec2 at_distance(vec2 from, vec2 toward, double length, vec2 fallback) {
  return from + unit_or(toward - from, fallback) * length;
}

// The end of a link of `length` from `parent` toward `end`, turned back inside the cone of
// half-angle `max_bend` (given as its cosine and sine) around `rest_dir` (unit) if it lies
// outside. No trigonometry unless it does.
vec2 within_cone(vec2 parent, vec2 end, vec2 rest_dir, double length, double cos_max, double sin_max) {
  const vec2 d = unit_or(end - parent, rest_dir);
  if (glm::dot(rest_dir, d) >= cos_max) return end;
  const double side = rest_dir.x * d.y - rest_dir.y * d.x < 0.0 ? -sin_max : sin_max;
  const vec2 turned{rest_dir.x * cos_max - rest_dir.y * side, rest_dir.x * side + rest_dir.y * cos_max};
  return parent + turned * length;
}

bool all_finite(const ChainPose& pose) {
  if (!is_finite(pose.root) || !is_finite(pose.gravity) || (pose.pinned && !is_finite(pose.tip))) return false;
  for (vec2 d : pose.rest_dir)
    if (!is_finite(d)) return false;
  for (double l : pose.length)
    if (!std::isfinite(l)) return false;
  return true;
}

bool state_finite(const SpringChain& chain) {
  for (std::size_t i = 0; i < chain.position.size(); ++i)
    if (!is_finite(chain.position[i]) || !is_finite(chain.velocity[i])) return false;
  return true;
}

// Longest stable sub-step for these constants (see ChainLimits::max_substep).
double substep_bound(const SpringParams& p, const ChainLimits& limits) {
  double h = limits.max_substep;
  if (p.stiffness > 0.0 && p.mass > 0.0) h = std::min(h, 0.5 * std::sqrt(p.mass / p.stiffness));
  if (p.damping > 0.0 && p.mass > 0.0) h = std::min(h, 0.5 * p.mass / p.damping);
  return h;
}

// Re-applies the distance constraints root to tip (and the pin), velocities untouched.
void hold_lengths(SpringChain& chain, const ChainPose& pose, const ChainLimits& limits) {
  vec2 parent = pose.root;
  for (std::size_t i = 0; i < chain.position.size(); ++i) {
    chain.position[i] = at_distance(parent, chain.position[i], pose.length[i], pose.rest_dir[i]);
    parent = chain.position[i];
  }
  if (pose.pinned)
    pin_chain_tip(chain.position, pose.root, pose.tip, pose.length, static_cast<int>(std::clamp(limits.pin_iterations, 1.0, 1000.0)), limits.pin_tolerance);
}

}  // namespace

SpringParams link_spring(const SpringParams& base, double stiffening, std::size_t i) {
  const double s = std::max(stiffening, 1.0);
  // (pow's own answers where they are plain: x^0 = 1, x^1 = x, 1^y = 1; the gear reads this
  // for every link of every chain on every solve, issue 14)
  const double ks = i == 0 || s == 1.0 ? 1.0 : (i == 1 ? s : std::pow(s, static_cast<double>(i)));
  return {base.stiffness * ks, base.damping * std::sqrt(ks), base.mass};
}

double damping_ratio(double stiffness, double damping, double mass) {
  if (!(stiffness > 0.0) || !(mass > 0.0)) return 0.0;
  return damping / (2.0 * std::sqrt(stiffness * mass));
}

double natural_frequency(const SpringParams& p) {
  if (!(p.stiffness > 0.0) || !(p.mass > 0.0)) return 0.0;
  return std::sqrt(p.stiffness / p.mass);
}

void step_link(vec2& position, vec2& velocity, vec2 parent, vec2 parent_velocity, vec2 rest_dir, double length,
               const SpringParams& spring, vec2 gravity, double max_speed, double h) {
  const vec2 start = position;
  spring_step(position, velocity, parent + rest_dir * length, spring, h, parent_velocity, gravity);
  position = at_distance(parent, position, length, rest_dir);
  velocity = (position - start) / h;
  const vec2 relative = velocity - parent_velocity;
  const double speed = glm::length(relative);
  if (speed > max_speed) velocity = parent_velocity + relative * (max_speed / speed);
}

void pin_chain_tip(std::span<vec2> position, vec2 root, vec2 tip, std::span<const double> length, int iterations,
                   double tolerance) {
  const std::size_t n = position.size();
  if (n == 0) return;
  for (int it = 0;; ++it) {
    // Root to tip: each end at its length from its parent (the root is fixed).
    vec2 parent = root;
    for (std::size_t i = 0; i < n; ++i) {
      position[i] = at_distance(parent, position[i], length[i], {0.0, -1.0});
      parent = position[i];
    }
    if (glm::length(position[n - 1] - tip) <= tolerance || it >= iterations) break;
    // Tip to root: the last end on the pin, each end at its length from its child.
    position[n - 1] = tip;
    for (std::size_t i = n - 1; i-- > 0;)
      position[i] = at_distance(position[i + 1], position[i], length[i + 1], {0.0, 1.0});
  }
  position[n - 1] = tip;
}

void chain_reset(SpringChain& chain, const ChainPose& pose, const ChainLimits& limits) {
  const std::size_t n = pose.rest_dir.size();
  chain.position.assign(n, pose.root);
  chain.velocity.assign(n, vec2{});
  vec2 parent = pose.root;
  for (std::size_t i = 0; i < n; ++i) {
    chain.position[i] = parent + pose.rest_dir[i] * pose.length[i];
    parent = chain.position[i];
  }
  if (pose.pinned)
    pin_chain_tip(chain.position, pose.root, pose.tip, pose.length, static_cast<int>(std::clamp(limits.pin_iterations, 1.0, 1000.0)), limits.pin_tolerance);
  chain.root_prev = pose.root;
  chain.tip_prev = pose.tip;
  chain.primed = true;
}

bool chain_step(SpringChain& chain, const ChainPose& pose, const SpringParams& spring, const ChainLimits& limits,
                double dt_raw) {
  const double dt = std::isfinite(dt_raw) && dt_raw > 0.0 ? dt_raw : 0.0;  // a bad step is no time
  const std::size_t n = pose.rest_dir.size();
  const bool sane_input = all_finite(pose) && pose.length.size() == n;
  const bool sane_state = chain.primed && chain.position.size() == n && chain.velocity.size() == n && state_finite(chain);
  // The stiffest link sets the sub-step.
  const double bound = substep_bound(link_spring(spring, pose.stiffening, n > 0 ? n - 1 : 0), limits);
  const double substeps = dt > 0.0 && bound > 0.0 ? std::ceil(dt / bound) : 0.0;
  const bool teleport = glm::length(pose.root - chain.root_prev) > limits.teleport_distance ||
                        (pose.pinned && glm::length(pose.tip - chain.tip_prev) > limits.teleport_distance);
  if (!sane_input || !sane_state || pose.reset || teleport || dt > limits.max_step || !(bound > 0.0) ||
      substeps > limits.max_substeps) {
    if (sane_input) chain_reset(chain, pose, limits);
    return true;
  }
  if (dt == 0.0) {
    hold_lengths(chain, pose, limits);
    chain.root_prev = pose.root;
    chain.tip_prev = pose.tip;
    return false;
  }

  const int count = static_cast<int>(substeps);
  const double h = dt / count;
  const vec2 root_velocity = (pose.root - chain.root_prev) / dt;
  const vec2 tip_velocity = (pose.tip - chain.tip_prev) / dt;
  // A pinned chain's last end is not a spring bone: it rides on the pin.
  const std::size_t free_links = pose.pinned && n > 0 ? n - 1 : n;
  std::vector<vec2> before;  // a pinned chain's ends before the pin moved them
  const bool bend_limited = pose.max_bend < kPi;
  const double cos_bend = bend_limited ? std::cos(pose.max_bend) : -1.0, sin_bend = bend_limited ? std::sin(pose.max_bend) : 0.0;
  // Each link's spring once per step, not once per sub-step (issue 14: the gear's cost).
  std::vector<SpringParams> springs(free_links);
  for (std::size_t i = 0; i < free_links; ++i) springs[i] = link_spring(spring, pose.stiffening, i);
  const int pin_iterations = static_cast<int>(std::clamp(limits.pin_iterations, 1.0, 1000.0));
  for (int s = 1; s <= count; ++s) {
    const double share = static_cast<double>(s) / count;
    const vec2 root = chain.root_prev + (pose.root - chain.root_prev) * share;
    // Root to tip (seed 001 section 5): link i's parent is link i - 1 as solved just now;
    // the damper works against the parent's motion (in the parent's frame, F = -k x - c v).
    vec2 parent = root;
    vec2 parent_velocity = root_velocity;
    for (std::size_t i = 0; i < free_links; ++i) {
      step_link(chain.position[i], chain.velocity[i], parent, parent_velocity, pose.rest_dir[i], pose.length[i],
                springs[i], pose.gravity, limits.max_speed, h);
      if (bend_limited) {
        const vec2 held = within_cone(parent, chain.position[i], pose.rest_dir[i], pose.length[i], cos_bend, sin_bend);
        chain.velocity[i] += (held - chain.position[i]) / h;  // the cone's wall stops the motion into it
        chain.position[i] = held;
      }
      parent = chain.position[i];
      parent_velocity = chain.velocity[i];
    }
    if (pose.pinned && n > 0) {
      const vec2 tip = chain.tip_prev + (pose.tip - chain.tip_prev) * share;
      before.assign(chain.position.begin(), chain.position.end());
      pin_chain_tip(chain.position, root, tip, pose.length, pin_iterations, limits.pin_tolerance);
      // The pin moved the free ends: their velocities take that displacement too.
      for (std::size_t i = 0; i + 1 < n; ++i) chain.velocity[i] += (chain.position[i] - before[i]) / h;
      chain.velocity[n - 1] = tip_velocity;
    }
  }
  chain.root_prev = pose.root;
  chain.tip_prev = pose.tip;
  return false;
}

}  // namespace anim
