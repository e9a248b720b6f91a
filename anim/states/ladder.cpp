#include "anim/states/ladder.hpp"

#include "anim/states/climb.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

// Where each limb works relative to the hips, at the middle of its hold (world m): the hands a
// forearm above the shoulders, the feet a bent leg below the hips (reachable over the whole
// hold: the hips rise by 0.6 x two spacings while a limb bears).
constexpr double kHandOver = 0.72;
constexpr double kFootUnder = -0.62;
constexpr double kSwing = 0.4;      // share of a cycle a limb is off its rung
constexpr double kLean = 0.12;      // rad, the trunk toward the ladder
constexpr double kOffLine = 0.06;   // m a moving limb comes off the line, mid-move
constexpr double kRungHalf = 0.02;  // m: a rung's half thickness (the ball rests on it)

struct Limb {
  bool hand;
  Side side;
  double offset;  // cycles: the near hand moves with the far foot, the other pair half a cycle on
};
constexpr std::array<Limb, 4> kLimbs = {{{true, Side::near, 0.0}, {false, Side::far, 0.0},
                                         {true, Side::far, 0.5}, {false, Side::near, 0.5}}};

double cycle_length(const LadderLine& l) { return 2.0 * l.rung_spacing; }

int top_rung(const LadderLine& l) {
  return 1 + static_cast<int>(std::floor((l.ladder.top - l.ladder.bottom - kRungFirst) / l.rung_spacing - 1e-9));
}

// Rung k >= 1 (k = 0 is the ground at the foot: the feet's first step).
double rung_y(const LadderLine& l, int k) {
  return k <= 0 ? l.ladder.bottom : l.ladder.bottom + kRungFirst + (k - 1) * l.rung_spacing;
}

// The rung a limb bears on through cycle n: the one nearest its working height then.
int rung_for(const LadderLine& l, const Limb& limb, double n) {
  const double hips = ladder_low(l) + cycle_length(l) * (n + limb.offset + 0.5 * (1.0 + kSwing));
  const double want = hips + (limb.hand ? kHandOver : kFootUnder);
  const int k = 1 + static_cast<int>(std::lround((want - l.ladder.bottom - kRungFirst) / l.rung_spacing));
  const int hi = top_rung(l) - (limb.hand ? 0 : 2);
  return std::clamp(k, limb.hand ? 1 : 0, std::max(hi, 1));
}

vec2 on_line(const LadderLine& l, double y, double off) { return {l.ladder.x - l.sign * (0.02 + off), y}; }

}  // namespace

std::vector<double> rung_heights(const Ladder& ladder) {
  std::vector<double> out;
  for (double y = ladder.bottom + kRungFirst; y < ladder.top && out.size() < 1000; y += kRungSpacing) out.push_back(y);
  return out;
}

std::optional<LadderPlatform> ladder_platform(const Terrain& world, const Ladder& ladder, double reach) {
  std::optional<LadderPlatform> best;
  for (std::size_t i = 0; i < world.boxes.size(); ++i) {
    const Box& b = world.boxes[i];
    const double top = world.ground_at(b.x) + b.height;
    if (top > ladder.top + 0.1 || top < ladder.top - 1.0) continue;
    const double left = b.x - ladder.x, right = ladder.x - (b.x + b.width);
    if (left >= -0.05 && left <= reach) best = LadderPlatform{i, b.x, top, 1};
    else if (right >= -0.05 && right <= reach) best = LadderPlatform{i, b.x + b.width, top, -1};
  }
  return best;
}

double ladder_low(const LadderLine& l) { return l.ladder.bottom + 0.9 * l.body.leg() + 0.05; }

double ladder_high(const LadderLine& l) {
  const double hands_top = l.ladder.top - kHandOver + 0.15;
  const double high = l.has_platform ? std::min(hands_top, l.platform_top_y - 0.45) : hands_top;
  return std::max(ladder_low(l), high);
}

double ladder_phase(const LadderLine& l, double hips_y) {
  const double c = (hips_y - ladder_low(l)) / cycle_length(l);
  return c - std::floor(c);
}

double ladder_hold_height(const LadderLine& l, double hips_y, int dir) {
  // All four bear where both pairs are in their holds: phase in [swing, 0.5) or [0.5 + swing, 1).
  const double c = (hips_y - ladder_low(l)) / cycle_length(l);
  const double n = std::floor(c), f = c - n;
  const std::array<double, 2> holds = {0.5 * (kSwing + 0.5), 0.5 + 0.5 * (kSwing + 0.5)};
  auto in_hold = [&](double x) { return (x >= kSwing && x < 0.5) || x >= 0.5 + kSwing; };
  if (in_hold(f)) return hips_y;
  double target = hips_y;
  if (dir >= 0) {
    target = f < holds[0] ? n + holds[0] : (f < holds[1] ? n + holds[1] : n + 1.0 + holds[0]);
  } else {
    target = f > holds[1] ? n + holds[1] : (f > holds[0] ? n + holds[0] : n - 1.0 + holds[1]);
  }
  const double y = ladder_low(l) + target * cycle_length(l);
  return std::clamp(y, ladder_low(l), ladder_high(l));
}

BodyTargets ladder_pose(const LadderLine& l, double hips_y) {
  BodyTargets b;
  b.pelvis = {l.ladder.x - l.sign * l.stand_off, hips_y};
  b.lean = kLean;
  b.sling = 1.0;
  const double c = (hips_y - ladder_low(l)) / cycle_length(l);
  for (const Limb& limb : kLimbs) {
    const double s = c - limb.offset;
    const double n = std::floor(s), f = s - n;
    const double from = rung_y(l, rung_for(l, limb, n - 1.0)), to = rung_y(l, rung_for(l, limb, n));
    const bool bears = f >= kSwing || from == to;
    const double w = bears ? 1.0 : smoothstep01(f / kSwing);
    const double y = from + (to - from) * w;
    const double off = bears ? 0.0 : kOffLine * std::sin(kPi * w);
    if (limb.hand) {
      b.hand[index(limb.side)] = {on_line(l, y, off), 1.0, bears};
    } else {
      FootTarget& foot = b.foot[index(limb.side)];
      foot.ball = on_line(l, y + (y > l.ladder.bottom + 1e-9 ? kRungHalf : 0.0), off + 0.01);
      foot.pitch = 0.0;
      foot.planted = bears;
    }
  }
  return b;
}

std::vector<MoveKey> ladder_on_bottom(const LadderLine& l, const BodyTargets& start, const ObstacleTuning& t) {
  const BodyTargets on = ladder_pose(l, ladder_low(l));
  BodyTargets reach = mix(start, on, 0.5);
  for (Side s : kSides) reach.foot[index(s)] = start.foot[index(s)];
  reach.sling = 1.0;
  return {{0.0, start}, {t.move_blend_time + 0.3, reach}, {t.move_blend_time + 0.9, on}};
}

std::vector<MoveKey> ladder_off_bottom(const LadderLine& l, const BodyTargets& stand, const ObstacleTuning& t) {
  const BodyTargets on = ladder_pose(l, ladder_low(l));
  BodyTargets step = mix(on, stand, 0.5);
  step.foot[index(Side::near)] = stand.foot[index(Side::near)];
  step.foot[index(Side::far)] = on.foot[index(Side::far)];
  return {{0.0, on}, {0.5, step}, {0.5 + t.stand_up_time, stand}};
}

std::vector<MoveKey> ladder_off_top(const LadderLine& l, const BodyTargets& stand, const ObstacleTuning& t) {
  const BodyTargets on = ladder_pose(l, ladder_high(l));
  const double top = l.platform_top_y;
  auto at = [&](double along, double y) { return vec2{l.platform_face_x + l.sign * along, y}; };
  // The highest rung at or below y, for a foot (the ground at worst).
  auto rung_below = [&](double y) {
    double best = l.ladder.bottom;
    for (double r : rung_heights(l.ladder)) if (r <= y) best = r;
    return on_line(l, best + kRungHalf, 0.01);
  };
  // Hands onto the platform's top; then the mantle a climb ends with (anim/states/climb): the
  // arms press him up until the hips are over the top, the feet high on the rungs, the near
  // knee and foot come up onto it, and he stands.
  BodyTargets hands = on;
  for (Side s : kSides) hands.hand[index(s)] = {at(kMantleHandIn, top + 0.02), 1.0, true};
  hands.pelvis = {l.ladder.x - l.sign * (l.stand_off - 0.1), on.pelvis.y + 0.15};
  hands.lean = 0.4;
  hands.elbows_out = 1.0;
  BodyTargets press = hands;
  press.pelvis = at(-kMantleHipsBack, top + kMantleHipsUp);
  press.lean = kMantleLean;
  press.foot[index(Side::near)] = {rung_below(top - 0.3), 0.0, true};
  press.foot[index(Side::far)] = {rung_below(top - 0.65), 0.0, true};
  for (Side s : kSides) hands.foot[index(s)].planted = on.foot[index(s)].planted;
  BodyTargets knee = press;
  knee.foot[index(Side::near)] = {at(0.1 + l.body.toe_forward(), top), 0.0, true};
  BodyTargets rise = mix(knee, stand, 0.5);
  rise.foot[index(Side::near)] = stand.foot[index(Side::near)];
  rise.foot[index(Side::far)] = {at(0.05, top + 0.1), 0.2, false};
  for (Side s : kSides) rise.hand[index(s)] = {hands.hand[index(s)].point, 0.5, false};
  rise.sling = 0.6;
  rise.elbows_out = 0.5;
  return {{0.0, on}, {0.6, hands}, {1.3, press}, {2.05, knee}, {2.05 + 0.9 * t.stand_up_time, rise},
          {2.05 + 1.9 * t.stand_up_time, stand}};
}

std::vector<MoveKey> ladder_on_top(const LadderLine& l, const BodyTargets& start, const ObstacleTuning& t) {
  // The way off, backwards: from standing on the platform down onto the ladder's top rungs.
  std::vector<MoveKey> off = ladder_off_top(l, start, t);
  std::vector<MoveKey> on;
  const double end = off.back().t;
  for (auto it = off.rbegin(); it != off.rend(); ++it) on.push_back({end - it->t, it->pose});
  return on;
}

}  // namespace anim
