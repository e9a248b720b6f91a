#pragma once
// The get-up (seed 001 section 8): a procedural motion of its own, from lying to standing
// through a kneel, that starts exactly on the frozen ragdoll pose and blends every joint from
// it into the motion over the first blend_time seconds; its last stretch blends from the
// kneel into the living stand, so the pipeline takes over with no pop at either end.
//
// Face down he pushes up onto his hands and knees, brings the front foot through to a kneel
// (Rule 7: the rear knee on the ground, its thigh spanning hip to floor, the shin along the
// ground, the front foot under the front knee) and stands. Face up he sits up with his knees
// drawn up, rocks forward onto the front foot and the rear knee into the same kneel and stands. Every key pose is a joint-angle pose of this body
// (bones keep their length) placed so the part he pushes on stays where it is on the ground
// between keys, rotated onto a slope while he lies, and lifted clear of the ground.
#include "anim/rifle.hpp"
#include "anim/states/get_up_keys.hpp"
#include "anim/states/get_up_tuning.hpp"
#include "anim/states/pose_blend.hpp"
#include "anim/terrain.hpp"

#include <array>

namespace anim {


// One get-up, owned by the caller (through anim::DownState).
struct GetUp {
  bool face_up = false;
  int facing = 1;             // +1 faces +x: which way he kneels and stands
  double t = 0.0;             // s since it began
  BodyPoints frozen{};        // where the ragdoll left every point
  std::array<BodyPoints, kGetUpKeys> keys{};  // world m, placed at the start
  double stand_x = 0.0;       // world m: where the living stand is put (under the kneel's front foot)
  double blend = 0.25;        // s, the blend from the frozen pose (GetUpTuning blend_time, blend_speed)
  double lie = 0.3;           // s lying before he moves (GetUpTuning::lie_time, at least the blend)
};

// The get-up from the frozen pose. `face_up` decides the motion; `facing` which way he
// kneels (the ragdoll's: lying on his back his feet point that way, on his front his head).
GetUp start_get_up(const BodyPoints& frozen, bool face_up, int facing, const Proportions& body, const RifleSpec& rifle,
                   const GetUpTuning& tuning, const Terrain& terrain);

// s from the start to the living stand.
double get_up_duration(const GetUp& g, const GetUpTuning& t);

// The get-up's pose at g.t: the frozen pose at 0, the motion after blend_time, and `live` (the
// living stand of this step) once g.t reaches get_up_duration. Also how much of it is the
// live stand, 0..1.
struct GetUpPose {
  BodyPoints points{};
  double live_share = 0.0;
};
GetUpPose get_up_pose(const GetUp& g, const BodyPoints& live, const GetUpTuning& t, const Proportions& body,
                      const Terrain& terrain);

}  // namespace anim
