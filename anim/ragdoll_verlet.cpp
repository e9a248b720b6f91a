#include "anim/ragdoll_verlet.hpp"

#include <cmath>

namespace anim {

void integrate_ragdoll(RagdollPositions& p, RagdollPositions& previous, double velocity_scale, double max_travel,
                       vec2 drop) {
  const double max2 = max_travel * max_travel;
  for (std::size_t i = 0; i < kRagdollPoints; ++i) {
    vec2 v = (p[i] - previous[i]) * velocity_scale;
    const double v2 = glm::dot(v, v);
    if (v2 > max2) v *= max_travel / std::sqrt(v2);
    previous[i] = p[i];
    p[i] += v + drop;
  }
}

void damp_bones(const RagdollRig& rig, const RagdollPositions& p, RagdollPositions& previous, double share) {
  for (const RagdollBone& b : rig.bones) {
    // The start's velocity is that of its point on the spine (the shoulder) when it is one.
    const std::size_t a0 = b.a0, a1 = b.a1, e = b.b;
    const vec2 va = (1.0 - b.t) * (p[a0] - previous[a0]) + b.t * (p[a1] - previous[a1]);
    const vec2 ve = p[e] - previous[e];
    const double wa = (1.0 - b.t) * (1.0 - b.t) * rig.inv_mass[a0] + b.t * b.t * rig.inv_mass[a1], we = rig.inv_mass[e];
    const double w = wa + we;
    if (!(w > 0.0)) continue;
    // Moving the relative velocity by -share of it: the end by we / w of that, the start by wa / w.
    const vec2 change = share * (ve - va) / w;
    previous[e] += we * change;  // a larger previous position is a smaller velocity
    previous[a0] -= (1.0 - b.t) * rig.inv_mass[a0] * change;
    previous[a1] -= b.t * rig.inv_mass[a1] * change;
  }
}

}  // namespace anim
