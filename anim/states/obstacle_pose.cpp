#include "anim/states/obstacle_pose.hpp"

#include "anim/gait/stance_roll.hpp"
#include "anim/ik.hpp"
#include "anim/states/rifle_carry.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

vec2 lerp(vec2 a, vec2 b, double w) { return a + (b - a) * w; }
double lerp(double a, double b, double w) { return a + (b - a) * w; }

// The foot's ankle from its ball in the world (ankle_from_toe is in the facing frame).
vec2 ankle_of(const FootTarget& f, int sign, const Proportions& body) {
  const vec2 off = ankle_from_toe(body, {0.0, 0.0}, f.pitch);
  return f.ball + vec2{off.x * sign, off.y};
}

vec2 ball_of(vec2 ankle, double pitch, int sign, const Proportions& body) {
  const vec2 off = ankle_from_toe(body, {0.0, 0.0}, pitch);
  return ankle - vec2{off.x * sign, off.y};
}

}  // namespace

BodyTargets mix(const BodyTargets& a, const BodyTargets& b, double w) {
  BodyTargets o = w > 0.5 ? b : a;
  o.pelvis = lerp(a.pelvis, b.pelvis, w);
  o.lean = lerp(a.lean, b.lean, w);
  for (Side s : kSides) {
    const std::size_t i = index(s);
    o.foot[i].ball = lerp(a.foot[i].ball, b.foot[i].ball, w);
    o.foot[i].pitch = lerp(a.foot[i].pitch, b.foot[i].pitch, w);
    // A foot bears between two holds only where it stays (a moving foot is a step, not a slide).
    const bool stays = glm::length(a.foot[i].ball - b.foot[i].ball) < 0.005;
    o.foot[i].planted = w <= 0.0 ? a.foot[i].planted : (w >= 1.0 ? b.foot[i].planted : a.foot[i].planted && b.foot[i].planted && stays);
    // A hand keeps its hold's point while it goes to or leaves it: only the weight moves.
    o.hand[i].point = a.hand[i].weight <= 0.0 ? b.hand[i].point
                      : (b.hand[i].weight <= 0.0 ? a.hand[i].point : lerp(a.hand[i].point, b.hand[i].point, w));
    o.hand[i].weight = lerp(a.hand[i].weight, b.hand[i].weight, w);
    // A hand holds on between two holds only where it stays (on its way it holds nothing).
    const bool held = glm::length(a.hand[i].point - b.hand[i].point) < 0.005;
    o.hand[i].bearing = w <= 0.0 ? a.hand[i].bearing : (w >= 1.0 ? b.hand[i].bearing : a.hand[i].bearing && b.hand[i].bearing && held);
  }
  o.sling = lerp(a.sling, b.sling, w);
  o.elbows_out = lerp(a.elbows_out, b.elbows_out, w);
  return o;
}

BodyTargets sample_keys(std::span<const MoveKey> keys, double t) {
  if (keys.empty()) return {};
  if (!(t > keys.front().t)) return keys.front().pose;
  for (std::size_t k = 1; k < keys.size(); ++k) {
    if (t <= keys[k].t) {
      const double span = keys[k].t - keys[k - 1].t;
      const double w = span > 1e-9 ? smoothstep01((t - keys[k - 1].t) / span) : 1.0;
      return mix(keys[k - 1].pose, keys[k].pose, w);
    }
  }
  return keys.back().pose;
}

BodyTargets sample_keys_over_edge(std::span<const MoveKey> keys, double t, double face_x, double top_y, int sign,
                                  const Proportions& body_of_keys) {
  BodyTargets b = sample_keys(keys, t);
  constexpr double kClear = 0.06;        // m over the edge (at 0.03 a 1.84 m man's knee met the corner and the guard lifted his foot 6 cm for a step)
  constexpr double kSwingRadius = 0.3;   // m the ankle keeps from the hips (as a deep knee bend allows)
  constexpr double kHangPitch = 1.0;     // rad the toes hang down on the way up
  constexpr double kHangShare = 0.6;     // of the way: by then they are level again
  for (std::size_t k = 1; k < keys.size(); ++k) {
    if (t > keys[k].t || t <= keys[k - 1].t) continue;
    const double s = smoothstep01((t - keys[k - 1].t) / (keys[k].t - keys[k - 1].t));
    for (Side side : kSides) {
      const vec2 a = keys[k - 1].pose.foot[index(side)].ball, c = keys[k].pose.foot[index(side)].ball;
      const bool a_out = (a.x - face_x) * sign < 0.0, c_out = (c.x - face_x) * sign < 0.0;
      const bool a_on = !a_out && a.y >= top_y - 1e-6, c_on = !c_out && c.y >= top_y - 1e-6;
      if (!((a_out && c_on) || (a_on && c_out))) continue;
      // The ankle up, over and down (step_over), never nearer the hips than kSwingRadius (a foot
      // drawn through the hip would flip its knee); the toes hang down on the way up (the ball
      // under the ankle, so the boot's tip does not catch the face) and are level over the edge.
      const FootTarget& fa = keys[k - 1].pose.foot[index(side)];
      const FootTarget& fc = keys[k].pose.foot[index(side)];
      const double lift = top_y + kClear + body_of_keys.ankle_height;
      vec2 ankle = step_over(ankle_of(fa, sign, body_of_keys), ankle_of(fc, sign, body_of_keys), lift, s);
      const vec2 from_hip = ankle - b.pelvis;
      if (glm::length(from_hip) < kSwingRadius) ankle = b.pelvis + from_hip * (kSwingRadius / std::max(glm::length(from_hip), 1e-9));
      FootTarget f = b.foot[index(side)];
      f.pitch = fa.pitch + (fc.pitch - fa.pitch) * s + kHangPitch * std::sin(kPi * std::min(1.0, s / kHangShare));
      f.ball = ball_of(ankle, f.pitch, sign, body_of_keys);
      b.foot[index(side)] = f;
    }
  }
  return b;
}

double foot_swing_time(const BodyTargets& from, const BodyTargets& to) {
  double far = 0.0;
  for (Side s : kSides) far = std::max(far, glm::length(to.foot[index(s)].ball - from.foot[index(s)].ball));
  return far / kFootSwingSpeed;
}

vec2 step_over(vec2 from, vec2 to, double clear_y, double s) {
  s = clamp01(s);
  const double top = std::max({clear_y, from.y, to.y});
  // Three legs of one path, by length, each eased: up, across, down.
  const double up = top - from.y, across = std::abs(to.x - from.x), down = top - to.y;
  const double total = up + across + down;
  if (total < 1e-9) return to;
  const double d = s * total;
  if (d < up) return {from.x, from.y + up * smoothstep01(d / up)};
  if (d < up + across) return {lerp(from.x, to.x, smoothstep01((d - up) / across)), top};
  return {to.x, top - down * smoothstep01((d - up - across) / std::max(down, 1e-9))};
}

vec2 swing_about(vec2 from, vec2 to, vec2 hip, double w, double min_radius, int sign) {
  const vec2 f0{(from.x - hip.x) * sign, from.y - hip.y};  // facing frame, from the hips
  const vec2 f1{(to.x - hip.x) * sign, to.y - hip.y};
  const double a0 = angle_of(f0), a1 = a0 + wrap_angle(angle_of(f1) - a0);
  const double r0 = glm::length(f0), r1 = glm::length(f1);
  // The radius between the ends' own, pushed out to min_radius mid-way (exact at both ends).
  const double along = r0 + (r1 - r0) * w;
  const double r = along + std::max(0.0, min_radius - along) * std::sin(kPi * clamp01(w));
  const vec2 swung = direction(a0 + (a1 - a0) * w) * r;
  return {hip.x + sign * swung.x, hip.y + swung.y};
}

namespace {

// The knee of a foot at f with the hips at `hip` (the legs' IK, knees forward).
vec2 knee_of(const FootTarget& f, vec2 hip, int sign, const Proportions& body) {
  const TwoBoneIkInput ik{hip, ankle_of(f, sign, body), body.thigh, body.shank,
                          sign > 0 ? BendSide::counter_clockwise : BendSide::clockwise};
  return solve_two_bone_ik(ik).mid;
}

}  // namespace

FootTarget clear_of_box(FootTarget f, vec2 hip, double x0, double x1, double top_y, int sign, const Proportions& body) {
  // m: a joint touching the box is on it, not in it (lifting a foot for a knee that only touches
  // the face put its ankle up 6 cm for one step, and down again)
  constexpr double kTouch = 0.001;
  auto inside = [&](vec2 p) { return p.x > x0 + kTouch && p.x < x1 - kTouch && p.y < top_y - kTouch; };
  for (int i = 0; i < 80; ++i) {
    if (!inside(knee_of(f, hip, sign, body)) && !inside(f.ball) && !inside(ankle_of(f, sign, body))) return f;
    f.ball.y += 0.01;
  }
  return f;
}

void keep_feet_clear(BodyTargets& b, double x0, double x1, double top_y, double band, int sign, const Proportions& body) {
  for (Side s : kSides) {
    FootTarget& f = b.foot[index(s)];
    if (f.planted) continue;
    // Lower in the band's, the move's own placement keeps the knee out; but a tall man's knee
    // reaches the corner with his ball still below the band (it went 1.1 cm in at 1.84 m).
    const vec2 knee = knee_of(f, b.pelvis, sign, body);
    constexpr double kTouch = 0.001;  // m (as clear_of_box's)
    const bool knee_in = knee.x > x0 + kTouch && knee.x < x1 - kTouch && knee.y < top_y - kTouch;
    if (f.ball.y > top_y - band || knee_in) f = clear_of_box(f, b.pelvis, x0, x1, top_y, sign, body);
  }
}

vec2 shoulder_of(vec2 pelvis, double lean, int sign, const Proportions& body) {
  Pose p;
  p.pelvis_facing = {0.0, 0.0};
  p.spine_lower = lean;
  p.spine_upper = 0.0;
  const vec2 s = forward_kinematics(p, body, BodyFrame{})[index(Joint::shoulder_near)];
  return pelvis + vec2{s.x * sign, s.y};
}

vec2 pelvis_below(vec2 shoulder, double lean, int sign, const Proportions& body) {
  return shoulder - (shoulder_of({0.0, 0.0}, lean, sign, body));
}

GaitOutput as_gait_output(const BodyTargets& b, int sign, const Proportions& body, const GaitOutput& from, double ease) {
  GaitOutput g;
  g.steps = from.steps;
  g.phase = from.phase;
  g.params = from.params;
  g.standing = false;
  g.pelvis_y = b.pelvis.y;
  const double reach = 0.999 * body.leg();
  // A foot in the air eases into the leg's full length instead of snapping to it (Rule 8: near
  // a straight leg the knee swings several times as far as the ankle travels; a swing reaching
  // out to its landing moved the knee 8 cm in a step). Beyond kSoftFrom L the hip-to-ankle
  // distance approaches kSoftTo L and never gets there. A bearing foot stays where it bears.
  constexpr double kSoftFrom = 0.94, kSoftTo = 0.995;
  const double soft_from = kSoftFrom * body.leg(), soft_span = (kSoftTo - kSoftFrom) * body.leg();
  for (Side s : kSides) {
    const FootTarget& t = b.foot[index(s)];
    FootOutput& f = g.feet[index(s)];
    vec2 ankle = ankle_of(t, sign, body);
    vec2 ball = t.ball;
    const vec2 leg = ankle - b.pelvis;
    const double len = glm::length(leg);
    const bool pulled = len > reach;  // (pulled in along the leg, it bears nothing)
    const double soft = len > soft_from ? soft_from + soft_span * std::tanh((len - soft_from) / soft_span) : len;
    const double to = t.planted && !pulled ? len : std::min(reach, len + (soft - len) * clamp01(ease));
    if (to < len) {  // the whole foot moves with its ankle
      const vec2 moved = b.pelvis + leg * (to / len);
      ball += moved - ankle;
      ankle = moved;
    }
    f.planted = t.planted && !pulled;
    f.toe_world = ball;
    f.contact_world = ball;
    f.foothold_world = ball;
    f.bearing = Bearing::ball;
    f.pitch = t.pitch;
    f.ankle_world = ankle;
  }
  return g;
}

RiflePoints slung_rifle(const RiflePoints& held, vec2 pelvis, vec2 shoulder, int sign, double sling) {
  const double w = smoothstep01(sling);
  if (w <= 0.0) return held;
  const vec2 up = shoulder - pelvis;
  const double trunk = std::max(glm::length(up), 1e-6);
  const vec2 along = up / trunk;
  // The trunk's normal pointing behind him (a quarter turn from `along`, away from the facing).
  const vec2 behind = sign > 0 ? vec2{-along.y, along.x} : vec2{along.y, -along.x};
  // Slung across the back, the rifle lies along it: the butt behind the hips, the muzzle up past
  // the shoulder, a little off the spine's line so it stands clear of the pack.
  constexpr double kTilt = 0.15;       // rad off the spine's line, toward the back
  constexpr double kOffBack = 0.13;    // m behind the spine's line (the trunk's half depth)
  constexpr double kButtUp = 0.05;     // share of the trunk above the hips
  const vec2 dir = glm::normalize(along * std::cos(kTilt) + behind * std::sin(kTilt));
  const vec2 slung_butt = pelvis + behind * kOffBack + along * (kButtUp * trunk);
  return rifle_moved_toward(held, slung_butt, dir, w);  // (it keeps its length through the sling)
}

void hold_hands(RiflePoints& hand_targets, const BodyTargets& b, const BodyFrame& frame) {
  std::array<vec2*, 2> on_rifle = {&hand_targets.grip, &hand_targets.fore};
  for (Side s : kSides) {
    const HandTarget& h = b.hand[index(s)];
    const double w = clamp01(h.weight);
    if (w <= 0.0) continue;
    vec2& target = *on_rifle[index(s)];
    target = lerp(target, frame.to_facing(h.point), w);
  }
}

ArmTuning arms_for(const ArmTuning& arms, const BodyTargets& b) {
  // A pull-up's elbows go out to the sides, ~80 deg from the sagittal plane.
  constexpr double kElbowsOut = 1.4;  // rad
  const double w = clamp01(b.elbows_out);
  ArmTuning out = arms;
  out.firing_elbow_out = lerp(arms.firing_elbow_out, kElbowsOut, w);
  out.support_elbow_out = lerp(arms.support_elbow_out, kElbowsOut, w);
  return out;
}

BodyTargets pose_of(const CharacterFrame& f, const GaitOutput& g) {
  BodyTargets b;
  b.pelvis = f.joints[index(Joint::pelvis)];
  b.lean = f.pose.spine_lower + f.pose.spine_upper;
  for (Side s : kSides) {
    const std::size_t i = index(s);
    b.foot[i].ball = g.feet[i].toe_world;
    b.foot[i].pitch = g.feet[i].pitch;
    b.foot[i].planted = g.feet[i].planted;
    b.hand[i].point = f.joints[index(s == Side::near ? Joint::hand_near : Joint::hand_far)];
    b.hand[i].weight = 0.0;
  }
  return b;
}

}  // namespace anim
