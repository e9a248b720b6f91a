#include "anim/states/get_up.hpp"

#include "anim/states/get_up_keys.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

// Facing frame -> world about `origin`, turned by `tilt` rad (onto a slope) first.
void place(BodyPoints& p, vec2 origin, int facing, double tilt) {
  const vec2 c = direction(tilt);
  auto to_world = [&](vec2 q) {
    const vec2 r{c.x * q.x - c.y * q.y, c.y * q.x + c.x * q.y};
    return vec2{origin.x + facing * r.x, origin.y + r.y};
  };
  for (vec2& j : p.joints) j = to_world(j);
  for (vec2* q : {&p.rifle.butt, &p.rifle.grip, &p.rifle.fore, &p.rifle.muzzle}) *q = to_world(*q);
  const vec2 s{c.x * p.skull.x - c.y * p.skull.y, c.y * p.skull.x + c.x * p.skull.y};
  p.skull = {facing * s.x, s.y};
}

// Raised until every part clears the ground by its disc (the level: continuous over edges).
void lift_clear(BodyPoints& p, const GroundClearance& c, const Terrain& terrain, double share) {
  double lift = 0.0;
  for (std::size_t i = 0; i < kJointCount; ++i)
    lift = std::max(lift, terrain.level_at(p.joints[i].x) + c[i] - p.joints[i].y);
  if (lift > 0.0) translate(p, {0.0, lift * share});
}

// Moves `p` so that joint `j` is at `at`.
void pin(BodyPoints& p, Joint j, vec2 at) { translate(p, at - p.joints[index(j)]); }

// Sliding the get-up out of boxes (slide_out_of_boxes): tried this many times (a slide away
// from one box may meet another); how far clear it keeps is GetUpTuning's box_margin and
// stand_reach.
constexpr int kBoxAttempts = 4;

// The motion's segments: lying (held), lying -> risen, risen -> kneel, kneel -> stand.
constexpr std::size_t kSegments = kGetUpKeys + 1;

// The part he pushes on through each segment: it goes straight from key to key (and stays
// put where both keys have it in one place), the body moving about it.
Joint anchor_of(std::size_t segment, bool face_up) {
  constexpr std::array<Joint, kSegments> kDown = {Joint::pelvis, Joint::hand_near, Joint::knee_far, Joint::ankle_near};
  constexpr std::array<Joint, kSegments> kUp = {Joint::pelvis, Joint::pelvis, Joint::ankle_near, Joint::ankle_near};
  return (face_up ? kUp : kDown)[std::min(segment, kSegments - 1)];
}

double span(double v, double lo) { return std::isfinite(v) ? std::clamp(v, lo, 5.0) : lo; }

// s from the start to the end of each segment.
std::array<double, kSegments> segment_ends(const GetUp& g, const GetUpTuning& t) {
  std::array<double, kSegments> end{};
  end[0] = g.lie;
  end[1] = end[0] + span(t.rise_time, 0.05);
  end[2] = end[1] + span(t.kneel_time, 0.05);
  end[3] = end[2] + span(t.stand_time, 0.05);
  return end;
}

// The key poses placed for a get-up about x0 (world m): lying where the ragdoll lay, on the
// slope there (the ground's tilt as the facing frame sees it); sat up or on all fours half
// tilted; the kneel upright.
void place_keys(GetUp& g, double x0, bool face_up, const Proportions& body, const RifleSpec& rifle,
                const GroundClearance& c, const Terrain& terrain) {
  const double tilt = std::atan(g.facing * terrain.slope_at(x0, 0.6));
  const std::array<double, kGetUpKeys> tilt_share = {1.0, 0.5, 0.0};
  for (std::size_t k = 0; k < kGetUpKeys; ++k) {
    BodyPoints p = get_up_key(static_cast<GetUpKey>(k), face_up, body, rifle);
    place(p, {x0, terrain.level_at(x0)}, g.facing, tilt * tilt_share[k]);
    // Each key after the first keeps the part he pushes on where the key before had it.
    if (k > 0) {
      const Joint anchor = anchor_of(k, face_up);
      const vec2 was = g.keys[k - 1].joints[index(anchor)];
      pin(p, anchor, {was.x, p.joints[index(anchor)].y});
    } else {
      pin(p, Joint::pelvis, {x0, p.joints[index(Joint::pelvis)].y});
    }
    translate(p, {0.0, terrain.level_at(p.joints[index(Joint::pelvis)].x) - terrain.level_at(x0)});
    lift_clear(p, c, terrain, 1.0);
    g.keys[k] = p;
  }
}

// How far along x the placed keys must slide so that no joint's disc (plus box_margin) is in
// a box below its top, m: away from the box (the side its middle is not on, seen from where
// he lay), 0 when none is. A joint over a box's top is clear of it (an arm across a crate).
double slide_out_of_boxes(const std::array<BodyPoints, kGetUpKeys>& keys, int facing, const GroundClearance& c,
                          const Terrain& terrain, double lay_x, const GetUpTuning& tuning) {
  const double margin = std::isfinite(tuning.box_margin) ? std::clamp(tuning.box_margin, 0.0, 0.5) : 0.15;
  const double reach = std::isfinite(tuning.stand_reach) ? std::clamp(tuning.stand_reach, 0.2, 1.2) : 0.6;
  double slide = 0.0;
  for (const Box& b : terrain.boxes) {
    if (!(std::isfinite(b.x) && std::isfinite(b.width) && std::isfinite(b.height) && b.width > 0.0 && b.height > 0.0)) continue;
    const double top = terrain.ground_at(b.x) + b.height, left = b.x, right = b.x + b.width;
    const bool go_left = left + 0.5 * b.width > lay_x;
    auto keep_out = [&](vec2 q, double radius) {
      const double r = radius + margin;
      if (!(q.y < top + radius && q.x > left - r && q.x < right + r)) return;
      slide = go_left ? std::min(slide, left - r - q.x) : std::max(slide, right + r - q.x);
    };
    for (const BodyPoints& key : keys)
      for (std::size_t i = 0; i < kJointCount; ++i) keep_out(key.joints[i], c[i]);
    // The living stand he ends in, over the kneel's front foot: its hands on the rifle reach
    // stand_reach ahead of it.
    const BodyPoints& kneel = keys[static_cast<std::size_t>(GetUpKey::kneel)];
    const vec2 foot = kneel.joints[index(Joint::ankle_near)];
    keep_out({foot.x + facing * reach, foot.y + 1.0}, c[index(Joint::hand_far)]);
  }
  return slide;
}

}  // namespace

GetUp start_get_up(const BodyPoints& frozen, bool face_up, int facing, const Proportions& body, const RifleSpec& rifle,
                   const GetUpTuning& tuning, const Terrain& terrain) {
  GetUp g;
  g.face_up = face_up;
  g.facing = facing < 0 ? -1 : 1;
  g.frozen = frozen;
  const GroundClearance c = ground_clearance(body);
  const vec2 pelvis = frozen.joints[index(Joint::pelvis)];
  const double lay_x = is_finite(pelvis) ? pelvis.x : 0.0;
  // Where he gets up: where he lay, or slid along the floor away from a box he lies against
  // or beside, as far as the motion needs to keep every joint out of it (issue 13); the blend
  // from the frozen pose carries him there (its length grows with the way, blend_speed).
  double x0 = lay_x;
  for (int attempt = 0; attempt < kBoxAttempts; ++attempt) {
    place_keys(g, x0, face_up, body, rifle, c, terrain);
    const double slide = slide_out_of_boxes(g.keys, g.facing, c, terrain, lay_x, tuning);
    if (slide == 0.0) break;
    x0 += slide;
    if (attempt + 1 == kBoxAttempts) place_keys(g, x0, face_up, body, rifle, c, terrain);
  }
  g.stand_x = g.keys[static_cast<std::size_t>(GetUpKey::kneel)].joints[index(Joint::ankle_near)].x;
  // The blend's length: blend_time, or longer where a joint has further to go than it covers
  // at blend_speed on average (smoothstep peaks at 1.5 times that).
  double far = 0.0;
  for (std::size_t i = 0; i < kJointCount; ++i) far = std::max(far, glm::length(g.keys[0].joints[i] - frozen.joints[i]));
  const double speed = std::isfinite(tuning.blend_speed) ? std::clamp(tuning.blend_speed, 0.5, 6.0) : 2.0;
  g.blend = std::max(span(tuning.blend_time, 0.01), std::min(far / speed, 3.0));
  g.lie = std::max(span(tuning.lie_time, 0.0), g.blend);
  return g;
}

double get_up_duration(const GetUp& g, const GetUpTuning& t) { return segment_ends(g, t).back(); }

GetUpPose get_up_pose(const GetUp& g, const BodyPoints& live, const GetUpTuning& t, const Proportions& body,
                      const Terrain& terrain) {
  const std::array<double, kSegments> end = segment_ends(g, t);
  GetUpPose out;
  if (g.t >= end.back()) {
    out.points = live;
    out.live_share = 1.0;
    return out;
  }
  // The motion: the key poses in turn, each blended into the next with zero speed at both
  // ends (smoothstep), the last into the living stand.
  BodyPoints motion = g.keys[0];
  if (g.t > end[0]) {
    std::size_t s = 1;
    while (s + 1 < kSegments && g.t > end[s]) ++s;
    const double u = smoothstep01((g.t - end[s - 1]) / (end[s] - end[s - 1]));
    const BodyPoints& from = g.keys[s - 1];
    const BodyPoints& to = s < kGetUpKeys ? g.keys[s] : live;
    motion = blend_points(from, to, u);
    const Joint anchor = anchor_of(s, g.face_up);
    const vec2 a = from.joints[index(anchor)], b = to.joints[index(anchor)];
    pin(motion, anchor, a + (b - a) * u);
    const bool last = s == kSegments - 1;
    lift_clear(motion, ground_clearance(body), terrain, last ? 1.0 - u : 1.0);
    out.live_share = last ? u : 0.0;
  }
  // The first g.blend seconds: from the frozen ragdoll pose into the motion (seed 001 section 8).
  out.points = blend_points(g.frozen, motion, smoothstep01(g.t / g.blend));
  return out;
}

}  // namespace anim
