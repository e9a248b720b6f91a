#include "game/core/tuning_fields.hpp"

#include <array>

namespace game {
namespace {

// One row per field. The macro only writes the accessor lambda, so the section and the
// member name are spelled once and cannot disagree with the key the file uses.
// For a field inside a nested struct, the key names it and `member` reaches it.
#define SOLDIER_MEMBER(section, key, member, unit, lo, hi) \
  TuningField{#section, #key, unit, lo, hi, [](anim::Tuning& t) -> double& { return t.section.member; }}
#define SOLDIER_FIELD(section, name, unit, lo, hi) \
  TuningField{#section, #name, unit, lo, hi, [](anim::Tuning& t) -> double& { return t.section.name; }}

const std::array kFields = {
    // body (anim/tuning.hpp BodyTuning)
    SOLDIER_FIELD(body, accel_limit, "m/s^2", 0.5, 12.0),
    SOLDIER_FIELD(body, turn_time, "s", 0.1, 1.0),
    SOLDIER_FIELD(body, turn_max_speed, "m/s", 0.5, 9.0),
    SOLDIER_FIELD(body, aim_face_distance, "m", 0.0, 2.0),
    SOLDIER_FIELD(body, aim_min_side, "0..1", 0.0, 1.0),
    // gait (anim/gait/gait_tuning.hpp GaitTuning; lengths in leg lengths L)
    SOLDIER_FIELD(gait, speed_smoothing, "s", 0.01, 1.0),
    SOLDIER_FIELD(gait, knee_contact, "rad", 0.0, 0.4),
    SOLDIER_FIELD(gait, knee_loading, "rad", 0.0, 0.6),
    SOLDIER_FIELD(gait, knee_loading_at, "share of stance", 0.05, 0.5),
    SOLDIER_FIELD(gait, knee_midstance, "rad", 0.0, 0.5),
    SOLDIER_FIELD(gait, knee_pre_swing_lead, "share of stance", 0.0, 0.5),
    SOLDIER_FIELD(gait, knee_toe_off, "rad", 0.0, 1.2),
    SOLDIER_FIELD(gait, run_knee_midstance, "rad", 0.3, 1.2),
    SOLDIER_FIELD(gait, run_knee_contact, "rad", 0.0, 0.8),
    SOLDIER_FIELD(gait, run_knee_toe_off, "rad", 0.0, 0.8),
    SOLDIER_FIELD(gait, dorsiflexion_max, "rad", 0.1, 0.8),
    SOLDIER_FIELD(gait, plantarflexion_max, "rad", 0.2, 1.2),
    SOLDIER_FIELD(gait, toe_bend_max, "rad", 0.2, 1.2),
    SOLDIER_FIELD(gait, transfer_half_width, "cycles", 0.01, 0.2),
    SOLDIER_FIELD(gait, knee_match_fade, "share of stance", 0.1, 0.9),
    SOLDIER_FIELD(gait, step_up_knee_max, "rad", 0.5, 1.6),
    SOLDIER_FIELD(gait, walk_run_band, "stance fraction", 0.005, 0.1),
    SOLDIER_FIELD(gait, walk_run_rate, "1/s", 0.5, 20.0),
    SOLDIER_FIELD(gait, swing_drive, "0..1", 0.0, 1.0),
    SOLDIER_FIELD(gait, run_swing_drive, "0..1", 0.0, 1.0),
    SOLDIER_FIELD(gait, swing_toe_down, "share of swing", 0.1, 0.9),
    SOLDIER_FIELD(gait, knee_slack, "share of leg", 0.9, 1.0),
    SOLDIER_FIELD(gait, stand_knee, "rad", 0.0, 0.6),
    SOLDIER_FIELD(gait, asymmetry_lift, "share", 0.0, 0.3),
    SOLDIER_FIELD(gait, asymmetry_phase, "cycles", 0.0, 0.1),
    SOLDIER_FIELD(gait, variation, "scale", 0.0, 2.0),
    SOLDIER_FIELD(gait, backward_cadence_gain, "x", 1.0, 1.6),
    SOLDIER_FIELD(gait, backward_max_speed, "m/s", 0.5, 4.0),
    SOLDIER_MEMBER(gait, hip_offset_spring_k, hip_offset_spring.stiffness, "N/m", 1.0, 1000.0),
    SOLDIER_MEMBER(gait, hip_offset_spring_c, hip_offset_spring.damping, "N s/m", 0.0, 100.0),
    SOLDIER_MEMBER(gait, hip_offset_spring_m, hip_offset_spring.mass, "kg", 0.1, 10.0),
    SOLDIER_FIELD(gait, stop_step_time, "s", 0.05, 0.6),
    SOLDIER_FIELD(gait, stand_foot_spread, "m", 0.0, 0.4),
    SOLDIER_FIELD(gait, settle_lift, "L", 0.0, 0.2),
    SOLDIER_FIELD(gait, start_speed, "m/s", 0.0, 0.5),
    SOLDIER_FIELD(gait, settle_speed, "m/s", 0.0, 1.0),
    SOLDIER_FIELD(gait, max_hip_rise, "m/s", 0.2, 5.0),
    SOLDIER_FIELD(gait, max_land_fall, "m/s", 0.2, 10.0),
    SOLDIER_FIELD(gait, landing_decel, "m/s^2", 0.5, 20.0),
    SOLDIER_FIELD(gait, landing_ramp_speed, "m/s", 0.0, 3.0),
    SOLDIER_FIELD(gait, foothold_reach, "m", 0.2, 3.0),
    SOLDIER_FIELD(gait, foothold_slide_off, "m", 0.0, 1.0),
    SOLDIER_FIELD(gait, foothold_speed, "m/s", 0.5, 20.0),
    SOLDIER_FIELD(gait, stride_slope_span, "m", 0.1, 3.0),
    SOLDIER_FIELD(gait, slope_lookahead, "m", 0.1, 5.0),
    SOLDIER_FIELD(gait, run_lookahead, "contacts", 0.0, 1.0),
    SOLDIER_FIELD(gait, stance_knee_max, "rad", 0.6, 1.6),
    SOLDIER_MEMBER(gait, run_crest_spring_k, run_crest_spring.stiffness, "N/m", 10.0, 5000.0),
    SOLDIER_MEMBER(gait, run_crest_spring_c, run_crest_spring.damping, "N s/m", 1.0, 200.0),
    SOLDIER_MEMBER(gait, run_crest_spring_m, run_crest_spring.mass, "kg", 0.1, 10.0),
    // posture: the idle weight shift, the arms (anim/tuning.hpp PostureTuning)
    SOLDIER_FIELD(posture, weight_shift, "m", 0.0, 0.1),
    SOLDIER_FIELD(posture, weight_shift_period, "s", 0.5, 20.0),
    SOLDIER_FIELD(posture, weight_shift_speed, "m/s", 0.005, 1.0),
    SOLDIER_FIELD(posture, weight_centre_speed, "m/s", 0.05, 5.0),
    // arms: the hands on the rifle (anim/upper_body/arms.hpp)
    SOLDIER_FIELD(arms, firing_elbow_out, "rad", 0.0, 1.5),
    SOLDIER_FIELD(arms, support_elbow_out, "rad", 0.0, 1.5),
    SOLDIER_FIELD(arms, softness, "m", 0.0, 0.1),
    // torso: the trunk's attitude (anim/upper_body/torso.hpp); its lean by speed is a curve
    SOLDIER_FIELD(torso, backpedal_lean, "rad", -0.2, 0.2),
    SOLDIER_FIELD(torso, uphill_lean, "rad/rad", 0.0, 1.0),
    SOLDIER_FIELD(torso, downhill_lean, "rad/rad", 0.0, 1.0),
    SOLDIER_FIELD(torso, slope_lean_rate, "1/s", 0.5, 20.0),
    SOLDIER_FIELD(torso, slope_reach, "m", 0.05, 2.0),
    SOLDIER_FIELD(torso, aim_share, "share", 0.0, 0.8),
    SOLDIER_FIELD(torso, breathing_rate, "Hz", 0.0, 1.0),
    SOLDIER_FIELD(torso, breathing_depth, "rad", 0.0, 0.06),
    // lean (anim/lean.hpp, seed 000)
    SOLDIER_FIELD(lean, strength, "share", 0.0, 1.0),
    SOLDIER_FIELD(lean, smoothing_speed, "1/s", 0.1, 30.0),
    SOLDIER_FIELD(lean, max_lean, "rad", 0.0, 0.8),
    SOLDIER_FIELD(lean, lower_spine_share, "share", 0.0, 1.0),
    // look-at (anim/look_at.hpp, seed 001 sections 1-2)
    SOLDIER_FIELD(look, turn_speed, "rad/s", 0.2, 20.0),
    SOLDIER_FIELD(look, cone, "rad", 0.0, 1.5),
    SOLDIER_FIELD(look, weight, "0..1", 0.0, 1.0),
    // head: the cheek weld (anim/upper_body/head.hpp)
    SOLDIER_FIELD(head, eye_relief, "m", 0.05, 0.3),
    SOLDIER_FIELD(head, neck_flex_max, "rad", 0.2, 1.4),
    SOLDIER_FIELD(head, neck_extend_max, "rad", 0.0, 1.0),
    SOLDIER_FIELD(head, head_pitch_max, "rad", 0.2, 1.2),
    SOLDIER_FIELD(head, look_neck_share, "share", 0.0, 1.0),
    // aim (anim/aim.hpp, Rule 2b)
    SOLDIER_FIELD(aim, pitch_min, "rad", -1.5, 0.0),
    SOLDIER_FIELD(aim, pitch_max, "rad", 0.0, 1.5),
    SOLDIER_FIELD(aim, low_ready_pitch, "rad", -1.4, 0.5),
    SOLDIER_FIELD(aim, high_ready_pitch, "rad", 0.0, 1.5),
    SOLDIER_FIELD(aim, carry_pitch, "rad", -1.4, 0.5),
    SOLDIER_FIELD(aim, min_range, "rifle lengths", 0.5, 3.0),
    SOLDIER_FIELD(aim, swing_speed, "rad/s", 0.5, 30.0),
    // carry: the shoulder pocket, port arms and the gait's bob (anim/upper_body/rifle_hold.hpp)
    SOLDIER_FIELD(carry, pocket_forward, "m", 0.0, 0.12),
    SOLDIER_FIELD(carry, pocket_down, "m", -0.12, 0.08),
    SOLDIER_FIELD(carry, port_speed, "m/s", 0.0, 9.0),
    SOLDIER_FIELD(carry, port_band, "m/s", 0.05, 2.0),
    SOLDIER_FIELD(carry, port_pitch, "rad", 0.3, 1.4),
    SOLDIER_FIELD(carry, port_height, "share of trunk", 0.0, 1.0),
    SOLDIER_FIELD(carry, port_forward, "m", 0.1, 0.4),
    SOLDIER_FIELD(carry, bob_pitch, "rad", 0.0, 0.3),
    SOLDIER_FIELD(carry, bob_height, "m", 0.0, 0.06),
    SOLDIER_FIELD(carry, bob_reach, "m", 0.0, 0.04),
    SOLDIER_FIELD(carry, bob_full_speed, "m/s", 0.1, 5.0),
    SOLDIER_FIELD(carry, aim_time, "s", 0.02, 1.0),
    // rifle: the carbine's geometry (anim/rifle.hpp)
    SOLDIER_FIELD(rifle, length, "m", 0.4, 1.3),
    SOLDIER_FIELD(rifle, grip_along, "m", 0.05, 0.6),
    SOLDIER_FIELD(rifle, grip_drop, "m", 0.0, 0.2),
    SOLDIER_FIELD(rifle, fore_along, "m", 0.1, 0.9),
    SOLDIER_FIELD(rifle, fore_drop, "m", 0.0, 0.15),
    SOLDIER_FIELD(rifle, stock_drop, "m", 0.0, 0.1),
    SOLDIER_FIELD(rifle, sight_height, "m", 0.0, 0.15),
    // recoil: the kick of a shot (anim/recoil.hpp, issue 5)
    SOLDIER_MEMBER(recoil, spring_k, spring.stiffness, "N/m", 1.0, 2000.0),
    SOLDIER_MEMBER(recoil, spring_c, spring.damping, "N s/m", 0.0, 100.0),
    SOLDIER_MEMBER(recoil, spring_m, spring.mass, "kg", 0.1, 10.0),
    SOLDIER_FIELD(recoil, kick_pitch_speed, "rad/s", 0.0, 10.0),
    SOLDIER_FIELD(recoil, kick_back_speed, "m/s", 0.0, 3.0),
    SOLDIER_FIELD(recoil, shoulder_rock, "rad/m", 0.0, 5.0),
    // gear: the spring chains of secondary motion (anim/gear_tuning.hpp, seed 001 sections 3-5).
    // A spring's k, c and m are keys of their own ("antenna_spring_k"): a dotted key would be a
    // TOML subtable.
    SOLDIER_MEMBER(gear, antenna_spring_k, antenna_spring.stiffness, "N/m", 0.0, 50.0),
    SOLDIER_MEMBER(gear, antenna_spring_c, antenna_spring.damping, "N s/m", 0.0, 1.0),
    SOLDIER_MEMBER(gear, antenna_spring_m, antenna_spring.mass, "kg", 0.001, 0.2),
    SOLDIER_FIELD(gear, antenna_stiffening, "x per link", 1.0, 4.0),
    SOLDIER_FIELD(gear, antenna_length, "m", 0.2, 1.0),
    SOLDIER_FIELD(gear, antenna_tilt, "rad", 0.0, 0.8),
    SOLDIER_FIELD(gear, antenna_base_share, "share of trunk", 0.0, 1.0),
    SOLDIER_FIELD(gear, antenna_base_back, "m", 0.0, 0.3),
    SOLDIER_MEMBER(gear, sling_spring_k, sling_spring.stiffness, "N/m", 0.0, 20.0),
    SOLDIER_MEMBER(gear, sling_spring_c, sling_spring.damping, "N s/m", 0.0, 2.0),
    SOLDIER_MEMBER(gear, sling_spring_m, sling_spring.mass, "kg", 0.001, 0.2),
    SOLDIER_FIELD(gear, sling_length, "m", 0.48, 1.2),
    SOLDIER_FIELD(gear, sling_rear_share, "share of rifle", 0.0, 1.0),
    SOLDIER_FIELD(gear, sling_front_share, "share of rifle", 0.0, 1.0),
    SOLDIER_FIELD(gear, sling_drop, "m", 0.0, 0.1),
    SOLDIER_MEMBER(gear, strap_spring_k, strap_spring.stiffness, "N/m", 0.0, 20.0),
    SOLDIER_MEMBER(gear, strap_spring_c, strap_spring.damping, "N s/m", 0.0, 1.0),
    SOLDIER_MEMBER(gear, strap_spring_m, strap_spring.mass, "kg", 0.001, 0.1),
    SOLDIER_FIELD(gear, strap_length, "m", 0.03, 0.3),
    SOLDIER_FIELD(gear, strap_trail, "rad", 0.0, 0.8),
    SOLDIER_FIELD(gear, strap_share, "share of trunk", 0.0, 1.0),
    SOLDIER_FIELD(gear, strap_back, "m", 0.0, 0.3),
    SOLDIER_MEMBER(gear, max_substep, limits.max_substep, "s", 1e-4, 0.02),
    SOLDIER_MEMBER(gear, max_speed, limits.max_speed, "m/s", 1.0, 100.0),
    SOLDIER_MEMBER(gear, teleport_distance, limits.teleport_distance, "m", 0.1, 10.0),
    SOLDIER_MEMBER(gear, max_substeps, limits.max_substeps, "count", 1.0, 4096.0),
    SOLDIER_MEMBER(gear, max_step, limits.max_step, "s", 0.02, 1.0),
    SOLDIER_MEMBER(gear, pin_iterations, limits.pin_iterations, "count", 1.0, 1000.0),
    SOLDIER_MEMBER(gear, pin_tolerance, limits.pin_tolerance, "m", 1e-14, 1e-3),
    // obstacle: the moves of Rule 7 (anim/states/obstacle_tuning.hpp ObstacleTuning; H body height, L leg).
    SOLDIER_FIELD(obstacle, vault_max_share, "H", 0.3, 0.6),
    SOLDIER_FIELD(obstacle, climb_reach_share, "H", 1.0, 1.6),
    SOLDIER_FIELD(obstacle, step_max, "m", 0.1, 0.35),
    SOLDIER_FIELD(obstacle, trigger_distance, "m", 0.3, 1.5),
    SOLDIER_FIELD(obstacle, run_trigger_extra, "s", 0.0, 0.4),
    SOLDIER_FIELD(obstacle, stop_gap, "m", 0.3, 1.0),
    SOLDIER_FIELD(obstacle, vault_min_speed, "m/s", 0.8, 4.0),
    SOLDIER_FIELD(obstacle, vault_hip_clear, "L", 0.2, 0.8),
    SOLDIER_FIELD(obstacle, climb_pull_speed, "m/s", 0.3, 1.5),
    SOLDIER_FIELD(obstacle, move_blend_time, "s", 0.15, 0.8),
    SOLDIER_FIELD(obstacle, stand_up_time, "s", 0.3, 2.0),
    SOLDIER_FIELD(obstacle, landing_dip_per_speed, "m per m/s", 0.0, 0.15),
    SOLDIER_FIELD(obstacle, landing_dip_max, "L", 0.1, 0.6),
    SOLDIER_FIELD(obstacle, ladder_speed, "m/s", 0.1, 1.0),
    SOLDIER_FIELD(obstacle, ladder_reach, "m", 0.3, 1.5),
    SOLDIER_FIELD(obstacle, ladder_stand_off, "m", 0.25, 0.5),
};
#undef SOLDIER_FIELD
#undef SOLDIER_MEMBER

#define SOLDIER_CURVE(section, name, unit, lo, hi) \
  TuningCurve{#section, #name, unit, lo, hi, [](anim::Tuning& t) -> anim::SpeedCurve& { return t.section.name; }}

const std::array kCurves = {
    SOLDIER_CURVE(gait, cadence_spm, "steps/min", 40.0, 260.0),
    SOLDIER_CURVE(gait, stance_fraction, "share", 0.1, 0.9),
    SOLDIER_CURVE(gait, landing_lead, "L", 0.0, 1.0),
    SOLDIER_CURVE(gait, strike_pitch, "rad", -0.6, 0.6),
    SOLDIER_CURVE(gait, foot_flat_at, "share of stance", 0.0, 1.0),
    SOLDIER_CURVE(gait, heel_rise_at, "share of stance", 0.0, 1.0),
    SOLDIER_CURVE(gait, toe_off_pitch, "rad", 0.0, 1.4),
    SOLDIER_CURVE(gait, swing_clearance, "m", 0.0, 0.5),
    SOLDIER_CURVE(gait, swing_lift, "L", 0.0, 1.0),
    SOLDIER_CURVE(gait, swing_peak, "share of swing", 0.1, 0.9),
    SOLDIER_CURVE(torso, lean, "rad", -0.2, 0.6),
};
#undef SOLDIER_CURVE

constexpr std::array<std::string_view, 14> kSections = {"body", "gait", "posture", "arms", "torso", "lean", "look", "head",
                                                        "aim", "carry", "rifle", "recoil", "gear", "obstacle"};

}  // namespace

std::span<const TuningField> tuning_fields() { return kFields; }
std::span<const TuningCurve> tuning_curves() { return kCurves; }
std::span<const std::string_view> tuning_sections() { return kSections; }

}  // namespace game
