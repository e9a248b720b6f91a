// Pose -> runs: where every limb, piece of kit and part of the rifle goes, in world metres,
// mapped once through the camera (render/camera.hpp is the only y flip).
#include "render/figure.hpp"

#include "anim/gear.hpp"

#include <cmath>
#include <span>

namespace render {

namespace {

using anim::Joint;
using anim::vec2;

vec2 unit(vec2 v, vec2 fallback) {
  const double l = std::sqrt(v.x * v.x + v.y * v.y);
  return l > 1e-12 ? v / l : fallback;
}

// Builds the run list for one frame: positions in world m, radii in m (scaled to the body).
class RunBuilder {
 public:
  RunBuilder(const Camera& camera, const anim::CharacterFrame& frame, const FigureSizes& sizes, const FigureLod& lod)
      : camera_(camera),
        frame_(frame),
        sizes_(sizes),
        lod_(lod),
        scale_(frame.body_size.height / (sizes.reference_height > 0.0 ? sizes.reference_height : 1.78)),
        sign_(frame.body.sign()),
        kit_(anim::kit_of(frame.role)) {}

  vec2 at(Joint j) const { return frame_.joints[anim::index(j)]; }

  // The facing-aware quarter turn: in the facing frame (+x) an upward bone's front is its
  // clockwise side. A mirror swaps clockwise and counter-clockwise (the classic flip of 2D
  // figures, STYLE.md 6), so the turn follows the body's facing sign.
  vec2 front_of_up(vec2 v) const { return sign_ > 0 ? vec2{v.y, -v.x} : vec2{-v.y, v.x}; }

  void run(vec2 a, vec2 b, double radius_m, Material m, int step, bool highlight = true) {
    FigureRun r;
    r.a = camera_.to_canvas(a);
    r.b = camera_.to_canvas(b);
    r.radius = static_cast<float>(camera_.to_px(radius_m * scale_));
    r.material = m;
    r.step = step;
    // FigureLod: no highlight on a run too thin for it to be seen.
    const bool lit = highlight && r.radius >= lod_.min_highlight_radius_px;
    r.highlight = lit ? static_cast<float>(sizes_.highlight_share) : 0.0f;
    runs_.push_back(r);
  }
  void disc(vec2 c, double radius_m, Material m, int step, bool highlight = true) { run(c, c, radius_m, m, step, highlight); }

  double s(double metres) const { return metres * scale_; }  // a length of the 1.78 m body

  void arm(anim::Side side) {
    const bool near = side == anim::Side::near;
    const int step = near ? kNearStep : kFarStep;
    const Joint sh = near ? Joint::shoulder_near : Joint::shoulder_far;
    const Joint el = near ? Joint::elbow_near : Joint::elbow_far;
    const Joint ha = near ? Joint::hand_near : Joint::hand_far;
    run(at(sh), at(el), sizes_.upper_arm, Material::fabric, step);
    run(at(el), at(ha), sizes_.forearm, Material::fabric, step);
    disc(at(sh), sizes_.shoulder_cap, Material::gear, step);
    disc(at(ha), sizes_.hand, Material::skin, step);
  }

  void leg(anim::Side side) {
    const bool near = side == anim::Side::near;
    const int step = near ? kNearStep : kFarStep;
    const vec2 hip = at(near ? Joint::hip_near : Joint::hip_far);
    const vec2 knee = at(near ? Joint::knee_near : Joint::knee_far);
    const vec2 ankle = at(near ? Joint::ankle_near : Joint::ankle_far);
    const vec2 toe = at(near ? Joint::toe_near : Joint::toe_far);
    run(hip, knee, sizes_.thigh, Material::fabric, step);
    run(knee, ankle, sizes_.shank, Material::fabric, step);

    // Knee pad: on the front of the knee, standing a centimetre proud of the thigh's
    // silhouette, running a little way down the shin from the joint.
    const vec2 shin = unit(ankle - knee, {0.0, -1.0});
    const vec2 front = -front_of_up(shin);
    const double proud = s(sizes_.thigh - sizes_.knee_pad + 0.012);
    run(knee + front * proud, knee + front * proud + shin * s(0.07), sizes_.knee_pad, Material::gear, step);

    // Boot. The foot frame comes from the ankle and toe joints: anim places the toe (ball of
    // the foot) at toe_forward along the sole and ankle_height below it, so the sole
    // direction is the ankle->toe direction turned back by atan2(ankle_height, toe_forward);
    // the heel lies heel_back behind the ankle (anim::Proportions).
    const anim::Proportions& b = frame_.body_size;
    const double tilt = std::atan2(b.ankle_height, b.toe_forward()) * sign_;
    const vec2 at_toe = unit(toe - ankle, {static_cast<double>(sign_), 0.0});
    const vec2 sole{at_toe.x * std::cos(tilt) - at_toe.y * std::sin(tilt), at_toe.x * std::sin(tilt) + at_toe.y * std::cos(tilt)};
    const vec2 down = front_of_up(sole);  // the sole's underside
    const double rb = s(sizes_.boot);
    const vec2 sole_mid = ankle + down * (b.ankle_height - rb);
    const double heel = b.heel_back(), tip = b.foot - b.heel_back();  // toe tip = foot length from the heel
    disc(ankle + sole * s(0.01), sizes_.shank + 0.004, Material::boots, step);
    // The sole from the heel to the ball, then the toe cap from the ball, bent up by the
    // toes' bend while the heel is up and the foot rolls over its ball (Rule 4, anim's
    // stance roll): the cap lies on the ground instead of the tip digging into it.
    const double bend = frame_.toe_bend[anim::index(side)] * sign_;
    const vec2 cap{sole.x * std::cos(bend) - sole.y * std::sin(bend), sole.x * std::sin(bend) + sole.y * std::cos(bend)};
    const vec2 ball = sole_mid + sole * b.toe_forward();
    run(sole_mid - sole * (heel - rb), ball, sizes_.boot, Material::boots, step);
    run(ball, ball + cap * std::max(0.0, tip - b.toe_forward() - rb), sizes_.boot, Material::boots, step);
  }

  void body() {
    const vec2 pelvis = at(Joint::pelvis), chest = at(Joint::chest), neck = at(Joint::neck), head = at(Joint::head);
    const vec2 spine = neck - pelvis;
    const vec2 up = unit(spine, {0.0, 1.0});
    const vec2 front = front_of_up(up);
    const double trunk = std::sqrt(spine.x * spine.x + spine.y * spine.y);
    auto along = [&](double share, double forward_m) { return pelvis + up * (share * trunk) + front * s(forward_m); };

    // Hips and waist in uniform fabric; the seat sits a little behind the hip joints.
    disc(along(0.02, -0.025), sizes_.hips, Material::fabric, kNearStep);
    run(pelvis, chest, sizes_.abdomen, Material::fabric, kNearStep);

    // Plate carrier: three stacked constant-radius runs along the spine ("a plate carrier is
    // three stacked constant-radius runs"): cummerbund, plates, collar.
    run(along(0.36, 0.012), along(0.52, 0.012), sizes_.carrier_band, Material::gear, kNearStep);
    run(along(0.56, 0.018), along(0.76, 0.018), sizes_.carrier, Material::gear, kNearStep);
    run(along(0.80, -0.005), along(0.90, -0.005), sizes_.carrier_collar, Material::gear, kNearStep);
    // Belt: a band across the waist above the hip joints, a little proud of the fabric, in
    // the carrier's tone: the uniform's far step would sit on the uniform's own value.
    const double half = s(sizes_.abdomen + 0.010 - sizes_.belt);
    run(along(0.14, 0.0) - front * half, along(0.14, 0.0) + front * half, sizes_.belt, Material::gear, kNearStep);

    // Neck and head. The face is perpendicular to the skull's axis (Rule 7) on the side the
    // gaze points to.
    // The skull's axis is the pose's own (anim: a head dropped onto the stock tips forward of
    // its neck), the eye where the aim put it (anim::eye_position).
    const vec2 neck_axis = unit(head - neck, up);
    const vec2 skull = unit(frame_.skull, neck_axis);
    vec2 face = front_of_up(skull);
    if (face.x * frame_.gaze.x + face.y * frame_.gaze.y < 0.0) face = -face;
    // Only the top of the neck shows above the carrier's collar.
    run(neck, neck + neck_axis * (0.6 * frame_.body_size.neck), sizes_.neck, Material::skin, kFarStep);
    const double hr = s(sizes_.head);
    auto head_at = [&](double forward, double upward) { return head + face * (forward * hr) + skull * (upward * hr); };
    // Helmet: a dome over the skull, reaching down over the back of the head; the face is
    // drawn over its front-lower quarter; then the team's band round the dome, the eye, and
    // last the brim over the brow, jutting past the nose so the helmet's silhouette is a
    // helmet and not a ball (issue 15).
    disc(head_at(-0.1, 0.3), sizes_.helmet, Material::helmet, kNearStep);
    run(head_at(0.35, 0.0), head_at(0.42, -0.5), 0.50 * sizes_.head, Material::skin, kNearStep);   // face
    run(head_at(0.0, -0.55), head_at(0.5, -0.72), 0.40 * sizes_.head, Material::skin, kNearStep);  // jaw and chin
    disc(head_at(0.98, -0.18), 0.17 * sizes_.head, Material::skin, kNearStep, false);               // nose
    disc(head_at(-0.38, -0.30), 0.20 * sizes_.head, Material::skin, kFarStep, false);  // ear, in the helmet's cut-out
    run(head_at(-0.62, 0.62), head_at(0.62, 0.72), sizes_.helmet_band, Material::accent, kNearStep, false);
    disc(frame_.eye, sizes_.eye, Material::skin, kEyeStep, false);  // the eye, in the brim's shade
    run(head_at(-0.55, 0.30), head_at(sizes_.brim_reach, 0.38), sizes_.brim, Material::helmet, kFarStep, false);
  }

  // The radio on the upper back, behind the carrier: the whip rises out of it.
  void radio() {
    if (!kit_.radio) return;
    const vec2 pelvis = at(Joint::pelvis), neck = at(Joint::neck);
    const vec2 spine = neck - pelvis;
    const vec2 up = unit(spine, {0.0, 1.0});
    const vec2 back = -front_of_up(up);
    const double trunk = std::sqrt(spine.x * spine.x + spine.y * spine.y);
    auto along = [&](double share, double back_m) { return pelvis + up * (share * trunk) + back * s(back_m); };
    run(along(0.50, sizes_.radio_back), along(0.80, sizes_.radio_back), sizes_.radio, Material::fabric, kNearStep);
  }

  void rifle() {
    const anim::RiflePoints& r = frame_.rifle;
    const vec2 axis = unit(r.muzzle - r.butt, {static_cast<double>(sign_), 0.0});
    const vec2 down = front_of_up(axis);  // the rifle's underside: the magazine hangs this way
    if (kit_.machine_gun) return machine_gun(r, axis, down);
    const double rs = s(sizes_.rifle_stock);
    run(r.butt + axis * rs, r.grip, sizes_.rifle_stock, Material::rifle, kNearStep);
    run(r.grip - axis * s(0.01), r.grip + down * s(0.085) - axis * s(0.035), 0.018, Material::rifle, kFarStep, false);
    run(r.grip + axis * s(0.10) + down * s(0.02), r.grip + axis * s(0.15) + down * s(0.17), sizes_.rifle_magazine,
        Material::rifle, kNearStep);
    run(r.grip - axis * s(0.03), r.grip + axis * s(0.17), sizes_.rifle_receiver, Material::rifle, kNearStep);
    run(r.grip + axis * s(0.17), r.fore + axis * s(0.22), sizes_.rifle_handguard, Material::rifle, kNearStep);
    run(r.fore + axis * s(0.22), r.muzzle - axis * s(0.06), sizes_.rifle_barrel, Material::rifle, kFarStep, false);
    run(r.muzzle - axis * s(0.06), r.muzzle - axis * s(0.02), 1.6 * sizes_.rifle_barrel, Material::rifle, kFarStep, false);
    run(r.grip + axis * s(0.02) - down * s(0.06), r.grip + axis * s(0.12) - down * s(0.06), 0.02, Material::rifle, kNearStep,
        false);  // optic
  }

  // The gunner's light machine gun, on the same butt, grip, fore-end and muzzle points as a
  // rifle (Rule 2b: the hands were solved onto them): a deeper receiver, a box of belted
  // rounds under it, a heavy barrel with a flash hider and the bipod folded under the
  // handguard.
  void machine_gun(const anim::RiflePoints& r, vec2 axis, vec2 down) {
    const double rs = s(sizes_.mg_stock);
    run(r.butt + axis * rs, r.grip, sizes_.mg_stock, Material::rifle, kNearStep);
    run(r.grip - axis * s(0.01), r.grip + down * s(0.085) - axis * s(0.035), 0.018, Material::rifle, kFarStep, false);
    run(r.grip + axis * s(0.09) + down * s(0.07), r.grip + axis * s(0.19) + down * s(0.07), sizes_.mg_box,
        Material::rifle, kNearStep);  // the ammunition box
    run(r.grip - axis * s(0.03), r.grip + axis * s(0.24), sizes_.mg_receiver, Material::rifle, kNearStep);
    run(r.grip + axis * s(0.24), r.fore + axis * s(0.12), sizes_.mg_handguard, Material::rifle, kNearStep);
    run(r.grip + axis * s(0.04) - down * s(0.05), r.grip + axis * s(0.20) - down * s(0.05), 0.014, Material::rifle,
        kNearStep, false);  // carrying handle
    run(r.fore + axis * s(0.12), r.muzzle - axis * s(0.07), sizes_.mg_barrel, Material::rifle, kFarStep, false);
    run(r.muzzle - axis * s(0.07), r.muzzle, 1.5 * sizes_.mg_barrel, Material::rifle, kFarStep, false);  // flash hider
    const vec2 hinge = r.fore + axis * s(0.16) + down * s(0.03);
    run(hinge, hinge - axis * s(0.26) + down * s(0.02), sizes_.mg_bipod, Material::rifle, kFarStep, false);
  }

  // A spring chain of frame.gear as one constant-radius run per link, base to tip.
  void chain(std::span<const vec2> points, double radius_m, Material m, int step) {
    for (std::size_t i = 1; i < points.size(); ++i) run(points[i - 1], points[i], radius_m, m, step, false);
  }

  // The radio whip: thin, in the rifle's dark grey, behind the body (it rises from the carrier's back).
  void antenna() {
    if (!frame_.gear.valid || !kit_.antenna || !lod_.chains) return;
    chain(frame_.gear.antenna, sizes_.antenna, Material::rifle, kNearStep);
    disc(frame_.gear.antenna.back(), sizes_.antenna_tip, Material::rifle, kNearStep, false);
  }
  // The pouch strap hangs over the seat, in front of the body and behind the near leg.
  void strap() {
    if (frame_.gear.valid && lod_.chains) chain(frame_.gear.strap, sizes_.strap, Material::gear, kFarStep);
  }
  // The sling hangs under the rifle, in front of the body; the rifle covers its swivels and
  // the near arm closes over it.
  void sling() {
    if (frame_.gear.valid && lod_.chains) chain(frame_.gear.sling, sizes_.sling, Material::gear, kFarStep);
  }

  std::vector<FigureRun> take() { return std::move(runs_); }

 private:
  const Camera& camera_;
  const anim::CharacterFrame& frame_;
  const FigureSizes& sizes_;
  const FigureLod& lod_;
  double scale_;
  int sign_;
  anim::Kit kit_;
  std::vector<FigureRun> runs_;
};

}  // namespace

std::vector<FigureRun> figure_runs(const Camera& camera, const anim::CharacterFrame& frame, const FigureSizes& sizes,
                                   const FigureLod& lod) {
  RunBuilder b(camera, frame, sizes, lod);
  // Draw order (ARCHITECTURE.md render/figure): far arm, far leg, antenna, body, strap, near
  // leg, sling, rifle, near arm -- the near arm last so the hand closes over the grip.
  b.arm(anim::Side::far);
  b.leg(anim::Side::far);
  b.antenna();
  b.radio();
  b.body();
  b.strap();
  b.leg(anim::Side::near);
  b.sling();
  b.rifle();
  b.arm(anim::Side::near);
  return b.take();
}

}  // namespace render
