#pragma once
// The get-up's timing (anim/states/get_up), one of anim::Tuning's sections.
namespace anim {

// How long each part of the get-up takes. A fit young adult rises from lying to standing in
// about 2-3 s (timed floor rises); the stages are those of A. F. VanSant, "Rising from a
// supine position to erect stance", Physical Therapy 68 (1988): push or sit up, a kneel or
// squat, stand. 2.5 s in all by default.
struct GetUpTuning {
  double blend_time = 0.25;  // s, 0.05..1: frozen ragdoll pose -> the motion (seed 001 section 8)
  // m/s, 0.5..6: no joint moves faster than this on average through that blend; a body that
  // lies far from the motion's first pose (curled over his knees, the motion starting flat)
  // takes longer, lying still meanwhile (a quarter second for a metre is a pop). A person
  // gathering his limbs under him: ~2 m/s (a hand's reach in half a second).
  double blend_speed = 2.0;
  double lie_time = 0.3;     // s, 0..2: lying, gathering himself, before he moves (at least the blend)
  double rise_time = 0.7;    // s, 0.2..3: onto his hands and knees (face down) or sat up (face up)
  double kneel_time = 0.7;   // s, 0.2..3: into the kneel
  double stand_time = 0.8;   // s, 0.2..3: from the kneel to the living stand

  // Where he gets up beside a box he lies against (start_get_up slides the motion along the
  // floor, away from the box, until no joint is in it):
  // m, 0..0.5: every joint's disc kept this far clear of the box's side; a hand's breadth, as
  // the blend between two keys sweeps a joint a little outside both.
  double box_margin = 0.15;
  // m, 0.2..1.2: how far ahead of the kneel's front foot the hands of the living stand he ends
  // in reach (that stand is no key of the motion, so it is kept clear of the box by this):
  // measured, the living stand's far hand is 0.54 m ahead of the near ankle (anim::Tuning's
  // defaults, a body 1.78 m tall), rounded up.
  double stand_reach = 0.6;
};

}  // namespace anim
