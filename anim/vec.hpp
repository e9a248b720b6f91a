#pragma once
// Conventions for all of anim/ (ARCHITECTURE.md): metres, seconds, radians; world x to the
// right, y up. A character is solved in its facing frame (facing +x) and mirrored at the end.
// Geometry is double precision so bone lengths hold to 1e-9 relative (issue 2).
#include <glm/vec2.hpp>
#include <glm/geometric.hpp>

#include <cmath>

namespace anim {

using vec2 = glm::dvec2;

inline constexpr double kPi = 3.14159265358979323846;
inline constexpr double kGravity = 9.81;  // m/s^2

// 2D cross product (z of the 3D cross): > 0 when b is counter-clockwise of a.
inline double cross(vec2 a, vec2 b) { return a.x * b.y - a.y * b.x; }

// Unit vector at angle `a` (radians, counter-clockwise from +x).
inline vec2 direction(double a) { return {std::cos(a), std::sin(a)}; }

// Angle of a vector, counter-clockwise from +x; 0 for the zero vector (defined, finite).
inline double angle_of(vec2 v) { return (v.x == 0.0 && v.y == 0.0) ? 0.0 : std::atan2(v.y, v.x); }

// Wraps an angle into (-pi, pi].
inline double wrap_angle(double a) {
  a = std::remainder(a, 2.0 * kPi);
  return a <= -kPi ? a + 2.0 * kPi : a;
}

inline bool is_finite(vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

inline double clamp01(double t) { return t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t); }

// Smooth 0..1 ramp with zero slope at both ends (C1), for blends that must not pop.
inline double smoothstep01(double t) {
  t = clamp01(t);
  return t * t * (3.0 - 2.0 * t);
}

// The same ramp with zero curvature at both ends too (C2), for a blend whose second
// derivative is itself watched (an acceleration: the pelvis path).
inline double smootherstep01(double t) {
  t = clamp01(t);
  return t * t * t * (t * (6.0 * t - 15.0) + 10.0);
}

}  // namespace anim
