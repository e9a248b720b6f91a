#include "anim/states/prone.hpp"

#include "anim/gait/stance_roll.hpp"
#include "anim/gait/step_variation.hpp"
#include "anim/states/posture.hpp"
#include "anim/states/rifle_carry.hpp"
#include "anim/skeleton.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace anim {

namespace {

vec2 mix(vec2 a, vec2 b, double w) { return a + (b - a) * w; }
double mix(double a, double b, double w) { return a + (b - a) * w; }

constexpr double kLegsInDistance = 0.8;  // strides: the crawl comes in over most of a cycle crawled
constexpr double kLegsOutTime = 0.6;     // s: still, the drawn-up leg stretches back over this
// Lying still the thighs and the pelvis bear, not the knees: their pads rest this far over their
// bearing height (a hair, unseen), so no knee is planted that the crawl's first push would slide.
constexpr double kRestKneeClear = 0.003;  // m
constexpr std::uint32_t kCheckChannel = 11;  // hashed_unit channel of the head's checks

double stride_of(const ProneTuning& t) { return std::max(0.05, t.crawl_stride); }  // m, never 0

// A crawling limb at its own phase psi: how far it has gone back relative to the body since
// it planted (m) and its lift. Planted, it goes back at exactly body speed (the phase is by
// distance, so it is still in the world, Rule 2); then it is carried forward a stride in the
// WORLD, eased (it leaves its place and arrives at the next at rest, no jerk), lifted.
struct CrawlLimb {
  double back = 0.0;  // m: 0 at the plant, stance * stride at the lift-off
  double lift = 0.0;  // m
  bool planted = false;
};
// 0..1 with zero velocity, acceleration and jerk at both ends (35u^4 - 84u^5 + 70u^6 - 20u^7):
// along the floor a limb starts and stops later than its lift (sin^2, ~u^2), so it is off the
// floor before it moves along it and still when it comes down.
double ease_along(double u) {
  u = clamp01(u);
  const double u4 = u * u * u * u;
  return u4 * (35.0 + u * (-84.0 + u * (70.0 - 20.0 * u)));
}

CrawlLimb crawl_limb(double psi, double stance, double stride, double lift) {
  psi -= std::floor(psi);
  if (psi < stance) return {stride * psi, 0.0, true};
  const double u = (psi - stance) / (1.0 - stance);
  const double arc = std::sin(kPi * u);
  // world: a stride forward, eased; the body meanwhile goes (1 - stance) * stride * u.
  return {stride * (stance + (1.0 - stance) * u - ease_along(u)), lift * arc * arc, false};
}

// The farthest back a crawling limb goes relative to the body, m: past its stance's end, as it
// lifts off it is still nearly still in the world while the body goes on (sampled finely).
double crawl_back_most(double stance, double stride) {
  // (Issue 14: its 256 samples were a crawling soldier's costliest part. It is a function of
  // two tuning constants alone, so each thread keeps its last answer for them: the same bits.)
  struct Last {
    std::uint64_t stance = 0, stride = 0;
    double most = 0.0;
    bool set = false;
  };
  thread_local Last last;
  const auto stance_bits = std::bit_cast<std::uint64_t>(stance), stride_bits = std::bit_cast<std::uint64_t>(stride);
  if (last.set && last.stance == stance_bits && last.stride == stride_bits) return last.most;
  double most = stance * stride;
  constexpr int kSamples = 256;
  for (int k = 1; k < kSamples; ++k)
    most = std::max(most, crawl_limb(stance + (1.0 - stance) * k / kSamples, stance, stride, 0.0).back);
  last = {stance_bits, stride_bits, most, true};
  return most;
}

// A leg whose knee is at `knee` (facing frame, on the floor or lifted) out to the side by the
// depth the thigh's length leaves it: the ankle behind it at height `ankle_y` by what the
// shank's length leaves at that depth. (frog_knee finds this same knee from the hip and this
// ankle, so the knee the body shows is the one planted.)
vec2 crawl_ankle(vec2 hip, vec2 knee, double ankle_y, const Proportions& body) {
  const vec2 up = knee - hip;
  const double depth2 = std::max(0.0, body.thigh * body.thigh - glm::dot(up, up));
  const double rise = ankle_y - knee.y;
  const double along = std::sqrt(std::max(0.0, body.shank * body.shank - depth2 - rise * rise));
  return {knee.x - along, ankle_y};
}

// Where the shoulders are lying flat, facing frame, from the posture's trunk (the skeleton's
// trunk without the torso's own small lean): the crawl's hands plant ahead of here.
vec2 prone_shoulder(vec2 pelvis, double lean, double raise, const Proportions& body) {
  const double lower = kPi / 2.0 - lean, upper = lower + raise;
  const vec2 neck = pelvis + kLowerSpineShare * body.trunk * direction(lower) + (1.0 - kLowerSpineShare) * body.trunk * direction(upper);
  return neck - kShoulderDropShare * body.trunk * direction(upper);
}

}  // namespace

double crawl_leg_phase(double phase, Side side) { return phase + (side == Side::near ? 0.0 : 0.5); }
double crawl_hand_phase(double phase, Side side) {
  return crawl_leg_phase(phase, side == Side::near ? Side::far : Side::near);
}

void step_prone_crawl(ProneState& s, double travelled, bool flat, double dt, const ProneTuning& t) {
  const double dist = std::isfinite(travelled) ? std::abs(travelled) : 0.0;
  const double stride = stride_of(t);
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

  // Lying flat, the crawl on its diagonal pairs (a hand with the opposite knee): each pair
  // planted together and still in the world while the body goes over it, then carried forward
  // lifted. While the crawl comes in (or lets out, still) the limbs are lifted and carried to
  // their places in the cycle, the hands off the rifle: they bear once it is wholly in.
  const double legs_in = clamp01(in.legs) * be;
  const double w = smootherstep01(legs_in);
  p.hands = w;
  const vec2 shoulder = prone_shoulder(p.pelvis, p.trunk_lean, p.chest_raise, body);
  for (Side side : kSides) {
    p.hand[index(side)] = shoulder + vec2{t.crawl_hand_reach, t.crawl_hand_height - shoulder.y};
    p.knee_lift[index(side)] = kRestKneeClear * be * (1.0 - w);
  }
  if (w > 0.0) {
    const double arc_in = std::sin(kPi * legs_in);
    const double carried = t.crawl_lift * arc_in * arc_in;
    const bool in_full = legs_in >= 1.0;
    // At its farthest back (as it lifts off) the knee's thigh lies nearly straight back along
    // the floor; it planted that much nearer the hips.
    const vec2 hip = p.pelvis;
    const double drop = hip.y - kt.knee_height;
    const double reach = t.crawl_knee_reach * std::sqrt(std::max(0.0, body.thigh * body.thigh - drop * drop));
    const double plant = reach - crawl_back_most(t.crawl_stance, stride_of(t));
    for (Side side : kSides) {
      const std::size_t i = index(side);
      const CrawlLimb leg = crawl_limb(crawl_leg_phase(in.crawl_phase, side), t.crawl_stance, stride_of(t), t.crawl_lift);
      const vec2 knee{hip.x - plant - leg.back, kt.knee_height + leg.lift};
      const vec2 ankle = crawl_ankle(hip, knee, p.ankle[i].y + leg.lift, body);
      const vec2 foot = p.toe[i] - p.ankle[i];
      p.ankle[i] = mix(p.ankle[i], ankle, w) + vec2{0.0, carried};
      p.toe[i] = p.ankle[i] + foot;
      p.knee_lift[i] += leg.lift * w + carried;
      p.knee_down[i] = in_full && leg.planted;
      p.planted[i] = false;  // the knee bears; the boot trails on its instep

      const CrawlLimb arm = crawl_limb(crawl_hand_phase(in.crawl_phase, side), t.crawl_stance, stride_of(t), t.crawl_hand_lift);
      p.hand[i] += vec2{-arm.back, arm.lift + carried};
      p.hand_down[i] = in_full && arm.planted;
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

RiflePoints crawl_rifle(const RiflePoints& held, vec2 hand, double sign, double w) {
  w = clamp01(std::isfinite(w) ? w : 0.0);
  if (w <= 0.0) return held;
  constexpr double kOverHand = 0.12;   // m: the bore over the hand's grip point, the handguard on the forearm (the magazine clear of the floor)
  constexpr double kMuzzleUp = 0.06;   // rad: the muzzle carried a little up, off the floor
  const double length = std::max(glm::length(held.muzzle - held.butt), 1e-6);
  const double fore_share = glm::length(held.fore - held.butt) / length;
  const vec2 along{(sign < 0.0 ? -1.0 : 1.0) * std::cos(kMuzzleUp), std::sin(kMuzzleUp)};
  return rifle_moved_toward(held, hand + vec2{0.0, kOverHand} - along * (fore_share * length), along, w);
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
