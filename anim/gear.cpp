#include "anim/gear.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

constexpr double kReferenceHeight = 1.78;  // m: the body the tuning's offsets are for

vec2 unit_or(vec2 v, vec2 fallback) {
  const double l = glm::length(v);
  return l > 1e-12 ? v / l : fallback;
}

// The trunk's attitude in world space: `up` along pelvis -> neck (as render/figure draws the
// carrier), `forward` the facing frame's +x turned with the trunk and scaled by the body's
// x_scale, so facing -x mirrors it and a turn passes it smoothly through zero.
struct TrunkFrame {
  vec2 pelvis{};
  vec2 up{0.0, 1.0};
  vec2 forward{1.0, 0.0};
  double length = 0.0;  // pelvis -> neck, m
  double scale = 1.0;   // body height / 1.78

  // The point `share` of the way up the trunk and `ahead` m in front of the spine line.
  vec2 at(double share, double ahead) const { return pelvis + up * (share * length) + forward * (ahead * scale); }
};

TrunkFrame trunk_of(const CharacterFrame& f) {
  TrunkFrame t;
  t.pelvis = f.joints[index(Joint::pelvis)];
  const vec2 spine = f.joints[index(Joint::neck)] - t.pelvis;
  t.length = glm::length(spine);
  t.up = unit_or(spine, {0.0, 1.0});
  t.forward = vec2{t.up.y, -t.up.x} * f.body.x_scale();
  t.scale = f.body_size.height > 0.0 ? f.body_size.height / kReferenceHeight : 1.0;
  return t;
}

// The chain's arrays for one step (the spans of ChainPose point here).
template <std::size_t N>
struct ChainInput {
  std::array<vec2, N> rest_dir{};
  std::array<double, N> length{};
  ChainPose pose;

  ChainInput(vec2 root, double total_length) {
    length.fill(total_length / N);
    pose.root = root;
    pose.rest_dir = rest_dir;
    pose.length = length;
  }
  ChainInput(const ChainInput&) = delete;  // `pose` points into this object
  ChainInput& operator=(const ChainInput&) = delete;
};

constexpr double kAntennaMaxBend = 1.0;  // rad (57 deg) a whip's link may bend off its rest line

template <std::size_t N>
void copy_points(std::array<vec2, N + 1>& out, vec2 root, const SpringChain& chain) {
  out[0] = root;
  for (std::size_t i = 0; i < N && i < chain.position.size(); ++i) out[i + 1] = chain.position[i];
}

}  // namespace

Kit kit_of(Role role) {
  Kit k;
  k.antenna = k.radio = role == Role::radioman;  // the antenna only on the radioman
  k.machine_gun = role == Role::gunner;
  return k;
}

void reset_gear(GearState& state) {
  for (SpringChain& c : state.chains) c.primed = false;
  state.held = 0;
  state.held_dt = 0.0;
  state.solved.valid = false;
}

namespace {

// Where each chain hangs from on this step's pose, world m.
struct GearAnchors {
  vec2 antenna{};      // the whip's base on the radio
  vec2 sling_rear{};   // the sling's swivel on the stock
  vec2 sling_front{};  // and on the handguard
  vec2 strap{};        // the strap's buckle on the belt
  vec2 bore_axis{};    // unit, buttpad -> muzzle
};

GearAnchors anchors_of(const CharacterFrame& frame, const TrunkFrame& trunk, const GearTuning& tuning) {
  GearAnchors a;
  a.antenna = trunk.at(tuning.antenna_base_share, -tuning.antenna_base_back);
  a.strap = trunk.at(tuning.strap_share, -tuning.strap_back);
  const RiflePoints& r = frame.rifle;
  const vec2 bore = r.muzzle - r.butt;
  const vec2 axis = unit_or(bore, {frame.body.x_scale() < 0.0 ? -1.0 : 1.0, 0.0});
  const vec2 down = frame.body.sign() > 0 ? vec2{axis.y, -axis.x} : vec2{-axis.y, axis.x};
  a.bore_axis = axis;
  a.sling_rear = r.butt + bore * tuning.sling_rear_share + down * tuning.sling_drop;
  a.sling_front = r.butt + bore * tuning.sling_front_share + down * tuning.sling_drop;
  return a;
}

// The chains of `solved` carried to this step's anchors: a free chain moved with its base,
// the sling's point k of N with (1 - k/N) of its rear swivel's motion and k/N of its front's.
GearPoints carried(const GearPoints& solved, const GearAnchors& now) {
  GearPoints out = solved;
  const vec2 antenna = now.antenna - solved.antenna[0], strap = now.strap - solved.strap[0];
  for (vec2& p : out.antenna) p += antenna;
  for (vec2& p : out.strap) p += strap;
  const vec2 rear = now.sling_rear - solved.sling.front(), front = now.sling_front - solved.sling.back();
  for (std::size_t k = 0; k < out.sling.size(); ++k) {
    const double share = static_cast<double>(k) / static_cast<double>(out.sling.size() - 1);
    out.sling[k] += rear * (1.0 - share) + front * share;
  }
  return out;
}

}  // namespace

GearPoints step_gear(GearState& state, const CharacterFrame& frame, const GearTuning& tuning, double dt, int every) {
  const TrunkFrame trunk = trunk_of(frame);
  const GearAnchors anchors = anchors_of(frame, trunk, tuning);
  const double step_dt = std::isfinite(dt) && dt > 0.0 ? dt : 0.0;
  if (state.solved.valid && state.held + 1 < std::clamp(every, 1, kMaxGearEvery)) {
    ++state.held;
    state.held_dt += step_dt;
    return carried(state.solved, anchors);
  }
  dt = state.solved.valid ? state.held_dt + step_dt : dt;
  state.held = 0;
  state.held_dt = 0.0;
  // A reduced level of detail solves with longer sub-steps and a looser pin (GearTuning's lod_*).
  ChainLimits limits = tuning.limits;
  if (every > 1) {
    limits.max_substep = tuning.lod_max_substep;
    limits.pin_tolerance = tuning.lod_pin_tolerance;
  }
  GearPoints out;
  out.valid = true;

  // Antenna: a straight whip up and back from the radio on the upper back, following the trunk.
  {
    ChainInput<kAntennaLinks> in(anchors.antenna, tuning.antenna_length);
    const vec2 dir = unit_or(trunk.up * std::cos(tuning.antenna_tilt) - trunk.forward * std::sin(tuning.antenna_tilt),
                             trunk.up);
    in.rest_dir.fill(dir);
    in.pose.stiffening = tuning.antenna_stiffening;
    in.pose.max_bend = kAntennaMaxBend;
    chain_step(state.chains[0], in.pose, tuning.antenna_spring, limits, dt);
    copy_points<kAntennaLinks>(out.antenna, in.pose.root, state.chains[0]);
  }

  // Sling: from the rear swivel to the front one, at rest a V under the rifle whose sides
  // make the webbing's length; gravity hangs it.
  {
    const vec2 rear = anchors.sling_rear, front = anchors.sling_front;
    ChainInput<kSlingLinks> in(rear, tuning.sling_length);
    const vec2 span = front - rear;
    const vec2 along = unit_or(span, anchors.bore_axis);
    const vec2 below = frame.body.sign() > 0 ? vec2{along.y, -along.x} : vec2{-along.y, along.x};
    const double c = tuning.sling_length > 0.0 ? std::clamp(glm::length(span) / tuning.sling_length, 0.0, 1.0) : 1.0;
    const double s = std::sqrt(1.0 - c * c);
    for (std::size_t i = 0; i < kSlingLinks; ++i) in.rest_dir[i] = along * c + below * (i < kSlingLinks / 2 ? s : -s);
    in.pose.pinned = true;
    in.pose.tip = front;
    chain_step(state.chains[1], in.pose, tuning.sling_spring, limits, dt);
    copy_points<kSlingLinks>(out.sling, in.pose.root, state.chains[1]);
  }

  // Strap: hanging from the back of the belt, trailing a little behind the trunk's down.
  {
    ChainInput<kStrapLinks> in(anchors.strap, tuning.strap_length);
    const vec2 dir = unit_or(-trunk.up * std::cos(tuning.strap_trail) - trunk.forward * std::sin(tuning.strap_trail),
                             -trunk.up);
    in.rest_dir.fill(dir);
    chain_step(state.chains[2], in.pose, tuning.strap_spring, limits, dt);
    copy_points<kStrapLinks>(out.strap, in.pose.root, state.chains[2]);
  }
  state.solved = out;
  return out;
}

}  // namespace anim
