#include "anim/states/pose_blend.hpp"

#include <cmath>

namespace anim {

namespace {

// A rifle point in the bar's own frame: along butt -> muzzle and square to it, m.
vec2 on_bar(vec2 q, vec2 butt, vec2 along, vec2 across) { return {glm::dot(q - butt, along), glm::dot(q - butt, across)}; }

struct Bar {
  vec2 butt{}, along{1.0, 0.0}, across{0.0, 1.0};
  double length = 0.0;
  vec2 grip{}, fore{};  // in the bar's frame
};

Bar bar_of(const RiflePoints& r) {
  Bar b;
  b.butt = r.butt;
  const vec2 e = r.muzzle - r.butt;
  b.length = glm::length(e);
  if (b.length > 1e-9) b.along = e / b.length;
  b.across = {-b.along.y, b.along.x};
  b.grip = on_bar(r.grip, b.butt, b.along, b.across);
  b.fore = on_bar(r.fore, b.butt, b.along, b.across);
  return b;
}

vec2 lerp(vec2 a, vec2 b, double w) { return a + (b - a) * w; }

}  // namespace

BodyPoints body_points(const CharacterFrame& f) { return {f.joints, f.rifle, f.skull}; }

vec2 polar_lerp(vec2 a, vec2 b, double w) {
  const double la = glm::length(a), lb = glm::length(b);
  if (la < 1e-12 && lb < 1e-12) return lerp(a, b, w);
  const double aa = la < 1e-12 ? angle_of(b) : angle_of(a);
  const double ab = lb < 1e-12 ? aa : angle_of(b);
  return (la + (lb - la) * w) * direction(aa + wrap_angle(ab - aa) * w);
}

BodyPoints blend_points(const BodyPoints& a, const BodyPoints& b, double w) {
  w = clamp01(w);
  if (w == 0.0) return a;
  if (w == 1.0) return b;
  BodyPoints out;
  // Parents come before children (kJointParent), the root is its own parent.
  const std::size_t root = index(Joint::pelvis);
  out.joints[root] = lerp(a.joints[root], b.joints[root], w);
  for (std::size_t i = 0; i < kJointCount; ++i) {
    const std::size_t p = index(kJointParent[i]);
    if (p == i) continue;
    out.joints[i] = out.joints[p] + polar_lerp(a.joints[i] - a.joints[p], b.joints[i] - b.joints[p], w);
  }
  // The rifle: its grip from the near hand, its bar turned and its holds slid along it.
  const std::size_t hand = index(Joint::hand_near);
  const Bar ba = bar_of(a.rifle), bb = bar_of(b.rifle);
  const vec2 grip = out.joints[hand] + polar_lerp(a.rifle.grip - a.joints[hand], b.rifle.grip - b.joints[hand], w);
  const vec2 along = glm::normalize(polar_lerp(ba.along, bb.along, w));
  const vec2 across{-along.y, along.x};
  const double length = ba.length + (bb.length - ba.length) * w;
  const vec2 grip_on = lerp(ba.grip, bb.grip, w), fore_on = lerp(ba.fore, bb.fore, w);
  const vec2 butt = grip - grip_on.x * along - grip_on.y * across;
  out.rifle = {butt, grip, butt + fore_on.x * along + fore_on.y * across, butt + length * along};
  out.skull = glm::normalize(polar_lerp(a.skull, b.skull, w));
  return out;
}

void translate(BodyPoints& p, vec2 by) {
  for (vec2& j : p.joints) j += by;
  for (vec2* q : {&p.rifle.butt, &p.rifle.grip, &p.rifle.fore, &p.rifle.muzzle}) *q += by;
}

}  // namespace anim
