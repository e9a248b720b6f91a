#include "anim/gait.hpp"

#include "anim/foot_placement.hpp"
#include "anim/foot_roll.hpp"
#include "anim/hip_offset.hpp"
#include "anim/look_at.hpp"
#include "anim/step_variation.hpp"
#include "anim/swing.hpp"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

constexpr double kStartSpeed = 0.02;     // m/s: the body is moving, the gait starts
constexpr double kSettleSpeed = 0.30;    // m/s: below this, with no intent, the gait stops
constexpr double kSupportRamp = 0.35;    // m per unit of swing progress: how fast a landing leg
                                         // starts holding the hips
constexpr double kMaxPhasePerStep = 0.2; // cycles; bounds a dt spike
constexpr double kRunBlendHeight = 0.15; // m the running curve starts above the walk's arcs
constexpr double kRunLookahead = 0.3;    // contacts ahead of the hips a run reads its ground
constexpr double kSettleLift = 0.06;     // leg lengths, the lift of the last short step
constexpr double kStrideSlopeSpan = 0.9; // m either side: the slope a stride adapts to
constexpr double kSlopeLookahead = 1.2;  // m over which coming ground fades out of the stride
constexpr double kTargetSpeed = 4.0;     // m/s, the least speed a swing's foothold may move at
constexpr double kSwingClearance = 0.03; // m a swinging boot keeps above what it passes over
constexpr double kSurfaceReach = 1.5;    // m a foothold may slide along its surface in a swing
constexpr double kMaxLandFall = 2.5;     // m/s a landing leg's foreseen hold may fall over the level
constexpr double kMaxHipRise = 1.5;      // m/s the hips may rise over the ground's level (above
                                         // the flat gait's fastest rise, ~1.4 m/s at a 7 m/s run)
constexpr double kMaxSlideOff = 0.3;     // m a foothold may sit off its nominal point before the
                                         // swing gives up its surface for another (it has to reach)

double wrap01(double p) {
  p = std::fmod(p, 1.0);
  return p < 0.0 ? p + 1.0 : p;
}

// Hip height that keeps a leg of reach `reach` on an ankle at `ankle`, given the hip's x
// (Rule 2: sqrt(L^2 - x^2)).
double reach_height(vec2 ankle, double hip_x, double reach) {
  const double dx = ankle.x - hip_x;
  return ankle.y + std::sqrt(std::max(0.0, reach * reach - dx * dx));
}

}  // namespace

Gait::Gait(const Proportions& body, const GaitTuning& tuning, double body_x, int facing, const Terrain& terrain)
    : body_(body) {
  reset_standing(body_x, facing, terrain, tuning);
}

double Gait::foot_phase(Side s, double phi, const GaitTuning& t) const {
  // The far foot runs half a cycle behind the near one, a hair off antiphase (Rule 10).
  return s == Side::near ? wrap01(phi) : wrap01(phi + 0.5 + t.asymmetry_phase);
}

double Gait::planted_pitch(const GaitTuning& t, const Terrain& terrain, vec2 toe, double hip_x, double facing_scale) const {
  // Rule 4's roll over the toe, on a sole laid along the ground (issue 6).
  const double toe_behind = -(toe.x - hip_x) * facing_scale;
  return foot_pitch_for_rise(body_, ankle_rise(t, body_, toe_behind)) + ground_pitch(terrain, body_, toe, facing_scale);
}

namespace {
// The ankle of a foot pivoting on its planted ball: seen from the side its fore-aft offset
// is foreshortened by the facing scale (a foot turned toward the camera shows end-on).
vec2 ankle_in_world(const Proportions& body, vec2 toe, double pitch, double facing_scale) {
  const vec2 offset = ankle_from_toe(body, {0.0, 0.0}, pitch);
  return toe + vec2{offset.x * facing_scale, offset.y};
}
}  // namespace

void Gait::reset_standing(double body_x, int facing, const Terrain& terrain, const GaitTuning& t) {
  mode_ = Mode::standing;
  phi_ = 0.0;
  const double half = 0.5 * t.stand_foot_spread;
  for (Side s : kSides) {
    Foot& f = feet_[index(s)];
    f = Foot{};
    // A rifleman's stance: the support-side (far) foot forward, the near foot back.
    const double ankle_x = body_x + facing * (s == Side::far ? half : -half);
    f.toe = plant_on_ground(terrain, body_, ankle_x + facing * body_.toe_forward(), facing, facing);
    f.pitch = ground_pitch(terrain, body_, f.toe, facing);
    f.target = f.toe;
  }
  GaitInput still;
  still.body_x = body_x;
  still.facing_scale = facing < 0 ? -1.0 : 1.0;
  out_ = GaitOutput{};
  pelvis_y_ = 0.0;
  rise_limited_ = false;
  step(still, t, terrain);
}

void Gait::lift_off(Foot& f, double psi) {
  f.planted = false;
  f.liftoff_toe = f.toe;
  f.path_toe = f.toe;
  f.path_pitch = f.pitch;
  f.liftoff_psi = std::min(psi, 0.999);
  f.u = 0.0;
  f.path_from = 0.0;
  f.swing_index = steps_ + 1;
  f.surface_set = false;
  f.headroom_set = false;
  f.stance_cut = 0.0;
}

void Gait::touch_down(Foot& f) {
  f.planted = true;
  f.stepped = true;
  f.toe = f.target;
  f.pitch = f.target_pitch;
  f.u = 1.0;
  ++steps_;
}

void Gait::begin_walking(const GaitInput& in, const GaitTuning& t) {
  mode_ = Mode::walking;
  const int dir = in.travelled >= 0.0 ? 1 : -1;
  const GaitAtSpeed g = gait_at_speed(t, 0.0, body_.leg(), 0.0);
  // The foot further back along the travel lifts first, at the very end of its stance.
  const Side rear = feet_[index(Side::near)].toe.x * dir <= feet_[index(Side::far)].toe.x * dir ? Side::near : Side::far;
  phi_ = rear == Side::near ? g.stance_fraction : wrap01(g.stance_fraction - 0.5 - t.asymmetry_phase);
  Foot& f = feet_[index(rear)];
  lift_off(f, g.stance_fraction);
  // The front foot did not land from a step: its knee does not yield as if it had.
  feet_[index(rear == Side::near ? Side::far : Side::near)].stepped = false;
}

double Gait::running_contact_height(const GaitAtSpeed& g, const GaitTuning& t, double dip, double travel_sign,
                                   double slope_facing) const {
  // The highest touchdown height (above the planted toe) at which the planted leg, rolling
  // up to its cap, still reaches the bouncing curve everywhere through the stance, with
  // the sole on ground rising `slope_facing` (tan) toward the facing direction.
  const double leg = body_.leg();
  const double ground_tilt = -std::atan(slope_facing);  // heel-up pitch of a sole on it
  double top = 1e9;
  constexpr int kSamples = 12;
  for (int i = 0; i <= kSamples; ++i) {
    const double psi = static_cast<double>(i) / kSamples;
    const double toe_x = body_.toe_forward() + (travel_sign < 0.0 ? -1.0 : 1.0) *
                         (0.5 * g.contact_length - g.contact_shift - psi * g.contact_length);
    const double pitch = foot_pitch_for_rise(body_, ankle_rise_limit(t, body_, -toe_x)) + ground_tilt;
    const vec2 ankle = ankle_from_toe(body_, {toe_x, 0.0}, pitch);
    top = std::min(top, reach_height(ankle, 0.0, leg * t.knee_slack) + dip * std::sin(kPi * psi));
  }
  return top;
}

const GaitOutput& Gait::step(const GaitInput& in, const GaitTuning& t, const Terrain& terrain) {
  const double dt = in.dt;
  const double facing = in.facing_scale;  // cos(yaw): toe offsets are foreshortened mid-turn
  const double leg = body_.leg();
  const double speed = dt > 0.0 ? std::abs(in.travelled) / dt : 0.0;
  // How much the travel runs against the facing: 1 backpedalling, 0 forward, and between
  // them through a turn (facing is cos(yaw)), so the gait's parameters change smoothly.
  const double backward = std::clamp(-facing * (in.travelled > 0.0 ? 1.0 : (in.travelled < 0.0 ? -1.0 : 0.0)), 0.0, 1.0);
  const int dir = in.travelled > 0.0 ? 1 : (in.travelled < 0.0 ? -1 : (facing < 0.0 ? -1 : 1));
  GaitAtSpeed g = gait_at_speed(t, speed, leg, backward);
  // Steps shorten for the steepest ground of the coming stride, so a slope's edge is met
  // with short steps already, not with one long step over it.
  // Ground further ahead counts for less, so the stride changes smoothly as it comes.
  double steepest = 0.0;
  for (double ahead : {-0.3, 0.0, 0.3, 0.6, 0.9, 1.2}) {
    const double weight = std::clamp(1.0 - (ahead - 0.3) / kSlopeLookahead, 0.0, 1.0);
    const double slope_here = weight * ground_slope(terrain, in.body_x + in.hip_offset + dir * ahead, kStrideSlopeSpan);
    if (std::abs(slope_here) > std::abs(steepest)) steepest = slope_here;
  }
  adapt_to_slope(g, t, leg, steepest);
  // Knee yield fades in with speed so starting and stopping are continuous.
  g.compression *= smoothstep01(speed / 1.0);
  // A run's dip comes from its flight instead (below), so the walking knee yield fades out.
  g.compression *= std::clamp((g.stance_fraction - 0.42) / 0.08, 0.0, 1.0);
  const double hip_x = in.body_x + in.hip_offset;
  const double level_under_hips = terrain.level_at(hip_x);  // the ground's level under the hips
  const double heel_reach = body_.toe_forward() + body_.heel_back();

  // --- mode changes -------------------------------------------------------------------
  if (dt > 0.0) {
    if (mode_ == Mode::standing && in.wants_to_move && speed > kStartSpeed) begin_walking(in, t);
    // A stop, or a reversal of the travel (the planted feet were placed for the other
    // direction), ends with the last short step; a reversal then starts afresh.
    const bool reversed = mode_ == Mode::walking && speed > 0.0 && dir != last_dir_;
    if (mode_ == Mode::walking && ((!in.wants_to_move && speed < kSettleSpeed) || reversed)) {
      mode_ = Mode::settling;
      // Re-anchor a swing in flight: from here it is the last short step, timed, not phased.
      for (Foot& f : feet_) {
        if (!f.planted) {
          f.path_toe = f.toe;
          f.path_pitch = f.pitch;
          f.headroom_set = false;
          f.u = 0.0;
          f.path_from = 0.0;
        }
      }
    }
    if (mode_ == Mode::settling && in.wants_to_move && feet_[0].planted && feet_[1].planted && speed > kStartSpeed)
      begin_walking(in, t);
  }

  if (speed > 0.0) last_dir_ = dir;

  // --- the phase, advanced by distance (Rule 1) ---------------------------------------
  const double phi_prev = phi_;
  // On a slope the distance is the one along the ground (issue 6): along the ground's
  // slope under the body (over a stride's span), so a step's riser adds its share smoothly
  // instead of all its height in one frame.
  const double slope = ground_slope(terrain, hip_x);
  const double ground_cos = 1.0 / std::sqrt(1.0 + slope * slope);
  const double along = std::abs(in.travelled) / ground_cos;
  if (mode_ == Mode::walking && g.stride > 1e-9) {
    phi_ = wrap01(phi_ + std::min(along / g.stride, kMaxPhasePerStep));
  }

  // Where the hip will be when a swinging foot lands, and where that foot plants: the ankle
  // centred on the hip over the contact, shifted back for fast gaits; never varied (Rule 10).
  // `to_go`: cycles of travel until the foot lands (negative: it landed that long ago).
  // The foothold's surface (a tread, a slope) is chosen once, when the swing first plans it,
  // and the foothold then only slides along it: re-choosing as the nominal point moves
  // would flip the plant across a step's edge and its height by the riser (issue 6).
  // Onto lower ground (a step down, a slope falling away) the foot lands nearer under the
  // hips: where a leg of the usual reach holds them at their usual height over the ground
  // here, so the stance leg need not fold while the other reaches down (Rule 2).
  auto toe_landing_x = [&](double hip_at_landing, double level_there, double foothold_y) {
    const double lead = (0.5 * g.contact_length - g.contact_shift) * ground_cos;
    const double drop = level_there - foothold_y;
    return hip_at_landing + dir * step_down_lead(lead, drop, leg * t.knee_slack) + facing * body_.toe_forward();
  };
  struct Foothold {
    vec2 toe;
    double pitch;
    bool rechosen;  // the swing gave up its surface for another this step
  };
  auto walking_target = [&](Foot& f, double to_go) {
    const double hip_at_landing = hip_x + dir * to_go * g.stride * ground_cos;
    const double level_there = terrain.level_at(hip_at_landing);
    f.land_hip_x = hip_at_landing;
    f.land_level = level_there;
    bool rechosen = false;
    const double nominal = toe_landing_x(hip_at_landing, level_there, level_there);
    // Where the swing aims: the landing for the ground it chose to step to (its height kept
    // with the choice, so the aim and the choice agree from frame to frame).
    double x = f.surface_set ? toe_landing_x(hip_at_landing, level_there, f.aim_y) : nominal;
    if (!f.surface_set || std::abs(f.surface.clamp(x) - x) > f.surface_offset + kMaxSlideOff) {
      rechosen = f.surface_set;
      vec2 placed = plant_on_ground(terrain, body_, nominal, dir, facing);
      f.aim_y = placed.y;
      x = toe_landing_x(hip_at_landing, level_there, f.aim_y);
      placed = plant_on_ground(terrain, body_, x, dir, facing);
      f.surface = planar_span(terrain, body_, placed.x, facing, kSurfaceReach);
      f.surface_offset = std::abs(f.surface.clamp(x) - x);
      f.surface_set = true;
      f.headroom_set = false;  // a new foothold: the landing leg's hold starts afresh from the hips
    }
    const double toe_x = f.surface.clamp(x);
    const vec2 toe{toe_x, terrain.height_at(toe_x)};
    // A foothold short of its nominal point ends its stance as much earlier, so the foot
    // still leaves the ground no further behind the hips than a level stride's would; and
    // on ground falling away behind (uphill) it leaves where its leg still holds the hips at
    // their usual height over the ground there, as a landing onto lower ground does.
    const double rear = (0.5 * g.contact_length + g.contact_shift) * ground_cos;
    const double hip_at_liftoff = toe_x - facing * body_.toe_forward() + dir * rear;
    const double rear_kept = step_down_lead(rear, terrain.level_at(hip_at_liftoff) - toe.y, leg * t.knee_slack);
    f.stance_cut = std::clamp((dir * (nominal - toe_x) + rear - rear_kept) / std::max(g.stride * ground_cos, 1e-9),
                              0.0, 0.5 * g.stance_fraction);
    return Foothold{toe, planted_pitch(t, terrain, toe, hip_at_landing, facing), rechosen};
  };
  auto standing_target = [&](Side s) {
    const double half = 0.5 * t.stand_foot_spread;
    const double x = hip_x + facing * ((s == Side::far ? half : -half) + body_.toe_forward());
    return plant_on_ground(terrain, body_, x, dir, facing);
  };

  // --- lift-offs and touchdowns --------------------------------------------------------
  if (mode_ == Mode::walking) {
    for (Side s : kSides) {
      Foot& f = feet_[index(s)];
      const double psi_prev = foot_phase(s, phi_prev, t);
      const double psi = foot_phase(s, phi_, t);
      const bool wrapped = psi < psi_prev;
      if (f.planted && (psi >= g.stance_fraction - f.stance_cut) && !wrapped) {
        lift_off(f, psi);
      } else if (!f.planted) {
        if (wrapped) {
          touch_down(f);  // on the foothold the swing was heading for
        } else {
          f.u = std::clamp((psi - f.liftoff_psi) / (1.0 - f.liftoff_psi), 0.0, 1.0);
        }
      }
    }
  } else if (mode_ == Mode::settling && dt > 0.0) {
    for (Side s : kSides) {
      Foot& f = feet_[index(s)];
      if (f.planted) continue;
      f.u = std::min(1.0, f.u + dt / t.stop_step_time);
      f.target = standing_target(s);
      f.target_pitch = ground_pitch(terrain, body_, f.target, facing);
      f.land_hip_x = hip_x;
      f.land_level = level_under_hips;
      if (f.u >= 1.0) touch_down(f);
    }
    if (feet_[0].planted && feet_[1].planted && in.wants_to_move && speed > kStartSpeed) {
      begin_walking(in, t);  // the reversal's fresh start
    } else if (feet_[0].planted && feet_[1].planted) {
      // A last short step where the feet are far from the stance; else stand.
      Side worst = Side::near;
      double worst_error = -1.0;
      for (Side s : kSides) {
        const double e = std::abs(feet_[index(s)].toe.x - standing_target(s).x);
        if (e > worst_error) { worst_error = e; worst = s; }
      }
      if (worst_error > 0.6 * t.stand_foot_spread + 0.05) {
        lift_off(feet_[index(worst)], 0.0);
      } else {
        mode_ = Mode::standing;
      }
    }
  }

  // --- foot positions ------------------------------------------------------------------
  for (Side s : kSides) {
    Foot& f = feet_[index(s)];
    if (f.planted) {
      f.pitch = planted_pitch(t, terrain, f.toe, hip_x, facing);
      continue;
    }
    SwingShape shape;
    const double asym = s == Side::near ? 1.0 + t.asymmetry_lift : 1.0 - t.asymmetry_lift;
    if (mode_ == Mode::walking) {
      const double to_go = 1.0 - foot_phase(s, phi_, t);
      const auto [toe, pitch, rechosen] = walking_target(f, to_go);
      // The foothold follows its nominal point at a bounded speed, so a change of speed
      // never jumps the swinging foot; it stays on its surface, so its height is continuous.
      if (f.u <= 0.0 || dt <= 0.0) {
        f.target = toe;
        f.target_pitch = pitch;
      } else if (rechosen) {
        // A new surface mid-swing: the rest of the swing starts from where the foot is now,
        // so it turns toward the new foothold without a jump.
        f.path_toe = f.toe;
        f.path_pitch = f.pitch;
        f.path_from = std::min(f.u, 0.999);
        f.target = toe;
        f.target_pitch = pitch;
      } else {
        f.target.x = rotate_towards(f.target.x, toe.x, std::max(kTargetSpeed, 3.0 * speed) * dt);
        const bool there = f.target.x == toe.x;
        f.target.y = terrain.height_at(f.target.x);
        f.target_pitch = there ? pitch : planted_pitch(t, terrain, f.target, f.land_hip_x, facing);
      }
      const StepVariation sv = step_variation_between(in.seed, f.swing_index, f.u, t.variation);
      shape.lift = g.lift * asym * (1.0 + sv.lift);
      shape.peak = g.swing_peak + 0.05 * sv.swing;
      shape.drive = std::clamp((0.5 - g.stance_fraction) / 0.2, 0.0, 1.0);
      shape.strike_pitch = t.heel_strike_pitch * std::clamp((g.stance_fraction - 0.5) / 0.1, 0.0, 1.0) *
                           (1.0 - backward);
    } else {
      shape.lift = kSettleLift * leg * asym;
    }
    // A path restarted mid-swing (a new foothold) keeps only the rest of the swing's lift.
    shape.lift *= 1.0 - f.path_from;
    // Over a step's edge or a rise, the arc lifts until the whole foot clears it (issue 6).
    shape.lift += swing_obstacle_lift(terrain, body_, shape, f.path_toe, f.path_pitch, f.target, f.target_pitch,
                                      facing, kSwingClearance);
    const double path_u = std::clamp((f.u - f.path_from) / (1.0 - f.path_from), 0.0, 1.0);
    const SwingPoint p = swing_point(shape, f.path_toe, f.path_pitch, f.target, f.target_pitch, heel_reach, path_u);
    f.toe = p.toe;
    f.pitch = p.pitch;
    // The clearance fades to nothing at lift-off and touchdown, where the foot is on the ground.
    const double near_ends = smoothstep01(f.u / 0.12) * smoothstep01((1.0 - f.u) / 0.12);
    f.toe.y += keep_clear(terrain, body_, f.toe, f.pitch, facing, kSwingClearance * near_ends);
  }

  // --- the pelvis: as high as every leg allows (Rules 2, 4, 5) ---------------------------
  // The reach of a planted leg: a little short of straight, less the knee's yield after
  // the foot lands (walking; a run's dip is its bouncing curve below).
  auto stance_reach = [&](Side s) {
    if (!feet_[index(s)].stepped) return leg * t.knee_slack;
    const double psi = foot_phase(s, phi_, t);
    // The knee's loading-response yield peaks a third of the way into stance and has let go
    // by mid-stance (Perry 1992), so the hips still crest over the planted foot (Rule 8).
    const double q = std::clamp(psi / g.stance_fraction, 0.0, 1.0);
    const double yield = g.compression * 6.75 * q * (1.0 - q) * (1.0 - q);
    return leg * (t.knee_slack - yield);
  };
  auto roll_cap = [&](vec2 toe, double pitch, double hx) {
    const double toe_behind = -(toe.x - hx) * facing;
    return std::max(pitch, foot_pitch_for_rise(body_, ankle_rise_limit(t, body_, toe_behind)) +
                               ground_pitch(terrain, body_, toe, facing));
  };
  // Rule 4: a trailing foot's ankle may pivot over its planted toe up to the roll's cap, so
  // the trailing leg lets the hips ride over the leading one instead of dragging them down;
  // how far it actually rolls is settled once the hips are known.
  auto leg_support = [&](vec2 toe, double pitch, double hx, double reach) {
    return reach_height(ankle_in_world(body_, toe, roll_cap(toe, pitch, hx), facing), hx, reach);
  };
  double pelvis = 1e9;
  for (Side s : kSides) {
    Foot& f = feet_[index(s)];
    if (f.planted) {
      pelvis = std::min(pelvis, leg_support(f.toe, f.pitch, hip_x, stance_reach(s)));
    } else {
      // A landing leg takes the hips up over a short stretch of its swing (with the support
      // it will give once planted), so the height is continuous through the touchdown; a
      // lifting leg simply lets go, and the hips rise from there no faster than the limit
      // below. The hold is measured from the ground under the hips, so on a slope the height
      // a leg will allow far down the hill does not pull the hips down now.
      const double land_support = leg_support(f.target, f.target_pitch, f.land_hip_x, leg * t.knee_slack) -
                                  f.land_level + level_under_hips;
      // The landing leg's hold starts no lower than the hips were when the swing began, so a
      // foothold far below (a step down) lowers them through the swing, not at lift-off: the
      // extra drop eases in and out, mostly while the foot passes over the edge.
      // A prediction, it falls no faster than kMaxLandFall over the ground's level, so a
      // landing foreseen lower from one frame to the next (a stride shortening toward a
      // stair) lowers the hips over a few frames, not in one.
      double hold = land_support + kSupportRamp * (1.0 - f.u);
      if (!f.headroom_set) {
        f.land_headroom = std::max(0.0, pelvis_y_ - hold);
        f.headroom_set = true;
      } else if (dt > 0.0) {
        hold = std::max(hold, f.land_hold - kMaxLandFall * dt + level_under_hips);
      }
      f.land_hold = hold - level_under_hips;
      pelvis = std::min(pelvis, hold + f.land_headroom * (1.0 - smoothstep01(f.u)));
    }
  }
  // Running (stance fraction below a half): the hips ride a bouncing curve. Flight is
  // ballistics, a rise of g t^2 / 8 over a flight of t seconds (Rule 5); the stance dip is
  // the one whose descent matches the landing speed g t / 2, so the curve has no kink at
  // either contact. It fades in from nothing at the walk-run boundary (Rule 6), and the
  // legs' geometry above still bounds it (Rule 2).
  // The ground a running body bounces over: the line through the footholds (the planted
  // toes, and each swing's lift-off and landing points) read under the hips. On a slope it
  // is the slope, over steps a ramp from one foothold to the next, and a contact only adds
  // or drops a point away from the hips, so it is continuous through every contact. It is
  // also read a little ahead (0.3 of a contact), and never taken below the ground's level:
  // a run rises onto a higher tread as it comes to the riser, instead of folding the leg
  // that lands there.
  std::array<vec2, 4> footholds{};
  std::size_t count = 0;
  for (const Foot& f : feet_) {
    footholds[count++] = f.planted ? f.toe : f.liftoff_toe;
    if (!f.planted) footholds[count++] = f.target;
  }
  const std::span<vec2> line(footholds.data(), count);
  const double support_ground = std::max({ground_line_at(line, hip_x),
                                          ground_line_at(line, hip_x + dir * kRunLookahead * g.contact_length),
                                          level_under_hips});
  const double running = mode_ == Mode::walking ? smoothstep01((0.5 - g.stance_fraction) / 0.12) : 0.0;
  if (running > 0.0 && g.cadence > 0.0) {
    const double cycle = 2.0 / g.cadence;
    const double flight = (0.5 - g.stance_fraction) * cycle;
    const double contact = g.stance_fraction * cycle;
    const double dip = kGravity * flight * contact / (2.0 * kPi);
    const double rise = kGravity * flight * flight / 8.0;
    // Mid-turn the stance geometry of the two travel directions is blended, so the curve
    // stays continuous while the facing swings through the camera.
    const double slope_facing = slope * (facing < 0.0 ? -1.0 : 1.0);
    const double forward_top = backward < 1.0 ? running_contact_height(g, t, dip, 1.0, slope_facing) : 0.0;
    const double backward_top = backward > 0.0 ? running_contact_height(g, t, dip, -1.0, slope_facing) : 0.0;
    const double top = forward_top * (1.0 - backward) + backward_top * backward;
    double curve = top;
    bool in_stance = false;
    for (Side s : kSides) {
      if (!feet_[index(s)].planted) continue;
      in_stance = true;
      const double psi = std::clamp(foot_phase(s, phi_, t) / g.stance_fraction, 0.0, 1.0);
      curve = std::min(curve, top - dip * std::sin(kPi * psi));
    }
    if (!in_stance) {
      // Flight from one foot's lift-off (phase D) to the other's touchdown (phase 1).
      // Progress from the last lift-off (0) to the next touchdown (1).
      const double psi_near = foot_phase(Side::near, phi_, t), psi_far = foot_phase(Side::far, phi_, t);
      const Foot& leaving = feet_[index(psi_near >= psi_far ? Side::far : Side::near)];
      const double elapsed = std::max(0.0, std::min(psi_near, psi_far) - leaving.liftoff_psi);
      const double left = std::max(0.0, 1.0 - std::max(psi_near, psi_far));
      const double f = elapsed + left > 1e-12 ? elapsed / (elapsed + left) : 1.0;
      curve = top + 4.0 * rise * f * (1.0 - f);
    }
    pelvis = std::min(pelvis, support_ground + curve + (1.0 - running) * kRunBlendHeight);
  }
  // The hips never rise faster than kMaxHipRise over the ground's level: a hold let go of at
  // once (a leg lifting off, a foothold moved to higher ground) lifts them over a few
  // frames, not in one, so the height stays continuous (Rule 8).
  if (dt > 0.0 && rise_limited_) {
    pelvis = std::min(pelvis, pelvis_y_ + (level_under_hips - prev_level_) + kMaxHipRise * dt);
  }
  rise_limited_ = dt > 0.0 || rise_limited_;
  prev_level_ = level_under_hips;
  // At rest the hips sit over the lower foot (the legs' bound above drops them at once, so
  // the higher foot never floats), and rise again through a critically damped hip offset
  // (seed 001 section 6): a settle step onto a higher surface lifts them without overshoot.
  if (mode_ == Mode::walking || dt <= 0.0) {
    settled_pelvis_ = pelvis;
    settled_velocity_ = 0.0;
  } else {
    step_hip_offset(settled_pelvis_, settled_velocity_, pelvis, t.hip_offset_spring, dt);
    if (settled_pelvis_ > pelvis) {
      settled_pelvis_ = pelvis;
      settled_velocity_ = 0.0;
    }
  }
  hip_offset_ = settled_pelvis_ - pelvis;
  pelvis = settled_pelvis_;
  pelvis_y_ = pelvis;

  // The planted feet's roll: the natural roll of Rule 4, or more where the leg needs it to
  // reach the hips (never past the cap). Bisection: the reach grows with the pitch.
  for (Side s : kSides) {
    Foot& f = feet_[index(s)];
    if (!f.planted) continue;
    const double cap = roll_cap(f.toe, f.pitch, hip_x);
    const vec2 hip{hip_x, pelvis_y_};
    const double reach = stance_reach(s) + 1e-9;
    auto fits = [&](double pitch) { return glm::length(ankle_in_world(body_, f.toe, pitch, facing) - hip) <= reach; };
    if (cap > f.pitch && !fits(f.pitch)) {
      double lo = f.pitch, hi = cap;
      for (int i = 0; i < 30; ++i) {
        const double mid = 0.5 * (lo + hi);
        (fits(mid) ? hi : lo) = mid;
      }
      f.pitch = hi;
    }
  }

  // A swinging foot the hips have outrun is dragged along by its leg: it stays inside the
  // leg's reach (a swing foot never pulls the hips down and never outstretches the leg).
  for (Foot& f : feet_) {
    if (f.planted) continue;
    const vec2 hip{hip_x, pelvis_y_};
    const vec2 ankle = ankle_in_world(body_, f.toe, f.pitch, facing);
    const vec2 reach = ankle - hip;
    const double d = glm::length(reach);
    const double max_reach = leg * t.knee_slack;
    if (d > max_reach) f.toe += hip + reach * (max_reach / d) - ankle;
  }

  // --- output ---------------------------------------------------------------------------
  out_.params = g;
  out_.phase = phi_;
  out_.steps = steps_;
  out_.standing = mode_ == Mode::standing;
  out_.pelvis_y = pelvis_y_;
  out_.hip_offset = hip_offset_;
  out_.step_fraction = wrap01(2.0 * phi_);
  for (Side s : kSides) {
    const Foot& f = feet_[index(s)];
    FootOutput& o = out_.feet[index(s)];
    o.planted = f.planted;
    o.toe_world = f.toe;
    o.pitch = f.pitch;
    o.ankle_world = ankle_in_world(body_, f.toe, f.pitch, facing);
  }
  return out_;
}

}  // namespace anim
