#include "anim/states/climb.hpp"

#include "anim/ik.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

constexpr double kChestOff = 0.24;   // m: the shoulders stay this far off the face below the top
constexpr double kHangLean = 0.3;    // rad: the trunk toward the wall, the hips out, hanging
constexpr double kCrouchHips = 0.6;  // L: the lowest the hips go over the ground in front (a crouch)
constexpr double kHandClear = 0.15;     // m: the hands come onto the top from this far above it
constexpr double kJumpRiseSpeed = 1.2;  // m/s the shoulders rise in the jump to a high edge (over ~0.3 s)
constexpr double kKneeClear = 0.03;  // m: a knee bent toward the wall stays this far off it
constexpr double kWallReach = 0.95;  // L: a foot on the wall at most this far from the hips (hip to ankle)

vec2 at(const ClimbInput& in, double along, double y) { return {in.face_x + in.sign * along, y}; }

// The hold with the shoulders at `shoulder` (world) below the hands: the hips hung from them,
// the feet on the wall under him.
BodyTargets hang(const ClimbInput& in, const BodyTargets& hands, vec2 shoulder, double lean) {
  BodyTargets b = hands;
  b.lean = lean;
  b.pelvis = pelvis_below(shoulder, lean, in.sign, in.body);
  b.sling = 1.0;
  b.elbows_out = 1.0;
  const double stagger = 0.12;  // m: one foot a step above the other on the wall
  for (Side s : kSides) {
    FootTarget f = foot_on_wall(b.pelvis, in.face_x, in.ground_y, in.top_y, in.sign, in.body);
    if (s == Side::far) f.ball.y = std::max(in.ground_y, f.ball.y - stagger);
    if (s == Side::far && f.ball.y > in.ground_y) f = foot_on_wall(b.pelvis, in.face_x, f.ball.y, in.top_y, in.sign, in.body);
    b.foot[index(s)] = f;
  }
  return b;
}

}  // namespace

FootTarget foot_on_wall(vec2 hip, double face_x, double ground_y, double top_y, int sign, const Proportions& body) {
  FootTarget f;
  f.planted = true;
  f.pitch = 0.0;
  const double ball_off = body.ball_to_tip() + 0.01;  // the ball back from the face, the tip clear
  const double ball_x = face_x - sign * ball_off;
  const vec2 off = ankle_from_toe(body, {0.0, 0.0}, 0.0);
  const vec2 ankle_from_ball{off.x * sign, off.y};
  auto knee_of = [&](vec2 ankle) {
    const TwoBoneIkInput ik{hip, ankle, body.thigh, body.shank, sign > 0 ? BendSide::counter_clockwise : BendSide::clockwise};
    return solve_two_bone_ik(ik).mid;
  };
  auto knee_clear = [&](vec2 ankle) { return (knee_of(ankle).x - face_x) * sign <= -kKneeClear; };
  // Rule 8: never a leg at its full length. Near it the knee swings a long way for a little
  // travel of the foot (it snapped 14 cm in a step as a foot came down the wall to a straight leg).
  const double reach = kWallReach * body.leg();
  // From high (a folded leg) to low (a straight one): the first height whose knee stays out.
  const double lo = ground_y, hi = std::min(top_y - 0.1, hip.y - 0.25 * body.leg());
  for (int i = 0; i <= 40; ++i) {
    const double y = hi - (hi - lo) * i / 40.0;
    const vec2 ankle = vec2{ball_x, y} + ankle_from_ball;
    if (glm::length(ankle - hip) > reach) break;  // (lower is further)
    if (knee_clear(ankle)) {
      f.ball = {ball_x, y};
      return f;
    }
  }
  const vec2 low_ankle = vec2{ball_x, lo} + ankle_from_ball;
  if (glm::length(low_ankle - hip) > reach) {
    // The wall out of the leg's reach with the knee out: the foot hangs off it, the leg at
    // `reach` below the hips, swung back from the face until the knee clears it.
    f.planted = false;
    double ax = low_ankle.x;
    for (int i = 0; i < 60; ++i, ax -= sign * 0.01) {
      const double dx = std::clamp(ax - hip.x, -reach, reach);
      const vec2 ankle{hip.x + dx, hip.y - std::sqrt(reach * reach - dx * dx)};
      f.ball = ankle - ankle_from_ball;
      if (knee_clear(ankle)) break;
    }
    return f;
  }
  // On the ground in front, too close for the knee at any height: the foot goes back from the face.
  f.ball = {ball_x, lo};
  for (int i = 0; i < 60; ++i) {
    if (knee_clear(f.ball + ankle_from_ball)) break;
    f.ball.x -= sign * 0.01;
  }
  return f;
}

double climb_top_x(const ClimbInput& in) {
  const double width = std::abs(in.far_x - in.face_x);
  return in.face_x + in.sign * std::min(0.5 * width, 0.3);
}

ClimbPlan plan_climb(const ClimbInput& in, const BodyTargets& stand, const ObstacleTuning& t) {
  ClimbPlan p;
  p.in = in;
  const double leg = in.body.leg(), arm = in.body.arm();
  BodyTargets hands = in.start;
  for (Side s : kSides) hands.hand[index(s)] = {at(in, kMantleHandIn, in.top_y + 0.02), 1.0, true};
  const vec2 grip = hands.hand[0].point;

  // The hang: the arms as long as they go, the chest off the face; but never so low that the
  // hips would go under a crouch over the ground in front (Rule 7's clamp).
  const double along = -(kChestOff + kMantleHandIn);
  const double drop = std::sqrt(std::max(0.0, std::pow(0.97 * arm, 2) - along * along));
  const double lowest_shoulder = shoulder_of({0.0, in.ground_y + kCrouchHips * leg}, kHangLean, in.sign, in.body).y;
  const double hang_y = std::max(grip.y - drop, lowest_shoulder);
  // The pull ends with the shoulders at the hands' height, the arms folded.
  const double pulled_y = grip.y + 0.05;
  // Reaching a top above the standing reach is a jump: it takes longer the higher it goes.
  const double standing_shoulder = shoulder_of({0.0, in.ground_y + 0.95 * leg}, 0.0, in.sign, in.body).y;
  const double jump = std::max(0.0, hang_y - standing_shoulder);
  const double t_reach = t.move_blend_time + 0.25 + jump / kJumpRiseSpeed;
  const double t_pull = std::max(0.3, (pulled_y - hang_y) / t.climb_pull_speed);
  const double t_press = 0.55, t_knee = 0.75;

  double now = 0.0;
  p.keys.push_back({now, in.start});
  // The hands come up over the edge first (the top from above, never through its corner) as the
  // rifle goes onto his back; then they take the top and the body hangs from them.
  const BodyTargets hung = hang(in, hands, at(in, -kChestOff, hang_y), kHangLean);
  BodyTargets reach = mix(in.start, hung, 0.6);
  // (Above the standing reach the hands reach straight up in front of the face; the jump takes
  // them over the edge.)
  const double arm_up = shoulder_of(reach.pelvis, reach.lean, in.sign, in.body).y + 0.95 * arm;
  for (Side s : kSides)
    reach.hand[index(s)] = {at(in, -0.04, std::min(arm_up, in.top_y + 0.14) + (s == Side::far ? 0.04 : 0.0)), 1.0, false};
  reach.sling = 0.8;
  reach.elbows_out = 1.0;
  for (Side s : kSides) reach.foot[index(s)] = in.start.foot[index(s)];
  now += 0.6 * t_reach;
  p.keys.push_back({now, reach});
  // (The feet go from the walk's stride to the wall: at a run they are a metre apart.)
  now += std::max(0.4 * t_reach, foot_swing_time(reach, hung));
  p.keys.push_back({now, hung});
  // The pull, in holds each hung from the hands: folding the arms raises him.
  constexpr int kPullKeys = 3;
  for (int k = 1; k <= kPullKeys; ++k) {
    const double w = double(k) / kPullKeys;
    now += t_pull / kPullKeys;
    const double y = hang_y + (pulled_y - hang_y) * w;
    p.keys.push_back({now, hang(in, hands, at(in, -kChestOff + 0.04 * w, y), kHangLean)});
  }
  // The press: the shoulders go over the hands as the arms straighten, thrown forward, until the
  // hips are above the top; the feet still walk up the wall.
  // (The shoulders as the hips above the top put them: within the arms' reach of the hands.)
  const vec2 pressed_hips = at(in, -kMantleHipsBack, in.top_y + kMantleHipsUp);
  BodyTargets press = hang(in, hands, shoulder_of(pressed_hips, kMantleLean, in.sign, in.body), kMantleLean);
  now += t_press;
  p.keys.push_back({now, press});
  // The near knee comes up and its foot onto the top (carried over the edge: sample_keys_over_edge).
  BodyTargets over = press;
  over.foot[index(Side::near)] = {at(in, 0.1 + in.body.toe_forward(), in.top_y), 0.0, true};
  now += t_knee;
  p.keys.push_back({now, over});
  // Up: he stands on the top, the far foot brought up beside the near one, the rifle back in hand.
  BodyTargets rise = mix(over, stand, 0.45);
  rise.foot[index(Side::near)] = stand.foot[index(Side::near)];
  rise.foot[index(Side::far)] = {at(in, 0.05, in.top_y + 0.1), 0.2, false};
  for (Side s : kSides) rise.hand[index(s)] = {over.hand[index(s)].point, 0.6, false};
  rise.sling = 0.7;
  rise.elbows_out = 0.5;
  now += 0.5 * t.stand_up_time;
  p.keys.push_back({now, rise});
  now += t.stand_up_time;
  p.keys.push_back({now, stand});
  p.end_t = now;
  return p;
}

BodyTargets climb_pose(const ClimbPlan& p, double t) {
  const ClimbInput& in = p.in;
  BodyTargets b = sample_keys_over_edge(p.keys, t, in.face_x, in.top_y, in.sign, in.body);
  // From the reach onto the top, the hands go up and over the edge, not through its corner.
  if (t > p.keys[1].t && t < p.keys[2].t) {
    // (Late in the stretch, once the jump has lifted the shoulders: earlier the arm could not
    // reach over the corner and the hand crossed it 7 mm inside the top.)
    constexpr double kHandsWait = 0.3;  // share of the stretch the hands wait before the face
    const double s = smoothstep01(((t - p.keys[1].t) / (p.keys[2].t - p.keys[1].t) - kHandsWait) / (1.0 - kHandsWait));
    for (Side side : kSides)
      b.hand[index(side)].point = step_over(p.keys[1].pose.hand[index(side)].point, p.keys[2].pose.hand[index(side)].point,
                                            in.top_y + kHandClear, s);
  }
  // A foot on its way up over the edge lifts its knee clear of the wall, never through it.
  const double x0 = std::min(in.face_x, in.far_x), x1 = std::max(in.face_x, in.far_x);
  keep_feet_clear(b, x0, x1, in.top_y, kOverEdgeBand, in.sign, in.body);
  return b;
}

}  // namespace anim
