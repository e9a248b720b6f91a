#include "anim/gait/gait.hpp"

#include "anim/gait/hip_offset.hpp"
#include "anim/gait/stance_leg.hpp"
#include "anim/gait/stance_roll.hpp"
#include "anim/gait/step_variation.hpp"
#include "anim/look_at.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

constexpr double kMaxPhasePerStep = 0.2;  // cycles; bounds a dt spike (not a behaviour)
constexpr double kMaxToeUp = 0.5;         // rad, the most a foot rolls toe-up on its heel walking backwards
constexpr double kBoundSmoothing = 0.006; // m: the band of the pelvis solve's smooth minimum
constexpr double kReachBand = 0.0004;     // m: its band for a leg's reach (a geometric limit; not a behaviour)
constexpr double kLandingHoldTime = 0.5;  // s: past it a landing leg's hold lies far above any path (not a behaviour)
constexpr double kHoldCloseTime = 0.15;   // s before a touchdown over which a landing hold's band closes
constexpr double kHoldBandOpen = 0.1;     // s over which that hold's smooth minimum with the reach opens
constexpr double kHoldRunLift = 0.3;      // m that hold is lifted by in a run: far above any path

double wrap01(double p) {
  p = std::fmod(p, 1.0);
  return p < 0.0 ? p + 1.0 : p;
}

// A facing-frame offset seen in the world (foreshortened mid-turn).
vec2 offset_in_world(vec2 v, double facing_scale) { return {v.x * facing_scale, v.y}; }

}  // namespace

Gait::Gait(const Proportions& body, const GaitTuning& tuning, double body_x, int facing, const Terrain& terrain)
    : body_(body) {
  reset_standing(body_x, facing, terrain, tuning);
}

double Gait::foot_phase(Side s, double phi, const GaitTuning& t) const {
  // The far foot runs half a cycle behind the near one, a hair off antiphase (Rule 10).
  return s == Side::near ? wrap01(phi) : wrap01(phi + 0.5 + t.asymmetry_phase);
}

double Gait::stance_of(double stance_cut, const Context& c) const {
  return std::max(1e-6, c.g.stance_fraction - stance_cut);
}

double Gait::stance_share(Side s, const Context& c, const GaitTuning& t) const {
  // Through the stance 0..1 (past 1 after lift-off: the weight is still passing over).
  return foot_phase(s, phi_, t) / stance_of(feet_[index(s)].plant.stance_cut, c);
}

StanceRollInput Gait::roll_input(const Plant& p, double q, const Context& c, const GaitTuning& t) const {
  StanceRollInput in;
  in.pivot = p.pivot;
  in.ground = p.ground;
  const RollProfile roll{p.heel_strike ? c.g.strike_pitch : 0.0, c.g.foot_flat_at, c.g.heel_rise_at, c.g.toe_off_pitch};
  const bool walking = p.stepped && mode_ == Mode::walking;
  in.natural = walking ? stance_pitch(roll, q) : 0.0;
  // Walking backwards a step runs in reverse: the foot rolls up on its heel, not its toe.
  const double up = walking ? stance_max_over(in.natural, roll.flat_at, roll.rise_at, q, -roll.strike) : stance_max_over(0.0, 0.0, 0.0, 1.0);
  in.max_over = in.natural + (up - in.natural) * (1.0 - c.backward);
  // Mid-turn a foot swivels on its ball (the heel and tip would swing through the turn),
  // so it bears there, heel off or flat, toes flat (Rule 2: the ball stays still).
  if (std::abs(c.facing) < 1.0 - 1e-9) {
    in.natural = std::clamp(in.natural, 0.0, t.toe_bend_max);
    in.max_over = std::clamp(in.max_over, in.natural, t.toe_bend_max);
    in.min_over = std::clamp(in.min_over, 0.0, in.natural);
    if (in.pivot.kind != Bearing::ball) in.pivot = {p.ball, Bearing::ball};
  }
  // Past a crest the boot's tip is over air: the foot pushes off from its ball.
  if (!p.tip_roll) {
    in.natural = std::min(in.natural, t.toe_bend_max);
    in.max_over = std::min(in.max_over, t.toe_bend_max);
  }
  // Before a riser the foot rolls up no further than keeps its ankle out of it.
  in.natural = std::min(in.natural, p.roll_max);
  in.max_over = std::min(in.max_over, p.roll_max);
  in.min_over = in.natural - (in.natural + kMaxToeUp) * c.backward * (walking ? smoothstep01(q / std::max(1e-3, roll.rise_at)) : 1.0);
  in.facing_scale = c.facing;
  in.sign = c.sign;
  in.reach = c.reach;
  in.dorsiflexion_max = t.dorsiflexion_max;
  in.plantarflexion_max = t.plantarflexion_max;
  in.toe_bend_max = t.toe_bend_max;
  in.tolerance = c.roll_tolerance;
  return in;
}

StanceRollInput Gait::planted_roll_input(const Foot& f, double q, const Context& c, const GaitTuning& t) const {
  StanceRollInput in = roll_input(f.plant, q, c, t);
  // A stop's feet come down flat, but not at once: a foot that landed toe up on its heel still
  // reaches from there, and its reach is not cut to a flat foot's for the frame the stop begins
  // (a 7 mm dip of the hips, 82 m/s^2, stopping from 0.8 m/s; issue 10).
  if (mode_ != Mode::walking) in.min_over = std::min(in.min_over, f.pitch - f.plant.ground);
  return in;
}

double Gait::stance_knee_at(const Plant& p, double q, const Context& c, const GaitTuning& t, bool bend_at_once) const {
  // A walk's knee, or a run's: landing flexed, flexing most at mid-stance, extending to push
  // off (Heiderscheit et al. 2011); blended by how much of a run the gait is (Rule 6).
  // The pre-swing flexion waits for the other foot to land (half a cycle after this one,
  // 0.5 / D of this stance), so it is anchored there at every stance fraction.
  const double pre_swing = std::clamp(0.5 / std::max(c.g.stance_fraction, 0.5) - t.knee_pre_swing_lead,
                                      t.knee_loading_at + 0.1, 0.95);
  const KneeProfile walk{t.knee_contact, t.knee_loading.at(gait_speed_), t.knee_loading_at, t.knee_midstance, pre_swing, t.knee_toe_off};
  const KneeProfile run{t.run_knee_contact, t.run_knee_midstance, 0.45, t.run_knee_midstance, 0.55, t.run_knee_toe_off};
  const double walking_knee = stance_knee(walk, q, bend_at_once);
  const double profile = walking_knee + (stance_knee(run, q) - walking_knee) * c.g.run;
  // The knee it landed with fades into the profile's (a step up lands bent and straightens
  // to lift the body; on level ground the two agree).
  const double fade = 1.0 - smoothstep01(q / std::max(1e-3, t.knee_match_fade));
  return std::max(0.0, profile + p.knee_offset * fade);
}

double Gait::natural_height(const Plant& p, double q, double hip_x, const Context& c, const GaitTuning& t) const {
  const double span = std::min(leg_span(body_, stance_knee_at(p, q, c, t)), c.reach);
  return natural_stance(body_, roll_input(p, q, c, t), hip_x, span).height;
}

double Gait::standing_height(Side s, const Context& c, const GaitTuning& t) const {
  StanceRollInput in = roll_input(feet_[index(s)].plant, 0.0, c, t);
  in.natural = 0.0;
  return natural_stance(body_, in, c.leg_hip_x[index(s)], std::min(leg_span(body_, t.stand_knee), c.reach)).height;
}

SwingEnd Gait::touchdown_pose(const Foot& f, const Context& c) const {
  // A walk lands on its heel, toe up; a run on its mid- or forefoot; a stop flat.
  const double strike = mode_ == Mode::walking && f.swing.target_heel ? c.g.strike_pitch : 0.0;
  const FootPose pose = resting_foot(body_, f.swing.target.ball, f.swing.target_ground, -strike, c.facing, 0.0);
  return {pose.ball, pose.pitch, 0.0};
}

vec2 Gait::standing_ball(Side s, const Context& c, const GaitTuning& t, const Terrain& terrain) const {
  // A rifleman's stance: the support-side (far) foot forward, the near foot back.
  const double half = 0.5 * t.stand_foot_spread;
  const double x = c.hip_x + c.facing * ((s == Side::far ? half : -half) + body_.toe_forward());
  return plant_on_ground(terrain, body_, x, c.dir, c.facing);
}

void Gait::reset_standing(double body_x, int facing, const Terrain& terrain, const GaitTuning& t,
                          const std::array<vec2, 2>* balls) {
  mode_ = Mode::standing;
  phi_ = 0.0;
  Context c;
  c.facing = facing < 0 ? -1.0 : 1.0;
  c.sign = facing < 0 ? -1 : 1;
  c.dir = c.sign;
  c.hip_x = body_x;
  c.leg_hip_x = {body_x, body_x};
  for (Side s : kSides) {
    Foot& f = feet_[index(s)];
    f = Foot{};
    f.plant.ball = balls ? plant_on_ground(terrain, body_, (*balls)[index(s)].x, c.dir, c.facing) : standing_ball(s, c, t, terrain);
    f.plant.ground = ground_pitch(terrain, body_, f.plant.ball, c.facing);
    f.plant.tip_roll = tip_bears(terrain, body_, f.plant.ball, f.plant.ground, c.facing);
    f.plant.roll_max = roll_clear_of_ground(terrain, body_, f.plant.ball, f.plant.ground, c.facing, t.toe_bend_max, kMaxRoll);
    f.plant.pivot = {f.plant.ball, Bearing::ball};
    f.toe = f.plant.ball;
  }
  GaitInput still;
  still.body_x = body_x;
  still.facing_scale = c.facing;
  out_ = GaitOutput{};
  pelvis_y_ = 0.0;
  gait_speed_ = 0.0;
  run_blend_ = 0.0;
  rise_limited_ = false;
  step(still, t, terrain);
}

void Gait::lift_off(Foot& f, double psi, double hip_x) {
  f.planted = false;
  Swing& s = f.swing;
  s = Swing{};
  s.from = {f.toe, f.pitch, f.toe_bend};
  s.path_hip_x = hip_x;
  s.liftoff_hip_x = hip_x;
  s.target.ball = f.plant.ball;  // until the swing plans its foothold
  s.target.land_hip_x = hip_x;
  s.target_ground = f.plant.ground;
  s.target_heel = f.plant.heel_strike;
  s.target_tip = f.plant.tip_roll;
  s.target_roll_max = f.plant.roll_max;
  s.liftoff_psi = std::min(psi, 0.999);
  s.index = steps_ + 1;
}

FootPivot Gait::resting_pivot(vec2 ball_flat, double ground, double over, const Context& c, const GaitTuning& t) const {
  const FootPose f = resting_foot(body_, ball_flat, ground, over, c.facing, t.toe_bend_max);
  return {f.contact, f.bearing};
}

void Gait::touch_down(Foot& f, const Context& c, const GaitTuning& t) {
  f.planted = true;
  Plant& p = f.plant;
  p.ball = f.swing.target.ball;
  p.ground = f.swing.target_ground;
  p.heel_strike = f.swing.target_heel;
  p.tip_roll = f.swing.target_tip;
  p.roll_max = f.swing.target_roll_max;
  // It comes down on the point its landing pose bears on (the heel, for a heel strike).
  p.pivot = resting_pivot(p.ball, p.ground, f.pitch - p.ground, c, t);
  p.stance_cut = f.swing.target.stance_cut;
  p.stepped = mode_ == Mode::walking;
  p.knee_offset = p.stepped ? f.swing.landing_knee_offset : 0.0;
  p.out_of_reach = false;
  p.margin_known = false;
  p.landed_hold = f.swing.land_support;
  p.landed_hold_set = f.swing.headroom_set && p.stepped;
  p.since_landing = 0.0;
  f.swing.u = 1.0;
  ++steps_;
}

void Gait::begin_walking(const Context& c, const GaitTuning& t) {
  mode_ = Mode::walking;
  const double d = gait_at_speed(t, 0.0, body_.leg(), 0.0).stance_fraction;
  // The foot further back along the travel lifts first, at the very end of its stance.
  const Side rear = feet_[index(Side::near)].plant.ball.x * c.dir <= feet_[index(Side::far)].plant.ball.x * c.dir
                        ? Side::near : Side::far;
  phi_ = rear == Side::near ? d : wrap01(d - 0.5 - t.asymmetry_phase);
  // The front foot's stance now follows the walk's profiles, from the knee it stands on.
  for (Side s : kSides) {
    Foot& f = feet_[index(s)];
    f.plant.stepped = true;
    f.plant.stance_cut = 0.0;
    f.plant.knee_offset = 0.0;
    const double q = std::clamp(stance_share(s, c, t), 0.0, 1.0);
    f.plant.knee_offset = matched_knee_offset(f.plant, q, f.ankle, {c.leg_hip_x[index(s)], pelvis_y_}, c, t);
  }
  lift_off(feet_[index(rear)], d, c.hip_x);
}

Gait::Context Gait::context(const GaitInput& in, const GaitTuning& t, const Terrain& terrain) {
  Context c;
  c.dt = in.dt;
  c.facing = in.facing_scale;
  c.sign = c.facing < 0.0 ? -1 : 1;
  c.speed = c.dt > 0.0 ? std::abs(in.travelled) / c.dt : 0.0;
  // How much the travel runs against the facing: 1 backpedalling, 0 forward, and between
  // them through a turn (facing is cos(yaw)), so the gait's parameters change smoothly.
  const double travel_sign = in.travelled > 0.0 ? 1.0 : (in.travelled < 0.0 ? -1.0 : 0.0);
  c.backward = std::clamp(-c.facing * travel_sign, 0.0, 1.0);
  c.dir = in.travelled > 0.0 ? 1 : (in.travelled < 0.0 ? -1 : c.sign);
  // The tables are read at the speed low-passed over speed_smoothing: the body's speed has a
  // corner wherever its acceleration starts or stops, and it must not reach the pelvis path.
  if (c.dt > 0.0) {
    const double k = 1.0 - std::exp(-c.dt / std::max(1e-3, t.speed_smoothing));
    gait_speed_ += (c.speed - gait_speed_) * k;
  }
  const double leg = body_.leg();
  c.reach = leg * t.knee_slack;
  c.g = gait_at_speed(t, gait_speed_, leg, c.backward);
  // The walk's and the run's profiles blend by the stance fraction's say (Rule 6), followed
  // through run_share_spring (gait_tuning.hpp: why).
  if (c.dt > 0.0) step_hip_offset(run_share_, run_share_velocity_, c.g.run, t.run_share_spring, c.dt);
  c.g.run = clamp01(run_share_);
  // The stride is the distance the body covers per cycle at its real speed at that cadence
  // (Rule 3: stride = speed / cadence), so the phase follows the distance (Rule 1) through
  // a change of speed too.
  c.g.speed = c.speed;
  c.g.stride = 2.0 * c.speed / c.g.cadence;
  c.g.contact_length = c.g.stance_fraction * c.g.stride;
  c.hip_x = in.body_x + in.hip_offset;
  for (Side s : kSides) c.leg_hip_x[index(s)] = c.hip_x + (std::isfinite(in.leg_hip_offset[index(s)]) ? in.leg_hip_offset[index(s)] : 0.0);
  // Steps shorten for the steepest ground of the coming stride, so a slope's edge is met
  // with short steps already, not with one long step over it; ground further ahead counts
  // for less, so the stride changes smoothly as it comes.
  double steepest = 0.0;
  for (double ahead : {-0.3, 0.0, 0.3, 0.6, 0.9, 1.2}) {
    const double weight = std::clamp(1.0 - (ahead - 0.3) / t.slope_lookahead, 0.0, 1.0);
    const double s = weight * terrain.slope_at(c.hip_x + c.dir * ahead, t.stride_slope_span);
    if (std::abs(s) > std::abs(steepest)) steepest = s;
  }
  adapt_to_slope(c.g, steepest);
  c.level = terrain.level_at(c.hip_x);
  // On a slope the distance is the one along the ground (issue 6): along the ground's slope
  // under the body, so a step's riser adds its share smoothly.
  c.slope = terrain.slope_at(c.hip_x);
  c.ground_cos = 1.0 / std::sqrt(1.0 + c.slope * c.slope);
  c.roll_tolerance = std::isfinite(in.roll_tolerance) ? std::max(0.0, in.roll_tolerance) : 0.0;
  return c;
}

void Gait::update_mode(const Context& c, const GaitInput& in, const GaitTuning& t) {
  if (!(c.dt > 0.0)) return;
  if (mode_ == Mode::standing && in.wants_to_move && c.speed > t.start_speed) begin_walking(c, t);
  // A stop, or a reversal of the travel (the planted feet were placed for the other
  // direction), ends with the last short step; a reversal then starts afresh.
  const bool reversed = mode_ == Mode::walking && c.speed > 0.0 && c.dir != last_dir_;
  if (mode_ == Mode::walking && ((!in.wants_to_move && c.speed < t.settle_speed) || reversed)) {
    mode_ = Mode::settling;
    // Re-anchor a swing in flight: from here it is the last short step, timed, not phased.
    for (Foot& f : feet_) {
      if (f.planted) continue;
      f.swing.from = {f.toe, f.pitch, f.toe_bend};
      f.swing.path_hip_x = c.hip_x;
      f.swing.headroom_set = false;
      f.swing.u = 0.0;
      f.swing.path_from = 0.0;
    }
  }
  if (mode_ == Mode::settling && in.wants_to_move && feet_[0].planted && feet_[1].planted && c.speed > t.start_speed)
    begin_walking(c, t);
}

void Gait::advance_phase(const Context& c, const Terrain& terrain) {
  (void)terrain;
  if (c.speed > 0.0) last_dir_ = c.dir;
  // Rule 1: phase += travelled / stride, the distance read along the ground.
  const double along = c.speed * c.dt / c.ground_cos;
  if (mode_ == Mode::walking && c.g.stride > 1e-9) phi_ = wrap01(phi_ + std::min(along / c.g.stride, kMaxPhasePerStep));
}

void Gait::lift_offs_and_touchdowns(const Context& c, double phi_prev, bool wants_to_move, const GaitTuning& t,
                                    const Terrain& terrain) {
  if (mode_ == Mode::walking) {
    for (Side s : kSides) {
      Foot& f = feet_[index(s)];
      const double psi_prev = foot_phase(s, phi_prev, t);
      const double psi = foot_phase(s, phi_, t);
      const bool wrapped = psi < psi_prev;
      // A running stance leg that reached its full length behind the hips and still held them
      // below where the run wanted them (the ground rising ahead: a step up, a slope's foot)
      // pushes off there, not at its phase: a leg leaves the ground as it straightens, and
      // holding on would drag the hips down (Rule 2). A walk keeps its foot down until the
      // other lands (Rule 6: no flight).
      // A walking one left behind out of reach (a turn-around walks away from a foot planted
      // for the other way) leaves too, once the other foot bears: held down, it would drag the
      // hips down and let them go at its lift-off, a pop (issue 10).
      const bool other_bears = feet_[index(s == Side::near ? Side::far : Side::near)].planted;
      const bool pushes_off = f.planted && f.plant.out_of_reach && (c.g.stance_fraction < 0.5 || other_bears) &&
                              psi >= 0.5 * (c.g.stance_fraction - f.plant.stance_cut);
      if (f.planted && (psi >= c.g.stance_fraction - f.plant.stance_cut || pushes_off) && !wrapped) {
        lift_off(f, psi, c.hip_x);
      } else if (!f.planted) {
        if (wrapped) {
          touch_down(f, c, t);  // on the foothold the swing was heading for
        } else {
          f.swing.u = std::clamp((psi - f.swing.liftoff_psi) / (1.0 - f.swing.liftoff_psi), 0.0, 1.0);
        }
      }
    }
  } else if (mode_ == Mode::settling && c.dt > 0.0) {
    // The last short step heads for the standing stance under the hips.
    auto aim_settle = [&](Side s) {
      Swing& w = feet_[index(s)].swing;
      w.target.ball = standing_ball(s, c, t, terrain);
      w.target_ground = ground_pitch(terrain, body_, w.target.ball, c.facing);
      w.target_heel = heel_bears(terrain, body_, w.target.ball, w.target_ground, c.facing);
      w.target_tip = tip_bears(terrain, body_, w.target.ball, w.target_ground, c.facing);
      w.target_roll_max = roll_clear_of_ground(terrain, body_, w.target.ball, w.target_ground, c.facing, t.toe_bend_max, kMaxRoll);
      w.target.land_hip_x = c.hip_x;
      w.target.land_level = c.level;
      w.target.stance_cut = 0.0;
      w.target_set = true;
    };
    for (Side s : kSides) {
      Foot& f = feet_[index(s)];
      if (f.planted) continue;
      f.swing.u = std::min(1.0, f.swing.u + c.dt / t.stop_step_time);
      aim_settle(s);
      if (f.swing.u >= 1.0) touch_down(f, c, t);
    }
    if (feet_[0].planted && feet_[1].planted && wants_to_move && c.speed > t.start_speed) {
      begin_walking(c, t);  // the reversal's fresh start
    } else if (feet_[0].planted && feet_[1].planted) {
      // A last short step where the feet are far from the stance; else stand.
      Side worst = Side::near;
      double worst_error = -1.0;
      for (Side s : kSides) {
        const double e = std::abs(feet_[index(s)].plant.ball.x - standing_ball(s, c, t, terrain).x);
        if (e > worst_error) { worst_error = e; worst = s; }
      }
      if (worst_error > 0.6 * t.stand_foot_spread + 0.05) {
        lift_off(feet_[index(worst)], 0.0, c.hip_x);
        aim_settle(worst);
      } else {
        mode_ = Mode::standing;
      }
    }
  }
}

void Gait::plan_swings(const Context& c, const GaitInput& in, const GaitTuning& t, const Terrain& terrain) {
  const double leg = body_.leg();
  for (Side s : kSides) {
    Foot& f = feet_[index(s)];
    if (f.planted) continue;
    Swing& w = f.swing;
    SwingShape shape;
    const double asym = s == Side::near ? 1.0 + t.asymmetry_lift : 1.0 - t.asymmetry_lift;
    if (mode_ == Mode::walking) {
      FootholdInput fi;
      fi.hip_x = c.hip_x;
      fi.to_go = 1.0 - foot_phase(s, phi_, t);
      fi.dir = c.dir;
      fi.facing_scale = c.facing;
      fi.ground_cos = c.ground_cos;
      fi.reach = c.reach;
      FootholdChoice choice = w.choice;
      const Foothold aim = choose_foothold(choice, fi, c.g, t, terrain, body_);
      w.choice = choice;
      // The foothold follows its nominal point at a bounded speed, so a change of speed
      // never jumps the swinging foot; it stays on its surface, so its height is continuous.
      if (!w.target_set || c.dt <= 0.0) {
        w.target = aim;
        w.target_set = true;
      } else if (aim.rechosen) {
        // A new surface mid-swing: the rest of the swing starts from where the foot is now,
        // so it turns toward the new foothold without a jump.
        w.from = {f.toe, f.pitch, f.toe_bend};
        w.path_hip_x = c.hip_x;
        w.path_from = std::min(w.u, 0.999);
        w.headroom_set = false;
        w.target = aim;
      } else {
        const double x = rotate_towards(w.target.ball.x, aim.ball.x, std::max(t.foothold_speed, 3.0 * c.speed) * c.dt);
        w.target = aim;
        w.target.ball = {x, terrain.height_at(x)};
      }
      w.target_ground = ground_pitch(terrain, body_, w.target.ball, c.facing);
      w.target_heel = heel_bears(terrain, body_, w.target.ball, w.target_ground, c.facing);
      w.target_tip = tip_bears(terrain, body_, w.target.ball, w.target_ground, c.facing);
      w.target_roll_max = roll_clear_of_ground(terrain, body_, w.target.ball, w.target_ground, c.facing, t.toe_bend_max, kMaxRoll);
      const StepVariation sv = step_variation_between(in.seed, w.index, w.u, t.variation);
      shape.clearance = c.g.clearance;
      shape.lift = c.g.lift * asym * (1.0 + sv.lift);
      shape.peak = c.g.swing_peak + 0.05 * sv.swing;
      shape.reach = c.g.swing_peak + (1.0 - c.g.swing_peak) * std::max(c.g.run, 0.3);
      shape.drive = t.swing_drive + (t.run_swing_drive - t.swing_drive) * c.g.run;
      shape.hip_travel = w.target.land_hip_x - w.path_hip_x;
      shape.unwind = t.swing_toe_down;
    } else {
      shape.clearance = 0.5 * t.settle_lift * leg;
      shape.lift = t.settle_lift * leg * asym;
      shape.reach = 1.0;
      shape.peak = 0.45;
      shape.drive = 0.0;
    }
    // A path restarted mid-swing (a new foothold) keeps only the rest of the swing's lift.
    shape.lift *= 1.0 - w.path_from;
    shape.clearance *= 1.0 - w.path_from;
    const SwingEnd to = touchdown_pose(f, c);
    // Over a step's edge or a rise, the arc lifts until the whole foot clears it (issue 6).
    // Over a step's edge or a rise, the arc lifts until the whole foot keeps its mid-swing
    // clearance over it too (issue 6).
    shape.lift += swing_obstacle_lift(terrain, body_, shape, w.from, to, c.facing, shape.clearance);
    const double path_u = std::clamp((w.u - w.path_from) / (1.0 - w.path_from), 0.0, 1.0);
    const SwingPoint p = swing_point(shape, w.from, to, body_, path_u);
    f.toe = p.toe;
    f.pitch = p.pitch;
    f.toe_bend = p.toe_bend;
    // The clearance fades to nothing at lift-off and touchdown, where the foot is on the ground.
    const double near_ends = smoothstep01(w.u / 0.12) * smoothstep01((1.0 - w.u) / 0.12);
    f.toe.y += keep_clear(terrain, body_, f.toe, f.pitch, f.toe_bend, c.facing, 0.6 * shape.clearance * near_ends);
    f.ankle = f.toe + offset_in_world(ankle_from_toe(body_, {0.0, 0.0}, f.pitch), c.facing);
    f.contact = f.toe;
  }
}

double Gait::key_height(Side s, bool peak, double dpsi, const Context& c, const GaitTuning& t) const {
  // Leg s's say on the hips `dpsi` cycles from now (at its touchdown, or at its stance's
  // peak): on the stance that keypoint falls in -- the one it stands or stood on, or, for a
  // foot in the air whose keypoint comes after its touchdown, the one its swing is headed
  // for. The knee a step up would land bent by is left out: the path itself rises to the
  // higher foothold over its half cycle.
  const Foot& f = feet_[index(s)];
  const double hip_x = c.leg_hip_x[index(s)] + c.dir * c.speed * dpsi * 2.0 / c.g.cadence;
  Plant p = f.plant;
  if (!f.planted && foot_phase(s, phi_, t) + dpsi >= 1.0 - 1e-9) {
    p = Plant{};
    p.ball = f.swing.target.ball;
    p.ground = f.swing.target_ground;
    p.heel_strike = f.swing.target_heel;
    p.stance_cut = f.swing.target.stance_cut;
    p.stepped = true;
    // (it will bear where it lands: on its heel, for a heel strike)
    const FootPose land = resting_foot(body_, p.ball, p.ground, roll_input(p, 0.0, c, t).natural, c.facing, t.toe_bend_max);
    p.pivot = {land.contact, land.bearing};
  }
  p.knee_offset = 0.0;
  if (peak) {
    // Over the stance leg at its mid-stance knee (a run's, as far as the gait is one).
    const double q = t.pelvis_peak_at / stance_of(p.stance_cut, c);
    const double knee = t.knee_midstance + (t.run_knee_midstance - t.knee_midstance) * c.g.run;
    return natural_stance(body_, roll_input(p, q, c, t), hip_x, std::min(leg_span(body_, knee), c.reach)).height;
  }
  // Landing: the foot as it comes down on its foothold, the knee at its contact flexion.
  const FootPose land = resting_foot(body_, p.ball, p.ground, roll_input(p, 0.0, c, t).natural, c.facing, t.toe_bend_max);
  p.pivot = {land.contact, land.bearing};
  return natural_height(p, 0.0, hip_x, c, t);
}

double Gait::planned_walk(const Context& c, const GaitTuning& t, double shift) const {
  // The keypoints either side of now, in cycles: each foot's touchdowns (the path's lows) and
  // its stance peaks, pelvis_peak_at after them.
  struct Key {
    double dpsi;
    Side s;
    bool peak;
  };
  Key before{-1e9, Side::near, false}, after{1e9, Side::near, false};
  for (Side s : kSides) {
    const double psi = foot_phase(s, phi_, t);
    for (int r = -1; r <= 1; ++r)
      for (bool peak : {false, true}) {
        const double d = r + (peak ? t.pelvis_peak_at : 0.0) - psi + shift;
        if (d <= 0.0 && d > before.dpsi) before = {d, s, peak};
        if (d > 0.0 && d < after.dpsi) after = {d, s, peak};
      }
  }
  const double span = after.dpsi - before.dpsi;
  return planned_pelvis(key_height(before.s, before.peak, before.dpsi - shift, c, t),
                        key_height(after.s, after.peak, after.dpsi - shift, c, t), -before.dpsi / span, t.pelvis_wave_ramp);
}

void Gait::solve_hips(const Context& c, const GaitTuning& t, const Terrain& terrain) {
  PelvisInput pin;
  pin.smooth = kBoundSmoothing;
  const bool walking = mode_ == Mode::walking;
  // How much of the run's bounce rides the hips: the stance fraction's say (Rule 6),
  // followed at a bounded rate, so crossing the walk-run boundary under a hard acceleration
  // lowers the hips over a step or so, not in a few frames.
  if (c.dt > 0.0) run_blend_ = rotate_towards(run_blend_, walking ? c.g.run : 0.0, t.walk_run_rate * c.dt);
  // --- the model ---------------------------------------------------------------------
  if (walking) {
    // Through a walk the hips ride the stance leg's arc, its knee and ankle doing what a
    // human stance leg's do (Saunders et al. 1953; Perry 1992); the weight passes to the
    // landing leg over a window centred on its touchdown (a run's: on its flight), so the
    // hips turn from one arc to the next without a corner. Before it plants, the landing leg
    // is taken as it will stand on its foothold; after it lifts off, the leaving one as it
    // stood. Where the landing leg would hold the hips higher than the leaving one does (a
    // step up), it lands with its knee bent by the difference, read as its window opens.
    const double half = std::max(t.transfer_half_width, 0.5 * std::abs(c.g.stance_fraction - 0.5));
    const double centre = std::min(0.0, 0.5 * (c.g.stance_fraction - 0.5));
    auto offset = [&](Side s) {  // cycles past this foot's handover centre, in [-0.5, 0.5)
      return wrap01(foot_phase(s, phi_, t) - centre + 0.5) - 0.5;
    };
    // The foot the weight is passing to (its window open) or has passed to; the other one.
    Side coming = offset(Side::near) >= 0.0 && (offset(Side::far) < 0.0 || offset(Side::near) < offset(Side::far))
                      ? Side::near : Side::far;
    double w = 1.0;
    for (Side s : kSides) {
      const double d = offset(s);
      if (d >= -half && d <= half) {
        coming = s;
        w = smootherstep01((d + half) / (2.0 * half));
      }
    }
    // A foot lifted off before its phase passed the weight on (a short step cut by reach)
    // still holds it, as it stood, until the other's window opens.
    if (w >= 1.0 && !feet_[index(coming)].planted) {
      coming = coming == Side::near ? Side::far : Side::near;
      w = 0.0;
    }
    const Side leaving = coming == Side::near ? Side::far : Side::near;
    // A leg's say on the hips: the leaving one as it stood (past its lift-off too), the
    // coming one as it stands or, before its touchdown, as it will stand on its foothold.
    // A leg off the ground is read no further from its foothold than the hips were at its
    // lift-off (the leaving leg) or will be at its touchdown (the coming one): through a
    // flight, which a walk turning into a run has, neither leg's arc is carried past where
    // it bore, and the hips hold level between them until the run's bounce takes over. A
    // walk has no flight (Rule 6): there the legs are read under the hips as they are, so
    // the prediction meets the plant with no seam.
    auto height_of = [&](Side s) {
      Foot& f = feet_[index(s)];
      const double psi = foot_phase(s, phi_, t);
      const double hip_x = c.leg_hip_x[index(s)];
      const double leg_shift = hip_x - c.hip_x;
      if (f.planted) return natural_height(f.plant, psi / stance_of(f.plant.stance_cut, c), hip_x, c, t);
      const Swing& sw = f.swing;
      if (s == leaving) {
        const double held = c.dir * std::min(c.dir * hip_x, c.dir * (sw.liftoff_hip_x + leg_shift));
        const double read_x = hip_x + (held - hip_x) * c.g.run;
        return natural_height(f.plant, psi / stance_of(f.plant.stance_cut, c), read_x, c, t);
      }
      const double held = c.dir * std::max(c.dir * hip_x, c.dir * (sw.target.land_hip_x + leg_shift));
      const double read_x = hip_x + (held - hip_x) * c.g.run;
      Plant next;
      next.ball = sw.target.ball;
      next.ground = sw.target_ground;
      next.heel_strike = sw.target_heel;
      next.stance_cut = sw.target.stance_cut;
      next.stepped = true;
      next.knee_offset = sw.landing_knee_offset;
      const double q = (psi - 1.0) / stance_of(next.stance_cut, c);
      next.pivot = resting_pivot(next.ball, next.ground, roll_input(next, q, c, t).natural, c, t);
      return natural_height(next, q, read_x, c, t);
    };
    // The planned path (pelvis.hpp), in full at a walk's pace; slower it eases back to the
    // legs' blend, which meets the standing hips at a stop, and toward a run to the bounce
    // below (the two waves are half a cycle apart: mixed they would cancel).
    const double full = std::max(t.pelvis_plan_speed, t.settle_speed + 1e-3);
    const double plan_share =
        c.g.cadence > 0.0 ? smoothstep01((c.speed - t.settle_speed) / (full - t.settle_speed)) * (1.0 - c.g.run) : 0.0;
    const bool blended = plan_share < 1.0;  // (the legs' blend is read only where it has a say)
    double walk = 0.0;
    if (w >= 1.0) {
      if (blended) walk = height_of(coming);
    } else {
      Foot& f = feet_[index(coming)];
      if (!f.planted && !f.swing.landing_offset_set) {
        // Its window opens: how much more its knee must bend to hold the hips no higher than
        // the leaving leg does now (never less than its profile's: that is reach's business).
        Plant next;
        next.ball = f.swing.target.ball;
        next.ground = f.swing.target_ground;
        next.heel_strike = f.swing.target_heel;
        next.stance_cut = f.swing.target.stance_cut;
        next.stepped = true;
        const double q = (foot_phase(coming, phi_, t) - 1.0) / stance_of(next.stance_cut, c);
        const FootPose land = resting_foot(body_, next.ball, next.ground, roll_input(next, q, c, t).natural, c.facing,
                                           t.toe_bend_max);
        next.pivot = {land.contact, land.bearing};
        // A step up lands bent no further than a stair's step does (the knee about 60 deg at
        // contact on the step above, MOTION.md "Slopes and stairs"): the trailing foot rolls
        // up onto its toes to lift the hips to it (its reach bounds them, Rule 2).
        const double most = std::max(0.0, t.step_up_knee_max - stance_knee_at(next, q, c, t));
        f.swing.landing_knee_offset = std::clamp(
            matched_knee_offset(next, q, land.ankle, {c.leg_hip_x[index(coming)], height_of(leaving)}, c, t), 0.0, most);
        f.swing.landing_offset_set = true;
      }
      if (blended) {
        const double h_leaving = height_of(leaving);
        walk = h_leaving + (height_of(coming) - h_leaving) * w;
      }
    }
    if (!blended) walk = planned_walk(c, t, 0.0);
    else if (plan_share > 0.0) walk += (planned_walk(c, t, 0.0) - walk) * plan_share;
    pin.model = {walk, w < 1.0 ? PelvisBound::transfer : PelvisBound::stance};
    if (run_blend_ > 0.0 && c.g.cadence > 0.0) {
      // A run bounces over the line through its footholds, read under the hips and a little
      // ahead, never below the ground's level (issue 6). Its crest sits where the stance
      // leg's knee at its mid-stance flexion, over a flat or heel-lifted foot, holds the hips
      // at mid-stance, plus the dip.
      std::array<vec2, 4> footholds{};
      std::size_t count = 0;
      for (const Foot& f : feet_) {
        footholds[count++] = f.plant.ball;  // planted, or where it last stood
        if (!f.planted) footholds[count++] = f.swing.target.ball;
      }
      const std::span<vec2> line(footholds.data(), count);
      // The line read ahead counts only what it rises past the ground's slope under the hips
      // (a step up coming): flat_plant below already stands every foot on that slope, so the
      // slope's own rise over the look-ahead counted twice. Up a 20 deg slope the crest's feet
      // stood ~10 cm up the hill from where a run lands them, the crest rose past what the
      // landing leg reaches, and that leg's hold, then its reach while the heel was still down,
      // held the hips under the bounce until the heel might rise and let them go at
      // max_hip_rise: a corner of ~300 m/s^2 at every stance (issue 10). On level ground and
      // going down nothing changes (the reading under the hips or the level decides there).
      const double read_dx = c.dir * t.run_lookahead * c.g.contact_length;
      const double support = std::max({ground_line_at(line, c.hip_x),
                                       ground_line_at(line, c.hip_x + read_dx) - c.slope * read_dx, c.level});
      // The crest is no higher than the legs allow at both ends of a stance, the foot
      // landing as a run lands and leaving rolled up on its ball, so the bounce is one the
      // legs can ride (Rule 2).
      auto flat_plant = [&](double ahead) {
        Plant p;
        // (the ball where the foothold choice puts it: the ankle `ahead - toe_forward` along
        // the travel, the ball toe_forward past it along the facing, foreshortened mid-turn)
        const double x = c.hip_x + c.dir * (ahead - body_.toe_forward()) * c.ground_cos + c.facing * body_.toe_forward();
        p.ball = {x, support + c.slope * (x - c.hip_x)};
        p.ground = -std::atan(c.slope * c.sign);
        p.pivot = {p.ball, Bearing::ball};
        p.stepped = true;
        return p;
      };
      auto stance_at = [&](double ahead, double q) {
        const Plant p = flat_plant(ahead);
        StanceRollInput in = roll_input(p, q, c, t);
        in.pivot = resting_pivot(p.ball, p.ground, in.natural, c, t);
        return in;
      };
      // (on a slope, where the footholds are: landing nearer the hips going down, leaving
      // sooner behind them where the ground rises behind; choose_foothold's rules)
      const double fall = -c.slope * c.dir;  // m per m ahead the ground falls
      const double lead = step_down_lead(c.g.landing_lead, std::max(0.0, fall * c.g.landing_lead), c.reach);
      const double rear0 = std::max(0.0, c.g.contact_length - c.g.landing_lead);
      const double rear = std::min(step_down_lead(rear0, std::max(0.0, -fall * rear0), c.reach),
                                   step_up_rear(rear0, std::max(0.0, fall * rear0), c.reach,
                                                leg_span(body_, t.stance_knee_max)));
      StanceRollInput mid = stance_at(0.5 * (lead - rear), 0.5);
      mid.natural = 0.0;
      mid.pivot = {mid.pivot.point, Bearing::ball};
      StanceRollInput land = stance_at(lead, 0.0);
      land.max_over = land.natural;
      const StanceRollInput leave = stance_at(-rear, 1.0);
      double crest = std::min({natural_stance(body_, mid, c.hip_x, leg_span(body_, t.run_knee_midstance)).height +
                                         run_dip(c.g.cadence, c.g.stance_fraction),
                                     reach_height(body_, land, c.hip_x) - kBoundSmoothing,
                                     reach_height(body_, leave, c.hip_x) - kBoundSmoothing});
      // A swing heading for a tread below the ground's level there (a stair: the level runs
      // through the nosings' middle) lowers the crest by as much, so the stance before it
      // takes the hips down in time and the flight lands on the tread (Rule 5); on a slope
      // or flat ground the foothold lies on the level and this is nothing.
      double below = 0.0;
      for (const Foot& f : feet_)
        if (!f.planted) below = std::max(below, terrain.level_at(f.swing.target.ball.x) - f.swing.target.ball.y);
      crest -= below;
      if (c.dt <= 0.0 || run_blend_ <= c.dt * t.walk_run_rate + 1e-12) {
        run_crest_over_ = crest - c.level;
        run_crest_velocity_ = 0.0;
      } else {
        step_hip_offset(run_crest_over_, run_crest_velocity_, crest - c.level, t.run_crest_spring, c.dt);
      }
      BounceInput b;
      b.cadence = c.g.cadence;
      b.stance_fraction = c.g.stance_fraction;
      b.top = run_crest_over_ + c.level;
      b.in_stance = false;
      double q_min = 1e9;
      for (Side s : kSides) {
        if (!feet_[index(s)].planted) continue;
        b.in_stance = true;
        q_min = std::min(q_min, std::clamp(stance_share(s, c, t), 0.0, 1.0));
      }
      b.stance_share = q_min;
      if (!b.in_stance) {
        // Flight from one foot's lift-off to the other's touchdown.
        const double psi_near = foot_phase(Side::near, phi_, t), psi_far = foot_phase(Side::far, phi_, t);
        const Foot& leaving = feet_[index(psi_near >= psi_far ? Side::far : Side::near)];
        // (from where its stance ended, not the frame that saw it: a flight is timed by phase)
        // (a push-off before its phase: from its lift-off)
        const double ended = std::min(stance_of(leaving.plant.stance_cut, c), leaving.swing.liftoff_psi);
        const double elapsed = std::max(0.0, std::min(psi_near, psi_far) - ended);
        const double left = std::max(0.0, 1.0 - std::max(psi_near, psi_far));
        b.flight_share = elapsed + left > 1e-12 ? elapsed / (elapsed + left) : 1.0;
      }
      pin.model.height += (run_bounce(b) - pin.model.height) * run_blend_;
      if (run_blend_ >= 0.5) pin.model.bound = PelvisBound::run;
    }
  } else {
    double stand = 1e9;
    for (Side s : kSides)
      if (feet_[index(s)].planted) stand = smooth_min(stand, standing_height(s, c, t), kBoundSmoothing);
    pin.model = {stand < 1e8 ? stand : pelvis_y_, PelvisBound::stand};
  }
  // The model's seams are eased over the ground's level (a riser moves the level itself, which
  // max_hip_rise and the reach meet) and while the gait moves: standing, the hips' settle is
  // seed 001's damped offset's alone.
  if (mode_ == Mode::standing) {
    seam_ = PelvisSeam{};
  } else {
    pin.model.height = c.level + ease_pelvis_seams(seam_, pin.model.height - c.level, c.dt, t.seam_jump_accel, t.seam_ease_time,
                                                   static_cast<int>(mode_));
  }
  // --- the bounds: every planted leg's reach, every landing leg's hold ----------------
  // A walk's landing holds lie a band above the path they bound, so the smooth minimum leaves
  // the planned path alone where the two run together.
  const double path_clearance = walking ? kBoundSmoothing * (1.0 - c.g.run) : 0.0;
  for (Side s : kSides) {
    Foot& f = feet_[index(s)];
    if (f.planted) {
      const double q = walking ? std::clamp(stance_share(s, c, t), 0.0, 1.0) : 0.0;
      PelvisHeight bound{reach_height(body_, planted_roll_input(f, q, c, t), c.leg_hip_x[index(s)]),
                         s == Side::near ? PelvisBound::reach_near : PelvisBound::reach_far};
      // Its landing hold goes on through the weight acceptance: from where it held the hips at
      // the touchdown they rise no faster than a ground pushing landing_decel over body
      // weight can lift them (a force plate: 0.7-1.2 body weights walking, MOTION.md), so the
      // hand-over from the hold to the leg's reach puts no corner in the path, and the knee
      // flexes in loading response under it. (One bound per leg: the smooth minimum of two
      // nearly equal bounds would dip below both.)
      if (walking && f.plant.landed_hold_set) {
        if (c.dt > 0.0) f.plant.since_landing += c.dt;
        const double tau = f.plant.since_landing;
        // (a walk's: toward a run it is lifted out of the way, whose landing its bounce meets)
        const double hold = f.plant.landed_hold + c.level + 0.5 * t.landing_decel * tau * tau + c.g.run * kHoldRunLift +
                            path_clearance;
        if (tau < kLandingHoldTime) {
          // (where the reach comes below it, it takes over through a smooth minimum whose band
          // opens from nothing at the touchdown, so neither the touchdown nor the takeover is
          // a corner)
          const double band = kBoundSmoothing * smootherstep01(tau / kHoldBandOpen);
          const PelvisBound kind = hold < bound.height ? (s == Side::near ? PelvisBound::landing_near : PelvisBound::landing_far) : bound.bound;
          bound = {smooth_min(hold, bound.height, band), kind};
        }
      }
      // (a leg's reach is met within kReachBand: the planned path passes a touchdown a hair
      // under the landing leg's full reach, where the wider band would dip the hips below it)
      if (bound.bound == (s == Side::near ? PelvisBound::reach_near : PelvisBound::reach_far)) pin.bands[pin.bound_count] = kReachBand;
      pin.bounds[pin.bound_count++] = bound;
      continue;
    }
    // A landing leg takes the hips down over its swing where its foothold is lower, so it
    // reaches when it plants. The hold is measured from the ground under the hips, so on a
    // slope the height a leg will allow far down the hill does not pull the hips down now.
    // It starts no lower than the hips were when the swing began and eases in.
    Swing& w = f.swing;
    Plant landing;
    landing.ball = w.target.ball;
    landing.ground = w.target_ground;
    landing.heel_strike = w.target_heel;
    StanceRollInput in = roll_input(landing, 0.0, c, t);
    in.natural = walking && w.target_heel ? -c.g.strike_pitch : 0.0;
    // (mid-turn it will land flat, swivelling on its ball, as roll_input has it)
    if (std::abs(c.facing) < 1.0 - 1e-9) in.natural = std::max(in.natural, 0.0);
    in.max_over = in.min_over = in.natural;
    in.pivot = resting_pivot(landing.ball, landing.ground, in.natural, c, t);
    // The leg's reach from its foothold over the hips where they will be when it lands. A
    // prediction, it is followed falling no faster than max_land_fall over the ground's
    // level -- or than closes the gap by the touchdown, so the leg always reaches.
    const double to_land = walking ? (1.0 - foot_phase(s, phi_, t)) * 2.0 / std::max(c.g.cadence, 1e-6)
                                   : (1.0 - w.u) * t.stop_step_time;
    // (a walk's hips where they are heading at their speed now, so a slowing walk -- a stop, a
    // turn-around -- foresees the reach it will have, not the one its plan had)
    const double planned_x = w.target.land_hip_x + c.leg_hip_x[index(s)] - c.hip_x;
    const double heading_x = c.leg_hip_x[index(s)] + c.dir * c.speed * to_land;
    const double predicted = reach_height(body_, in, planned_x + (heading_x - planned_x) * (1.0 - c.g.run)) -
                             w.target.land_level;
    if (!w.headroom_set || c.dt <= 0.0) {
      w.land_support = predicted;
    } else {
      const double gap = w.land_support - predicted;
      const double fall = std::max(t.max_land_fall * c.dt, gap * std::min(1.0, c.dt / std::max(to_land, 1e-6)));
      w.land_support = std::max(predicted, w.land_support - fall);
    }
    // Before then, the hips may be higher by what they can still lose by the touchdown: a
    // run's at the speed its flight lands with (g t / 2, Rule 5) under gravity; a walk's from
    // rest, braking no harder than landing_decel. So the bound meets them with no corner.
    const double cycle = 2.0 / std::max(c.g.cadence, 1e-6);
    const double land_speed = walking ? c.g.run * 0.5 * kGravity * std::max(0.0, 0.5 - c.g.stance_fraction) * cycle : 0.0;
    const double decel = t.landing_decel + (kGravity - t.landing_decel) * (walking ? c.g.run : 0.0);
    double hold = w.land_support + c.level + land_speed * to_land + 0.5 * decel * to_land * to_land;
    // A run's descent onto a landing far below (down a stair) starts with the swing: the
    // hold falls no faster than the landing speed and landing_ramp_speed more, so the hips
    // go down over the whole flight, not in its last frames.
    const double ramp = w.land_support + c.level + (land_speed + t.landing_ramp_speed) * to_land;
    if (ramp < hold) hold += (ramp - hold) * c.g.run;
    if (!w.headroom_set) {
      w.land_headroom = std::max(0.0, pelvis_y_ - hold);
      w.headroom_set = true;
    }
    // Nearing the touchdown the band over the path closes and the hold is met as a reach is
    // (kReachBand): at the touchdown it is the reach the leg will have, so where the hold
    // decides (a slow walk's blend of the legs rides above the planned path) the hand-over to
    // the planted leg's reach is no step (issue 10).
    const double open = smootherstep01(to_land / kHoldCloseTime);
    hold += path_clearance * open;
    pin.bands[pin.bound_count] = kReachBand + (kBoundSmoothing - kReachBand) * open;
    pin.bounds[pin.bound_count++] = {hold + w.land_headroom * (1.0 - smoothstep01(w.u)),
                                     s == Side::near ? PelvisBound::landing_near : PelvisBound::landing_far};
  }
  PelvisHeight hips = solve_pelvis(pin);
  for (Side s : kSides) {
    Foot& f = feet_[index(s)];
    if (!f.planted) continue;
    const PelvisBound reach = s == Side::near ? PelvisBound::reach_near : PelvisBound::reach_far;
    for (std::size_t i = 0; i < pin.bound_count; ++i) {
      if (pin.bounds[i].bound != reach) continue;
      // (or about to be: at the rate the model draws away from its reach it would be held
      // below by the next step, which would pull the hips down for a frame before it leaves)
      const double margin = pin.bounds[i].height - pin.model.height;
      f.plant.out_of_reach = margin < 0.0 || (f.plant.margin_known && margin + (margin - f.plant.reach_margin) < 0.0);
      f.plant.reach_margin = margin;
      f.plant.margin_known = c.dt > 0.0;
    }
  }
  // The hips never rise faster than max_hip_rise over the ground's level: a hold let go of
  // at once (a leg lifting off, a foothold moved to higher ground) lifts them over a few
  // frames, not in one, so the height stays continuous (Rule 8). A hard limit, met only by
  // such a release.
  if (c.dt > 0.0 && rise_limited_) {
    // (at rest from last step's solved height, before the settle: the settle's own lag must
    // not hold back the height it settles toward; walking, from the hips as they were)
    const double from = walking ? pelvis_y_ : solved_pelvis_;
    const double rise = from + (c.level - prev_level_) + t.max_hip_rise * c.dt;
    if (hips.height > rise) hips = {rise, PelvisBound::rise};
  }
  rise_limited_ = c.dt > 0.0 || rise_limited_;
  prev_level_ = c.level;
  solved_pelvis_ = hips.height;
  // At rest the hips sit over the lower foot (the legs' bound above drops them at once, so
  // the higher foot never floats), and rise again through a critically damped hip offset
  // (seed 001 section 6): a settle step onto a higher surface lifts them without overshoot.
  if (walking || c.dt <= 0.0) {
    settled_pelvis_ = hips.height;
    settled_velocity_ = 0.0;
  } else {
    step_hip_offset(settled_pelvis_, settled_velocity_, hips.height, t.hip_offset_spring, c.dt);
    if (settled_pelvis_ > hips.height) {
      settled_pelvis_ = hips.height;
      settled_velocity_ = 0.0;
    } else if (settled_pelvis_ < hips.height - 1e-4) {
      hips.bound = PelvisBound::settle;
    }
  }
  hip_offset_ = settled_pelvis_ - hips.height;
  pelvis_y_ = settled_pelvis_;
  pelvis_bound_ = hips.bound;
  (void)terrain;
}

// rad: how far past its dorsiflexion limit a planted ankle may go for a step rather than the
// foot jump from one answer of its roll to the other (roll_planted); ~3 deg, within the
// spread of weight-bearing dorsiflexion across people (20-25 deg, MOTION.md)
constexpr double kDorsiflexionSlack = 0.05;
// rad: a stance knee the profile holds this straight or straighter (a walk's mid-stance,
// ~12 deg, Perry 1992) may keep its straight answer when the other would be a jump
constexpr double kStraightKnee = 0.25;

void Gait::roll_planted(const Context& c, const GaitTuning& t, const Terrain& terrain) {
  // The planted feet's roll for the solved hips: the natural roll of Rule 4, or more where
  // the leg needs it to reach them or the ankle would dorsiflex past its limit.
  const bool walking = mode_ == Mode::walking;
  for (Side s : kSides) {
    Foot& f = feet_[index(s)];
    if (!f.planted) continue;
    const vec2 hip{c.leg_hip_x[index(s)], pelvis_y_};
    const double q = walking ? std::clamp(stance_share(s, c, t), 0.0, 1.0) : 0.0;
    // Through push-off the heel rises rather than the knee straightening past what a human
    // stance knee holds: walking it folds to ~38 deg at toe-off, a run's to ~20 (Perry 1992;
    // Novacheck 1998). Before the heel may rise the knee takes what the hips leave it.
    StanceRollInput in = planted_roll_input(f, q, c, t);
    const double knee = stance_knee_at(f.plant, q, c, t);
    const double knee_span = leg_span(body_, knee);
    if (walking && f.plant.stepped) {
      // Through the heel rocker the foot comes down as fast as keeps the knee bending into its
      // loading response as a person's does.
      const double rocker_span = leg_span(body_, stance_knee_at(f.plant, q, c, t, true));
      const double over = heel_rocker_roll(body_, in, hip, std::min(rocker_span, in.reach), f.pitch - in.ground);
      in.max_over = std::max(in.max_over, over);
      in.natural = over;
    }
    // After its loading response a walking knee straightens no further than stance_knee_min:
    // where the hips ride higher the heel rises (Perry 1992).
    const double straightest =
        walking && f.plant.stepped && q >= t.knee_loading_at ? leg_span(body_, t.stance_knee_min) : in.reach;
    FootPose pose;
    if (walking && f.plant.stepped) {
      const double push = smoothstep01((q - c.g.heel_rise_at) / std::max(1e-3, 1.0 - c.g.heel_rise_at));
      StanceRollInput pushing = in;
      // (through push-off a heel that has risen keeps rising: Perry 1992's forefoot rocker)
      if (push > 0.0 && c.dt > 0.0) pushing.natural = std::clamp(f.pitch - in.ground, in.natural, in.max_over);
      pushing.reach = std::min(in.reach, in.reach + (knee_span - in.reach) * push);
      pushing.reach = std::min(pushing.reach, straightest);
      pose = roll_for_hip(body_, pushing, hip);
      if (glm::length(pose.ankle - hip) > in.reach + 1e-9) pose = roll_for_hip(body_, in, hip);  // the leg's reach first
    } else {
      pose = roll_for_hip(body_, in, hip);
    }
    // Near full extension two answers can hold the same hips: the leg straight on a flatter
    // foot, or bent at the profile's knee on a lifted heel, and no roll between them does (a
    // heel rising under a straight leg bends the knee faster than it tips the foot, and the
    // ankle passes its dorsiflexion). The least roll then jumps between the two as the hips
    // move a hair: rising from a crouch at speed the foot went flat / heel-up from one step to
    // the next, the knee 4 <-> 38 deg. So where the least roll jumps, the foot stays on the
    // answer it is on: of the least roll, the bent answer and the straight one (its ankle let
    // past its range by a hair), the one nearest the foot's roll of the last step.
    auto keep_nearer = [&](const StanceRollInput& answer) {
      const FootPose candidate = roll_for_hip(body_, answer, hip);
      if (glm::length(candidate.ankle - hip) <= in.reach + 1e-9 && std::abs(candidate.pitch - f.pitch) < std::abs(pose.pitch - f.pitch))
        pose = candidate;
    };
    StanceRollInput bent = in;
    bent.reach = std::min(in.reach, knee_span);
    keep_nearer(bent);
    if (c.g.stance_fraction > 0.5 && knee <= kStraightKnee) {
      StanceRollInput straight = in;
      straight.dorsiflexion_max += kDorsiflexionSlack;
      straight.reach = std::min(straight.reach, straightest);
      keep_nearer(straight);
    }
    // The point it bears on from here; one it has just come down on rests on the ground.
    if (pose.bearing != f.plant.pivot.kind) {
      const double lift = std::max(0.0, terrain.height_at(pose.contact.x) - pose.contact.y);
      pose.ball.y += lift;
      pose.ankle.y += lift;
      pose.contact.y += lift;
      f.plant.pivot = {pose.contact, pose.bearing};
    }
    f.toe = pose.ball;
    f.ankle = pose.ankle;
    f.pitch = pose.pitch;
    f.toe_bend = pose.toe_bend;
    f.contact = pose.contact;
    f.bearing = pose.bearing;
  }
}

double Gait::matched_knee_offset(const Plant& p, double q, vec2 ankle, vec2 hip, const Context& c, const GaitTuning& t) const {
  // The knee that spans ankle -> hip (law of cosines), over what the profile holds at q.
  const double span = std::min(glm::length(ankle - hip), body_.leg());
  const double a = body_.thigh, b = body_.shank;
  const double knee = std::acos(std::clamp((span * span - a * a - b * b) / (2.0 * a * b), -1.0, 1.0));
  Plant bare = p;
  bare.knee_offset = 0.0;
  return knee - stance_knee_at(bare, q, c, t);
}

void Gait::keep_swings_in_reach(const Context& c, const Terrain& terrain) {
  // A swinging foot the hips have outrun is dragged along by its leg: it stays inside the
  // leg's reach (a swing foot never pulls the hips down and never outstretches the leg), and
  // over the ground it is dragged across (lifting it toward the hips above only shortens
  // the leg).
  for (Side s : kSides) {
    Foot& f = feet_[index(s)];
    if (f.planted) continue;
    const vec2 hip{c.leg_hip_x[index(s)], pelvis_y_};
    const vec2 reach = f.ankle - hip;
    const double d = glm::length(reach);
    if (d > c.reach) {
      vec2 move = hip + reach * (c.reach / d) - f.ankle;
      move.y += keep_clear(terrain, body_, f.toe + move, f.pitch, f.toe_bend, c.facing, 0.0);
      f.toe += move;
      f.ankle += move;
      f.contact = f.toe;
    }
  }
}

void Gait::write_output() {
  out_.phase = phi_;
  out_.steps = steps_;
  out_.standing = mode_ == Mode::standing;
  out_.pelvis_y = pelvis_y_;
  out_.pelvis_bound = pelvis_bound_;
  out_.hip_offset = hip_offset_;
  out_.step_fraction = wrap01(2.0 * phi_);
  for (Side s : kSides) {
    const Foot& f = feet_[index(s)];
    FootOutput& o = out_.feet[index(s)];
    o.planted = f.planted;
    o.toe_world = f.toe;
    o.contact_world = f.contact;
    o.bearing = f.bearing;
    o.foothold_world = f.planted ? f.plant.ball : f.swing.target.ball;  // (swinging: where it will land)
    o.pitch = f.pitch;
    o.toe_bend = f.toe_bend;
    o.ankle_world = f.ankle;
  }
}

const GaitOutput& Gait::step(const GaitInput& in, const GaitTuning& t, const Terrain& terrain) {
  const Context c = context(in, t, terrain);
  update_mode(c, in, t);
  const double phi_prev = phi_;
  advance_phase(c, terrain);
  lift_offs_and_touchdowns(c, phi_prev, in.wants_to_move, t, terrain);
  plan_swings(c, in, t, terrain);
  solve_hips(c, t, terrain);
  roll_planted(c, t, terrain);
  keep_swings_in_reach(c, terrain);
  out_.params = c.g;
  write_output();
  return out_;
}

}  // namespace anim
