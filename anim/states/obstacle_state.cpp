#include "anim/states/obstacle_state.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace anim {

namespace {

constexpr double kMoveIntent = 0.05;   // m/s: below this the intent is "stand still" (as Character's)
constexpr double kStandLean = 0.03;    // rad: the trunk of a man standing (TorsoTuning's lean at rest)
constexpr double kBrakeShare = 0.8;    // of the body's acceleration limit, braking before a face
constexpr double kDropTrigger = 0.45;  // m: an edge this near ahead, walked at, starts the way down
constexpr double kEdgeGap = 0.3;       // m: he stops this far back from an edge he does not take
constexpr double kTakeExtra = 0.3;     // m: asked (Space), he takes a box from this much further
constexpr double kLook = 8.0;          // m: how far ahead a face or an edge is looked for (braking)
constexpr double kLadderOffBottom = 0.5;   // m: off the ladder's foot he stands this far back
constexpr double kLadderOffTop = 0.45;     // m: off its top he stands this far onto the platform
constexpr double kHangStand = 0.3;     // m: before an edge to hang from, he stops this far back and turns round
constexpr double kStill = 0.15;        // m/s: stopped enough to turn round on the spot
// Turning round, his arms and the rifle sweep through the side view up to ~0.5 m from his hips
// (at a face 0.4 m away an elbow went 10 cm into it): nearer a face than this he steps away
// from it first, holding his facing, for at most kRoomTime.
constexpr double kTurnRoom = 0.6;      // m, hips to face
constexpr double kRoomSpeed = 0.6;     // m/s (a step back is within a backpedal's)
constexpr double kRoomTime = 1.2;      // s

// The nearest face of a box that is not ground to him on the side `dir` of x (m; infinity if none).
double face_distance(const Terrain& world, const std::vector<bool>& walkable, double x, int dir) {
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < world.boxes.size(); ++i) {
    if (i < walkable.size() && walkable[i]) continue;
    const Box& b = world.boxes[i];
    const double d = dir > 0 ? b.x - x : x - (b.x + b.width);
    if (d >= -0.05) best = std::min(best, std::max(d, 0.0));
  }
  return best;
}

double top_stand_along(double width, const Proportions& body) {
  // Both balls on the top of a narrow wall: the hips back from its middle by the ball's lead.
  return std::clamp(0.5 * width - body.toe_forward(), 0.05, 0.3);
}

}  // namespace

ObstacleState::ObstacleState(const Terrain& world, double x, const Proportions& body) : body_(body) {
  set_support(world, world.height_at(x), ObstacleTuning{});
}

void ObstacleState::set_support(const Terrain& world, double support_y, const ObstacleTuning& t) {
  support_y_ = support_y;
  std::vector<bool> set(world.boxes.size());
  for (std::size_t i = 0; i < world.boxes.size(); ++i) set[i] = box_top(world, world.boxes[i]) <= support_y + t.step_max;
  if (set != walkable_set_ || walkable_.ground.size() != world.ground.size()) {
    walkable_set_ = set;
    walkable_ = walkable_terrain(world, support_y, t.step_max);
  }
}

BodyTargets ObstacleState::stand_at(double x, int sign, const Terrain& walkable, const GaitTuning& gt) const {
  const Gait probe(body_, gt, x, sign, walkable);
  const GaitOutput& g = probe.output();
  BodyTargets b;
  b.pelvis = {x, g.pelvis_y};
  b.lean = kStandLean;
  for (Side s : kSides) {
    const FootOutput& f = g.feet[index(s)];
    b.foot[index(s)] = {f.toe_world, f.pitch, true};
  }
  return b;
}

const ObstacleOutput& ObstacleState::step(const ObstacleInput& in, const Terrain& world, const ObstacleTuning& t,
                                          const GaitTuning& gt) {
  out_ = ObstacleOutput{};
  out_.vx_desired = in.vx_desired;
  if (kind_ == Kind::none) {
    set_support(world, walkable_.height_at(in.body_x), t);
    if (!try_ladder(in, world, t, gt) && !try_start(in, world, t, gt)) try_make_room(in, world, t);
  }
  if (kind_ == Kind::make_room) {
    t_ += in.dt;
    out_.turn_to = in.sign;  // (the turn waits)
    out_.vx_desired = room_dir_ * kRoomSpeed;
    if (face_distance(world, walkable_set_, in.body_x, -room_dir_) >= room_need_ || t_ >= kRoomTime) {
      kind_ = Kind::none;
      out_.turn_to.reset();
      out_.vx_desired = in.vx_desired;
    }
  }
  if (kind_ == Kind::turn_to_ladder || kind_ == Kind::turn_to_drop) {
    out_.turn_to = turn_sign_;
    out_.vx_desired = 0.0;
    // (Too near the platform to turn round to its ladder, he steps back first: see make_room.)
    const int away = -turn_sign_;
    if (kind_ == Kind::turn_to_ladder && in.side_on && in.sign != turn_sign_ &&
        face_distance(world, walkable_set_, in.body_x, turn_sign_) < t.stop_gap) {
      out_.turn_to = in.sign;
      out_.vx_desired = away * kRoomSpeed;
    }
    if (in.side_on && in.sign == turn_sign_) {
      if (kind_ == Kind::turn_to_drop) {
        start_hang_drop(in, world, t, gt);
      } else {
        kind_ = Kind::none;
        ObstacleInput again = in;
        again.climb = ladder_dir_;
        try_ladder(again, world, t, gt);
      }
    }
  }
  if (kind_ != Kind::none && kind_ != Kind::turn_to_ladder && kind_ != Kind::turn_to_drop && kind_ != Kind::make_room) run(in, world, t, gt);
  return out_;
}

bool ObstacleState::try_ladder(const ObstacleInput& in, const Terrain& world, const ObstacleTuning& t,
                               const GaitTuning& gt) {
  if (in.climb == 0 || !in.may_start) return false;
  const std::optional<std::size_t> near = ladder_near(world, in.body_x, t.ladder_reach);
  if (!near) return false;
  const Ladder& lad = world.ladders[*near];
  const std::optional<LadderPlatform> plat = ladder_platform(world, lad);
  LadderLine line;
  line.ladder = lad;
  line.sign = plat ? plat->sign : (lad.x >= in.body_x ? 1 : -1);
  line.stand_off = t.ladder_stand_off;
  line.body = body_;
  if (plat) {
    line.has_platform = true;
    line.platform_face_x = plat->face_x;
    line.platform_top_y = plat->top_y;
  }
  const bool at_bottom = in.climb > 0 && std::abs(support_y_ - lad.bottom) < 0.3;
  const bool at_top = in.climb < 0 && plat && std::abs(support_y_ - plat->top_y) < 0.05;
  if (!at_bottom && !at_top) return false;
  ladder_dir_ = in.climb;
  if (!in.side_on || in.sign != line.sign) {
    kind_ = Kind::turn_to_ladder;
    turn_sign_ = line.sign;
    turn_ladder_ = *near;
    return true;
  }
  ladder_ = line;
  if (at_bottom) {
    ladder_keys_ = ladder_on_bottom(line, in.now, t);
  } else {
    const Terrain on_top = walkable_terrain(world, plat->top_y, t.step_max);
    ladder_keys_ = ladder_on_top(line, stand_at(plat->face_x + line.sign * kLadderOffTop, line.sign, on_top, gt), t);
    ladder_keys_.front().pose = in.now;
  }
  ladder_keys_on_ = true;
  hips_y_ = at_bottom ? ladder_low(line) : ladder_high(line);
  kind_ = Kind::ladder_keys;
  t_ = 0.0;
  return true;
}

bool ObstacleState::try_start(const ObstacleInput& in, const Terrain& world, const ObstacleTuning& t,
                              const GaitTuning& gt) {
  const bool moving = std::abs(in.vx_desired) > kMoveIntent;
  const int travel = in.vx_desired > 0.0 ? 1 : -1;
  const int dir = moving ? travel : in.sign;
  const double speed = std::abs(in.body_vx);
  const std::optional<BoxAhead> box = box_ahead(world, in.body_x, dir, support_y_, kLook, body_, t);
  const std::optional<EdgeAhead> edge = edge_ahead(walkable_, in.body_x, dir, support_y_, std::min(kLook, 3.0), t);
  const bool edge_first = edge && (!box || edge->distance < box->distance);
  const bool forward = in.may_start && in.side_on && dir == in.sign && ((moving && travel == in.sign) || in.take);
  const double trigger = t.trigger_distance + speed * t.run_trigger_extra + (in.take ? kTakeExtra : 0.0);

  if (forward && !edge_first && box && box->move != ObstacleMove::blocked && box->distance <= trigger) {
    if (box->move == ObstacleMove::vault) {
      VaultInput vi{in.now, in.sign, speed, box->face_x, box->far_x, box->top_y, support_y_, 0.0, body_};
      const double land_x = vault_landing_x(vi, t);
      vi.land_y = walkable_.height_at(land_x);
      vault_ = plan_vault(vi, stand_at(land_x, in.sign, walkable_, gt), t);
      kind_ = Kind::vault;
    } else {
      const ClimbInput ci{in.now, in.sign, box->face_x, box->far_x, box->top_y, support_y_, body_};
      const double top_x = box->face_x + in.sign * top_stand_along(std::abs(box->far_x - box->face_x), body_);
      const Terrain on_top = walkable_terrain(world, box->top_y, t.step_max);
      climb_ = plan_climb(ci, stand_at(top_x, in.sign, on_top, gt), t);
      kind_ = Kind::climb;
    }
    t_ = 0.0;
    return true;
  }
  // An edge too deep to sit and drop from: he stops short of it and turns round to hang from it.
  const bool hangs = edge_first && drop_hangs(edge->top_y - edge->below_y, body_);
  if (forward && hangs && edge->distance <= kDropTrigger + 0.1 * speed && speed < kStill) {
    hang_edge_ = *edge;
    turn_sign_ = -in.sign;
    kind_ = Kind::turn_to_drop;
    return true;
  }
  if (forward && edge_first && !hangs && edge->distance <= kDropTrigger + 0.1 * speed) {
    const DropInput di{in.now, in.sign, edge->edge_x, edge->top_y, edge->below_y, body_};
    const double land_x = drop_landing_x(di);
    const Terrain below = walkable_terrain(world, edge->below_y, t.step_max);
    drop_ = plan_drop(di, stand_at(land_x, in.sign, below, gt), t);
    kind_ = Kind::drop;
    t_ = 0.0;
    return true;
  }
  // Nothing starts: brake so he stops before a face he cannot take now, and before an edge.
  if (moving) {
    double room = std::numeric_limits<double>::infinity();
    const bool takes_box = forward && box && box->move != ObstacleMove::blocked;
    if (box && !takes_box) room = box->distance - t.stop_gap;
    if (edge && !forward) room = std::min(room, edge->distance - kEdgeGap);
    if (forward && hangs) room = std::min(room, edge->distance - kHangStand);
    if (std::isfinite(room)) {
      const double vmax = std::sqrt(2.0 * kBrakeShare * in.accel_limit * std::max(0.0, room));
      if (std::abs(out_.vx_desired) > vmax) out_.vx_desired = travel * vmax;
    }
  }
  return false;
}

bool ObstacleState::try_make_room(const ObstacleInput& in, const Terrain& world, const ObstacleTuning& t) {
  if (in.wants_sign == in.sign || !in.may_start) return false;
  const double ahead = face_distance(world, walkable_set_, in.body_x, 1), behind = face_distance(world, walkable_set_, in.body_x, -1);
  // Turned toward the nearer face he needs the room a face stops him at (stop_gap: his rifle at
  // the ready stays out of it), turned away from it the turn's own.
  const int near_side = ahead < behind ? 1 : -1;
  const double need = near_side == in.wants_sign ? std::max(kTurnRoom, t.stop_gap) : kTurnRoom;
  const double near = std::min(ahead, behind), far = std::max(ahead, behind);
  if (near >= need || far - (need - near) < kTurnRoom) return false;  // (room, or none to make)
  room_need_ = need;
  room_dir_ = -near_side;
  kind_ = Kind::make_room;
  t_ = 0.0;
  return true;
}

void ObstacleState::start_hang_drop(const ObstacleInput& in, const Terrain& world, const ObstacleTuning& t,
                                    const GaitTuning& gt) {
  // Turned round, he faces the edge's face (in.sign); the plan lowers him from where he stands.
  const EdgeAhead& e = hang_edge_;
  const DropInput di{in.now, in.sign, e.edge_x, e.top_y, e.below_y, body_};
  const double land_x = hang_drop_landing_x(di, t);
  const Terrain below = walkable_terrain(world, e.below_y, t.step_max);
  hang_ = plan_hang_drop(di, stand_at(land_x, in.sign, below, gt), t);
  kind_ = Kind::hang_drop;
  t_ = 0.0;
}

void ObstacleState::finish(double x, double support_y, const Terrain& world, const ObstacleTuning& t) {
  kind_ = Kind::none;
  owned_t_ = 0.0;
  set_support(world, support_y, t);
  out_.owns_body = false;
  out_.ended = true;
  out_.end_x = x;
}

void ObstacleState::run(const ObstacleInput& in, const Terrain& world, const ObstacleTuning& t, const GaitTuning& gt) {
  t_ += in.dt;
  BodyTargets pose;
  State state = State::climb;
  switch (kind_) {
    case Kind::vault:
      if (t_ >= vault_.end_t) return finish(vault_.stand.pelvis.x, vault_.in.land_y, world, t);
      pose = vault_pose(vault_, t_);
      state = State::vault;
      break;
    case Kind::climb:
      if (t_ >= climb_.end_t) return finish(climb_.keys.back().pose.pelvis.x, climb_.in.top_y, world, t);
      pose = climb_pose(climb_, t_);
      state = State::climb;
      break;
    case Kind::drop:
      if (t_ >= drop_.end_t) return finish(drop_.stand.pelvis.x, drop_.in.below_y, world, t);
      pose = drop_pose(drop_, t_);
      state = State::drop;
      break;
    case Kind::hang_drop:
      if (t_ >= hang_.landing.end_t) return finish(hang_.landing.stand.pelvis.x, hang_.in.below_y, world, t);
      pose = hang_drop_pose(hang_, t_);
      state = State::drop;
      break;
    case Kind::ladder_keys:
      state = State::ladder;
      if (t_ >= ladder_keys_.back().t) {
        if (!ladder_keys_on_) return finish(ladder_end_x_, ladder_end_support_, world, t);
        kind_ = Kind::ladder;
        pose = ladder_pose(ladder_, hips_y_);
        break;
      }
      if (ladder_.has_platform) {
        const LadderLine& l = ladder_;
        pose = sample_keys_over_edge(ladder_keys_, t_, l.platform_face_x, l.platform_top_y, l.sign, body_);
        const double far = l.platform_face_x + l.sign * 1e3;  // (the platform beyond its face)
        keep_feet_clear(pose, std::min(l.platform_face_x, far), std::max(l.platform_face_x, far), l.platform_top_y,
                        kOverEdgeBand, l.sign, body_);
      } else {
        pose = sample_keys(ladder_keys_, t_);
      }
      break;
    case Kind::ladder: {
      state = State::ladder;
      const double low = ladder_low(ladder_), high = ladder_high(ladder_);
      const double step = t.ladder_speed * in.dt;
      const bool away = std::abs(in.vx_desired) > kMoveIntent && (in.vx_desired > 0.0 ? 1 : -1) == -ladder_.sign;
      if (in.climb != 0) ladder_dir_ = in.climb;
      const bool off_bottom = hips_y_ <= low + 1e-9 && (in.climb < 0 || away);
      const bool off_top = hips_y_ >= high - 1e-9 && in.climb > 0 && ladder_.has_platform;
      if (off_bottom || off_top) {
        ladder_keys_on_ = false;
        if (off_bottom) {
          ladder_end_x_ = ladder_.ladder.x - ladder_.sign * kLadderOffBottom;
          ladder_end_support_ = walkable_.height_at(ladder_end_x_);
          ladder_keys_ = ladder_off_bottom(ladder_, stand_at(ladder_end_x_, ladder_.sign, walkable_, gt), t);
        } else {
          ladder_end_x_ = ladder_.platform_face_x + ladder_.sign * kLadderOffTop;
          ladder_end_support_ = ladder_.platform_top_y;
          const Terrain on_top = walkable_terrain(world, ladder_.platform_top_y, t.step_max);
          ladder_keys_ = ladder_off_top(ladder_, stand_at(ladder_end_x_, ladder_.sign, on_top, gt), t);
        }
        kind_ = Kind::ladder_keys;
        t_ = 0.0;
        pose = ladder_keys_.front().pose;
        break;
      }
      const double target = in.climb > 0 ? high : (in.climb < 0 ? low : ladder_hold_height(ladder_, hips_y_, ladder_dir_));
      hips_y_ += std::clamp(target - hips_y_, -step, step);
      pose = ladder_pose(ladder_, hips_y_);
      break;
    }
    default: return;
  }
  out_.owns_body = true;
  out_.pose = pose;
  out_.state = state;
  const int sign = kind_ == Kind::ladder || kind_ == Kind::ladder_keys ? ladder_.sign : in.sign;
  owned_t_ += in.dt;
  constexpr double kEaseIn = 0.25;  // s: the move's soft reach of a foot in the air comes in over this
  out_.gait = as_gait_output(pose, sign, body_, in.gait, smoothstep01(owned_t_ / kEaseIn));
  out_.body_x = pose.pelvis.x;
  out_.body_vx = in.dt > 0.0 ? (pose.pelvis.x - in.body_x) / in.dt : 0.0;
}

}  // namespace anim
