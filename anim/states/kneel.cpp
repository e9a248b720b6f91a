#include "anim/states/kneel.hpp"

#include "anim/gait/pelvis.hpp"
#include "anim/gait/stance_roll.hpp"
#include "anim/states/posture.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

vec2 mix(vec2 a, vec2 b, double w) { return a + (b - a) * w; }
double mix(double a, double b, double w) { return a + (b - a) * w; }

constexpr double kReachBlend = 0.04;  // m: the band over which a leg's reach takes over the hips

// The highest the hips over x may be for a leg whose ankle is at `ankle` (Rule 2's reach).
double reach_cap(vec2 ankle, double hip_x, double reach) {
  const double dx = hip_x - ankle.x;
  return ankle.y + std::sqrt(std::max(0.0, reach * reach - dx * dx));
}

}  // namespace

vec2 swung_toe(const Proportions& body, vec2 ankle, double pitch) { return ankle - ankle_from_toe(body, {0.0, 0.0}, pitch); }

KneelLayout kneel_layout(vec2 front_ankle, const Proportions& body, const KneelTuning& t) {
  const double thigh = body.thigh, shank = body.shank;
  KneelLayout k;
  // The rear thigh alone spans hip to floor: the hips a thigh over the bearing knee.
  const double hip_y = t.knee_height + thigh;
  // The front shin vertical over its foot; the front thigh from the hips to that knee.
  const double dy = front_ankle.y + shank - hip_y;
  const double hx = std::sqrt(std::max(0.0, thigh * thigh - dy * dy));
  k.pelvis = {front_ankle.x - hx, hip_y};
  k.rear_knee = {k.pelvis.x, t.knee_height};
  // The rear shin along the ground, back from the knee.
  const double ady = t.ankle_height - t.knee_height;
  k.rear_ankle = {k.pelvis.x - std::sqrt(std::max(0.0, shank * shank - ady * ady)), t.ankle_height};
  // The instep along the ground: the ball behind the ankle, the sole up, the ball a foot's
  // thickness (the ankle's height) over the floor.
  const vec2 foot{body.toe_forward(), -body.ankle_height};  // ankle -> ball with the foot flat
  const double reach = glm::length(foot);
  const double delta = std::asin(std::clamp((k.rear_ankle.y - body.ankle_height) / reach, -1.0, 1.0));
  const double toward = kPi + delta;  // back, a little down
  k.rear_toe = k.rear_ankle + reach * direction(toward);
  k.rear_pitch = wrap_angle(angle_of(foot) - toward);
  return k;
}

KneelPose kneel_pose(const KneelInput& in, const Proportions& body, const KneelTuning& t) {
  const double s = clamp01(std::isfinite(in.share) ? in.share : 0.0);
  KneelPose p;
  const Side front = in.ankle_start[index(Side::near)].x >= in.ankle_start[index(Side::far)].x ? Side::near : Side::far;
  const Side rear = front == Side::near ? Side::far : Side::near;
  p.rear = rear;
  const KneelLayout k = kneel_layout(in.ankle_start[index(front)], body, t);
  p.rear_knee = k.rear_knee;

  // The front foot stays where it stood (Rule 2: a planted foot is still).
  p.ankle[index(front)] = in.ankle_start[index(front)];
  p.toe[index(front)] = in.toe_start[index(front)];
  p.pitch[index(front)] = in.pitch_start[index(front)];
  p.planted[index(front)] = true;
  p.bearing[index(front)] = Bearing::ball;

  // The rear foot: stepped back onto its toes, lifted (never slid); then the ball holds while
  // the foot rolls over it onto the instep as the knee comes down.
  const double step = std::clamp(t.step_share, 0.05, 0.95);
  const vec2 tucked_toe{k.rear_toe.x, 0.0};
  const double u = clamp01(s / step), v = clamp01((s - step) / (1.0 - step));
  const std::size_t r = index(rear);
  if (s < step) {
    // Swinging, the foot turns about its ankle (it hangs from the leg).
    const double ue = smootherstep01(u);
    const double arc = std::sin(kPi * u);
    p.pitch[r] = mix(in.pitch_start[r], t.tuck_pitch, ue);
    p.ankle[r] = mix(in.ankle_start[r], ankle_from_toe(body, tucked_toe, t.tuck_pitch), ue) + vec2{0.0, t.step_lift * arc * arc};
    p.toe[r] = swung_toe(body, p.ankle[r], p.pitch[r]);
    p.planted[r] = u <= 0.0;
    p.bearing[r] = Bearing::ball;
  } else {
    // Planted on its toes, it rolls over the ball, which holds (Rule 2).
    const double ve = smootherstep01(v);
    p.toe[r] = mix(tucked_toe, k.rear_toe, ve);
    p.pitch[r] = mix(t.tuck_pitch, k.rear_pitch, ve);
    p.ankle[r] = ankle_from_toe(body, p.toe[r], p.pitch[r]);
    p.planted[r] = true;
    p.bearing[r] = Bearing::tip;
    p.knee_down[r] = v >= 1.0;
  }

  // The hips: back over the rear knee early (so the stepping leg can reach back), down late;
  // never further from either foot than a leg reaches (Rule 2).
  const double back = smootherstep01(std::min(1.0, s / 0.6));
  p.pelvis.x = mix(in.pelvis_forward_start, k.pelvis.x, back);
  const double reach = t.reach_share * (body.thigh + body.shank);
  double y = mix(in.pelvis_start, k.pelvis.y, smootherstep01(s));
  // (A smooth minimum: a reach taking over puts no corner in the hips' path.)
  for (Side side : kSides) y = smooth_min(y, reach_cap(p.ankle[index(side)], p.pelvis.x, reach), kReachBlend);
  p.pelvis.y = y;
  return p;
}

}  // namespace anim
