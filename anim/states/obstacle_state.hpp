#pragma once
// The obstacle moves as one state of Character::step ("3. State"): what lies ahead picks the
// move (anim/states/obstacle_detect), the move's own module places the body (vault, climb,
// drop, ladder), and this keeps which one runs and for how long. While a move runs it owns the
// body (its position and the legs' targets); otherwise it keeps the walk from entering what it
// cannot take (it brakes the desired speed before a face or an edge) and tells the walk which
// boxes are ground.
#include "anim/character_frame.hpp"
#include "anim/gait/gait.hpp"
#include "anim/states/climb.hpp"
#include "anim/states/drop.hpp"
#include "anim/states/hang_drop.hpp"
#include "anim/states/ladder.hpp"
#include "anim/states/obstacle_detect.hpp"
#include "anim/states/obstacle_pose.hpp"
#include "anim/states/vault.hpp"
#include "anim/terrain.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace anim {

// What the state reads each step.
struct ObstacleInput {
  double dt = 0.0;          // s
  double body_x = 0.0;      // world m, where the body is before this step's motion
  double body_vx = 0.0;     // m/s
  double vx_desired = 0.0;  // m/s the intent asks for
  int sign = 1;             // which way he faces
  bool side_on = true;      // not mid-turn (a move starts only side-on)
  bool may_start = true;    // standing upright: a crouched, kneeling or lying body starts no move
                            // (he still stops at a face or an edge)
  bool take = false;        // asked to take the box ahead (Space), moving or not
  int climb = 0;            // at a ladder: 1 up, -1 down, 0 hold
  int wants_sign = 1;       // the way he is asked to face (a turn is asked when it differs from sign)
  double accel_limit = 4.0; // m/s^2 the body can brake with
  BodyTargets now{};        // his pose at the end of the last step
  GaitOutput gait{};        // the walk's last output
};

struct ObstacleOutput {
  bool owns_body = false;     // a move places the body this step (the walk does not run)
  double vx_desired = 0.0;    // not: the walk's desired speed, braked before what he cannot take
  std::optional<int> turn_to; // he turns to face this way before a move (a ladder)
  bool ended = false;         // a move ended: the walk starts standing at end_x
  double end_x = 0.0;
  double body_x = 0.0;        // owns_body: the body (hips) this step, world m
  double body_vx = 0.0;
  BodyTargets pose{};         // owns_body: the move's pose
  GaitOutput gait{};          // the same, as the legs' solve reads it
  State state = State::stand;
};

class ObstacleState {
 public:
  ObstacleState() = default;
  ObstacleState(const Terrain& world, double x, const Proportions& body);

  const ObstacleOutput& step(const ObstacleInput& in, const Terrain& world, const ObstacleTuning& t,
                             const GaitTuning& gait_tuning);
  const ObstacleOutput& output() const { return out_; }
  // The move in charge of the body this step (owns_body), and his facing is held.
  bool owns_body() const { return out_.owns_body; }
  bool holds_facing() const { return kind_ != Kind::none; }
  // The terrain his feet walk on: the polyline and the boxes that are ground to him.
  const Terrain& walkable() const { return walkable_; }

 private:
  enum class Kind : std::uint8_t { none, turn_to_ladder, vault, climb, drop, ladder_keys, ladder, turn_to_drop, hang_drop, make_room };
  BodyTargets stand_at(double x, int sign, const Terrain& walkable, const GaitTuning& gt) const;
  void set_support(const Terrain& world, double support_y, const ObstacleTuning& t);
  bool try_start(const ObstacleInput& in, const Terrain& world, const ObstacleTuning& t, const GaitTuning& gt);
  bool try_make_room(const ObstacleInput& in, const Terrain& world, const ObstacleTuning& t);
  void start_hang_drop(const ObstacleInput& in, const Terrain& world, const ObstacleTuning& t, const GaitTuning& gt);
  bool try_ladder(const ObstacleInput& in, const Terrain& world, const ObstacleTuning& t, const GaitTuning& gt);
  void run(const ObstacleInput& in, const Terrain& world, const ObstacleTuning& t, const GaitTuning& gt);
  void finish(double x, double support_y, const Terrain& world, const ObstacleTuning& t);

  Proportions body_{};
  Kind kind_ = Kind::none;
  double t_ = 0.0;                 // s into the running move
  double owned_t_ = 0.0;           // s the moves have owned the body since the walk last had it
  double support_y_ = 0.0;         // world m: what he stands on
  std::vector<bool> walkable_set_; // which boxes are ground to him
  Terrain walkable_;
  VaultPlan vault_{};
  ClimbPlan climb_{};
  DropPlan drop_{};
  LadderLine ladder_{};
  std::vector<MoveKey> ladder_keys_;  // getting on or off
  bool ladder_keys_on_ = false;       // those keys end on the ladder (else off it, standing)
  double ladder_end_x_ = 0.0;         // off: where he stands, and on what
  double ladder_end_support_ = 0.0;
  double hips_y_ = 0.0;               // on the ladder: the hips' height
  int ladder_dir_ = 1;                // the way he last climbed
  int turn_sign_ = 1;                 // turn_to_ladder: the facing wanted
  std::size_t turn_ladder_ = 0;
  EdgeAhead hang_edge_{};             // turn_to_drop: the edge he turns round at, to hang from
  HangDropPlan hang_{};
  int room_dir_ = 1;                  // make_room: the way he steps, away from the face
  double room_need_ = 0.0;            // make_room: m from the face he steps back to
  ObstacleOutput out_{};
};

}  // namespace anim
