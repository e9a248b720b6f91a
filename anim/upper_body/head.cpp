#include "anim/upper_body/head.hpp"

#include "anim/ik.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

vec2 sight_eye_point(const RiflePoints& rifle, double pitch, const RifleSpec& spec, const HeadTuning& t) {
  const vec2 along = direction(pitch);
  const vec2 up{-along.y, along.x};
  return rifle.butt + (spec.stock_drop + spec.sight_height) * up + t.eye_relief * along;
}

HeadPose solve_head(const HeadInput& in, const Proportions& body, const RifleSpec& spec, const HeadTuning& t) {
  HeadPose out;
  // Looking: the neck takes a share of the face's turn, the head the rest.
  const double look_neck = -t.look_neck_share * in.look;
  const double look_head = (1.0 - t.look_neck_share) * in.look;
  out.eye_target = sight_eye_point(in.rifle, in.pitch, spec, t);
  const double w = std::clamp(in.aim_weight, 0.0, 1.0);
  if (w <= 0.0) {
    out.neck = look_neck;
    out.head = look_head;
    return out;
  }
  // The weld: a two-bone chain from the neck's base -- the neck, then the neck's top to the
  // eye, a fixed offset in the skull -- onto the eye's place, bending back at the neck's top
  // so the head comes forward and down onto the stock.
  const double to_eye_up = 0.5 * body.head + kEyeUpShare * body.head;
  const double to_eye_forward = kEyeForwardShare * body.head;
  const double offset = std::atan2(to_eye_forward, to_eye_up);  // the eye sits this far clockwise of the skull's axis
  TwoBoneIkInput ik;
  ik.root = in.neck;
  ik.target = out.eye_target;
  ik.upper = body.neck;
  ik.lower = std::hypot(to_eye_up, to_eye_forward);
  ik.bend = BendSide::counter_clockwise;
  ik.rest_angle = in.trunk_angle;
  const TwoBoneIkOutput chain = solve_two_bone_ik(ik);
  const double neck_abs = chain.upper_angle;
  const double skull = chain.lower_angle + offset;
  const double weld_neck = std::clamp(wrap_angle(in.trunk_angle - neck_abs), -t.neck_extend_max, t.neck_flex_max);
  const double weld_head = std::clamp(wrap_angle(skull - (in.trunk_angle - weld_neck)), -t.head_pitch_max, t.head_pitch_max);
  out.neck = look_neck + (weld_neck - look_neck) * w;
  out.head = look_head + (weld_head - look_head) * w;
  return out;
}

}  // namespace anim
