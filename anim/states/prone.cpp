#include "anim/states/prone.hpp"

#include "anim/gait/stance_roll.hpp"
#include "anim/gait/step_variation.hpp"
#include "anim/states/posture.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

vec2 mix(vec2 a, vec2 b, double w) { return a + (b - a) * w; }
double mix(double a, double b, double w) { return a + (b - a) * w; }

constexpr double kLegsInDistance = 0.5;  // strides: the crawl's legs come in over half a cycle crawled
constexpr double kLegsOutTime = 0.6;     // s: still, the drawn-up leg stretches back over this
constexpr std::uint32_t kCheckChannel = 11;  // hashed_unit channel of the head's checks

// The crawl's offset of an ankle from its rest (extended) place, along x (toward the hips, +)
// and up, at the leg's own phase psi: drawn up by `draw` as the toe plants, pushing back to 0
// through the stance (the toe still in the world), then carried forward again lifted.
vec2 crawl_offset(double psi, double stance, double draw, double lift) {
  psi -= std::floor(psi);
  if (psi < stance) return {draw * (1.0 - psi / stance), 0.0};
  const double u = (psi - stance) / (1.0 - stance);
  const double arc = std::sin(kPi * u);
  return {draw * smootherstep01(u), lift * arc * arc};
}

}  // namespace

double crawl_draw(const ProneTuning& t) { return t.crawl_stance * t.crawl_stride; }

void step_prone_crawl(ProneState& s, double travelled, bool flat, double dt, const ProneTuning& t) {
  const double dist = std::isfinite(travelled) ? std::abs(travelled) : 0.0;
  const double stride = std::max(0.05, t.crawl_stride);
  if (flat) {
    // Rule 1: by the distance along the facing; backing away the cycle runs backwards (the
    // time-reverse of a crawl), so the planted toes still hold.
    s.phase += (std::isfinite(travelled) ? travelled : 0.0) / stride;
    s.phase -= std::floor(s.phase);
  }
  if (flat && dist > 1e-9)
    s.legs = std::min(1.0, s.legs + dist / (kLegsInDistance * stride));
  else
    s.legs = std::max(0.0, s.legs - std::max(0.0, dt) / kLegsOutTime);
}

PronePose prone_pose(const ProneInput& in, const Proportions& body, const KneelTuning& kt, const ProneTuning& t) {
  const KneelPose& k = in.kneel;
  const Side rear = k.rear;
  const Side front = rear == Side::near ? Side::far : Side::near;
  const std::size_t r = index(rear), f = index(front);
  const double s = clamp01(std::isfinite(in.share) ? in.share : 0.0);
  const double fs = std::clamp(t.fours_share, 0.05, 0.95);
  const double a = clamp01(s / fs), b = clamp01((s - fs) / (1.0 - fs));
  const double ae = smootherstep01(a), be = smootherstep01(b);
  PronePose p;

  // On to the hands and knees: the front foot steps back beside the rear one, lifted, and its
  // knee comes down beside the other; the rear foot holds.
  p.ankle[r] = k.ankle[r];
  p.toe[r] = k.toe[r];
  p.pitch[r] = k.pitch[r];
  p.planted[r] = true;
  p.knee_down[r] = b <= 0.0;
  const double arc = std::sin(kPi * a);
  // (The toe leads the arc, the foot turning over it: the toe clears the floor all the way.)
  p.pitch[f] = mix(k.pitch[f], k.pitch[r], ae);
  p.toe[f] = mix(k.toe[f], k.toe[r], ae) + vec2{0.0, t.step_lift * arc * arc};
  p.ankle[f] = ankle_from_toe(body, p.toe[f], p.pitch[f]);
  p.planted[f] = a <= 0.0 || a >= 1.0;
  p.knee_down[f] = a >= 1.0 && b <= 0.0;

  // Then down: the feet hold where they lie; the hips go forward and down until the legs lie
  // nearly straight back along the ground.
  const double leg = body.thigh + body.shank;
  const vec2 ankle = k.ankle[r];
  const double rise = t.pelvis_height - ankle.y;
  const double reach = t.leg_extension * leg;
  const vec2 flat{ankle.x + std::sqrt(std::max(0.0, reach * reach - rise * rise)), t.pelvis_height};
  p.pelvis = mix(k.pelvis, flat, be);
  p.trunk_lean = a < 1.0 ? mix(kt.trunk_lean, t.fours_lean, ae) : mix(t.fours_lean, t.trunk_lean, be);
  p.chest_raise = mix(0.0, t.chest_raise, be);
  p.flat = be;

  // Lying flat, the crawl: the legs in antiphase, each drawn up out to the side as
  // its toe plants and pushing back through its stance (Rule 2: the planted toe is still).
  // While the crawl's legs come in (or let out, still) the feet are lifted and carried to
  // their places in the cycle: they bear again once it is wholly in (or out).
  const double legs_in = clamp01(in.legs) * be;
  const double legs = smootherstep01(legs_in);
  if (legs > 0.0) {
    const double draw = crawl_draw(t);
    const double arc_in = std::sin(kPi * legs_in);
    const double carried = t.crawl_lift * arc_in * arc_in;
    for (Side side : kSides) {
      const double psi = in.crawl_phase + (side == Side::near ? 0.0 : 0.5);
      const vec2 off = crawl_offset(psi, t.crawl_stance, draw, t.crawl_lift) * legs + vec2{0.0, carried};
      p.ankle[index(side)] += off;
      p.toe[index(side)] += off;
      const double q = psi - std::floor(psi);
      p.planted[index(side)] = legs_in >= 1.0 && q < t.crawl_stance;
    }
  }
  return p;
}

double prone_face_pitch(const ProneLookInput& in, const ProneTuning& t) {
  const double aimed = std::clamp(in.aim_pitch, -t.aim_down_max, t.aim_up_max);
  if (in.has_aim) return aimed;
  if (in.moving) return t.look_up;
  // Still: the head rests, and in some periods (hashed on the block and the seed, so a
  // replay repeats it) it lifts to check and lets down again.
  const double period = std::max(0.5, t.check_period);
  const double time = std::isfinite(in.time) ? std::max(0.0, in.time) : 0.0;
  const auto block = static_cast<std::int64_t>(std::floor(time / period));
  const bool checks = 0.5 + 0.5 * hashed_unit(in.seed, block, kCheckChannel) < t.check_share;
  const double into = time - static_cast<double>(block) * period;
  const double span = std::min(std::max(0.1, t.check_time), period);
  double up = 0.0;
  if (checks && into < span) {
    const double w = std::sin(kPi * into / span);
    up = w * w;
  }
  return mix(t.rest_pitch, t.look_up, up);
}

double follow_face(ProneState& s, double target, double dt, const ProneTuning& t) {
  if (!s.face_set || !std::isfinite(s.face)) {
    s.face = target;
    s.face_rate = 0.0;
    s.face_set = true;
    return s.face;
  }
  const double w = std::max(0.1, t.face_response);
  const double h = std::isfinite(dt) ? std::clamp(dt, 0.0, 0.1) : 0.0;
  s.face_rate += (w * w * (target - s.face) - 2.0 * w * s.face_rate) * h;  // semi-implicit Euler
  s.face += s.face_rate * h;
  return s.face;
}

FrogKnee frog_knee(vec2 hip, vec2 ankle, vec2 ik_knee, double floor_y, const Proportions& body) {
  if (ik_knee.y >= floor_y) return {ik_knee, 0.0};
  const double T = body.thigh, S = body.shank;
  // The knee on the floor, its side-view point where both bones' 3D lengths agree on one depth:
  // |k - hip|^2 - |k - ankle|^2 = T^2 - S^2, linear in k.x.
  const double ky = floor_y;
  const double denom = 2.0 * (ankle.x - hip.x);
  double kx = hip.x;
  if (std::abs(denom) > 1e-9) {
    kx = (T * T - S * S - hip.x * hip.x + ankle.x * ankle.x - (ky - hip.y) * (ky - hip.y) + (ky - ankle.y) * (ky - ankle.y)) /
         denom;
  }
  const vec2 knee{kx, ky};
  const vec2 up = knee - hip;
  const double d2 = T * T - glm::dot(up, up);
  if (!(d2 >= 0.0) || !std::isfinite(kx)) return {ik_knee, 0.0};
  return {knee, std::sqrt(d2)};
}

}  // namespace anim
