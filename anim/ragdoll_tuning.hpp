#pragma once
// The ragdoll's constants in one place (Rule 4): the solver's step, the body's passive joint
// ranges, contact radii and friction, the birth's settle, the rest detector and the face-up
// hysteresis. Every field states its unit, range and source. Plain data with defaults, doubles
// all through (anim::Tuning's `ragdoll` section: the file and the panel set them; a count is a
// whole number, a switch 0 off or 1 on).
namespace anim {

// A passive range of motion in anatomical terms, rad: flexion positive, extension negative
// (for the ankle: dorsiflexion positive, plantarflexion negative, from a foot square to the
// shank). The rig turns it into a geometric angle range for the facing (anim/ragdoll_rig).
struct JointRange {
  double lo = 0.0;  // rad, the most extended
  double hi = 0.0;  // rad, the most flexed, >= lo
  bool operator==(const JointRange&) const = default;
};

// Human passive ranges (American Academy of Orthopaedic Surgeons, "Joint Motion: Method of
// Measuring and Recording", 1965; Soucie et al., "Range of motion measurements: reference
// values", Haemophilia 17, 2011), a little wider where a limp body is moved by its weight.
struct RagdollLimits {
  JointRange knee{0.15, 2.45};      // 9..140 deg flexion: never backwards (Rule 8), never locked straight
  JointRange hip{-0.35, 2.1};       // thigh against the trunk's down: 20 deg extension .. 120 flexion
  JointRange ankle{-1.15, 0.45};    // foot against square: 66 deg plantarflexion (the instep flat
                                    // behind a kneeling shin) .. 26 dorsiflexion (knee bent)
  JointRange shoulder{-1.05, 3.0};  // upper arm against the trunk's down: 60 deg extension .. 172 flexion
  JointRange elbow{0.2, 2.5};       // 11..145 deg flexion: one way, elbows down (Rule 2b), never locked straight
  JointRange spine{-0.5, 0.9};      // upper against lower spine: 29 deg extension .. 52 flexion (the
                                    // thoracolumbar ~30 / ~60-80 deg, all in the halves' one joint:
                                    // a stiffer trunk props a dead man up sitting or kneeling)
  JointRange neck{-1.0, 0.9};       // head against the upper spine: 57 deg extension .. 50 flexion
  bool operator==(const RagdollLimits&) const = default;
};

// Contact radii of the body's particles, m, for a body 1.78 m tall (scaled by height / 1.78):
// the drawn thickness around each joint (render::FigureSizes: hips 0.115, carrier 0.158,
// collar 0.118, helmet 0.112, knee pad, forearm 0.045, hand 0.042), so the drawn body lies ON
// the ground instead of sinking into it by its thickness.
struct RagdollRadii {
  double pelvis = 0.11;  // m, the seat and hips
  double chest = 0.15;   // m, the plate carrier
  double neck = 0.11;    // m, the carrier's collar
  double head = 0.11;    // m, the helmet
  double elbow = 0.05;   // m, the sleeve
  double hand = 0.045;   // m, the gloved fist (also the rifle's grip and fore-end)
  double knee = 0.06;    // m, the knee pad
  // The ankle's disc is the body's ankle height (anim::Proportions): it reaches the sole, the
  // heel under it. The boot is a run of this radius along the sole to the toe tip (as
  // render/figure draws it), whose front disc is the foot's other contact, so a foot lies flat
  // on its sole or on its instep alike.
  double boot = 0.048;   // m
  double rifle_butt = 0.035;    // m, the stock
  double rifle_muzzle = 0.015;  // m, the barrel's end
  bool operator==(const RagdollRadii&) const = default;
};

struct RagdollTuning {
  // The step (STYLE.md 5): fixed sub-steps, each a fixed sequence (anim/ragdoll.cpp), so the
  // result depends on dt alone. The game's own step (1/120 s) is one sub-step; the peer
  // setting's 1/60 s (bench_ragdoll, Box2D's) is one too. Each sub-step solves the bones
  // (anim/ragdoll_bone_solve) newton_steps times, then again while a contact's hold changed or
  // a bone is off by more than solve_tolerance, at most max_extra_solves more: bench_ragdoll's
  // 1000 varied falls at 1/60 s then hold the worst bone drift under 1% (0.89%; issue 13's bar:
  // 2%), the rare impact that strains a bone past 1% given more solves still (anim/ragdoll.cpp
  // kRescueError). Three, not fewer, because fewer leave bodies that never come to rest:
  // measured on bench_ragdoll's 1000 falls (bench_ragdoll --newton N), 13 are not at rest after
  // 10 s with three, 50 with two, 202 with one. Most of the solves are chord steps on a kept
  // factor (BoneSolveCache), a fraction of a factorisation's price: measured on the 100
  // falls, of 3.2 solves a step 21% factor anew (60% of those for a contact or joint range
  // that came or went, the rest for the body's turn).
  double max_substep = 1.0 / 60.0;   // s, 1e-4..0.05: no sub-step is longer
  double newton_steps = 3;           // count, 1..16: bone solves per sub-step
  double max_extra_solves = 4;       // count, 0..16
  double solve_tolerance = 0.005;    // share of a bone's length, 1e-6..0.1
  // A factored bone matrix is reused across sub-steps until a particle has moved this far from
  // where it was factored (anim/ragdoll_bone_solve: BoneSolveCache): the matrix is then off by
  // the bones' turn, at most ~travel / the shortest bone (0.14 m, the foot), 7% at 1 cm, which
  // the chord steps converge through at that rate each (Kelley, "Solving Nonlinear Equations
  // with Newton's Method", 2003, ch. 2.3: the chord method's rate is the matrix's relative
  // error): newton_steps of them leave 0.07^3 = 3e-4 of a step's error, and solve_tolerance's
  // extra solves take what an impact leaves. 0: never reused across sub-steps. A body at rest
  // is then factored once, not twice every sub-step. 1 cm, not 1 mm: measured on
  // bench_ragdoll's 100 falls (callgrind), 13% fewer instructions, a falling body no longer
  // factored afresh at every step; the worst drift the same 0.89%, every body at rest in the
  // same time (1.37 s on average, 1.36 at 1 mm) and the 1000 falls' one body left moving at
  // 10 s at rest too. 2 cm left one of the 100 moving.
  double factor_reuse_travel = 0.01;  // m, 0..0.05
  double max_substeps = 12;            // 1..256: a longer dt is simulated as this many sub-steps
  double max_step = 0.1;             // s: a longer dt (a stall) is simulated as this much

  // Speed cap of any particle, m/s, > 0: a body part of a falling man; keeps a huge impulse
  // finite and a sub-step's travel short (0.21 m at the game's 1/120 s, 0.42 m at the peer
  // setting's 1/60 s); a fast particle's path is swept against the solid besides (anim/
  // ragdoll.cpp: sweep), so none goes through a wall thinner than that.
  double max_speed = 25.0;
  // The impulse: the chest takes the whole velocity change, the rest of the body less with
  // the distance from the chest, exp(-d / falloff) (a hit at the chest knocks the trunk
  // back before the feet; a uniform change would slide the whole body like a crate).
  double impulse_falloff = 0.45;  // m, > 0
  double max_impulse = 25.0;      // m/s, |impulse| is clamped here (a NaN impulse is none)

  // Air drag and the body's own damping (a limp body is not a pendulum), 1/s, 0..20: the
  // velocity loses this share per second.
  double damping = 0.6;
  // The limbs' swing about each other bleeds away at this rate, 1/s, 0..200 (soft tissue, kit
  // and clothing: a dead man's leg in mid-stride does not kick on like a pendulum; without it a
  // runner's swinging leg throws him over backwards). Each bone's ends' relative velocity loses
  // 1 - exp(-rate h) of itself per sub-step h, the body's momentum kept.
  double limb_damping = 8.0;

  // Coulomb friction against the ground and boxes (cloth and kit on dirt or concrete, ~0.5-0.7):
  // a body rests on a slope up to atan(mu_s) = 35 deg, and slides, not sticks, on being dragged.
  double friction_static = 0.7;   // mu_s, 0..2
  double friction_kinetic = 0.5;  // mu_k, 0..mu_s
  // The contacts' holds in the bone solve (anim/ragdoll_contact: ContactHoldRule). A contact
  // slower than stick_speed starts a sub-step stuck (held both ways, so a body at rest does not
  // creep down a slope); the solve lets go of a contact it pulls off the ground by more than
  // contact_release, and lets a stuck one slide when it drags it past the friction cone by more
  // than contact_slip, both as shares of what gravity moves a still body in a sub-step (g h^2):
  // less, and a contact at rest flickers between held and free and the body never stills.
  double stick_speed = 0.2;      // m/s, 0..2 (a limb settling, not sliding)
  double contact_release = 0.5;  // share of g h^2, 0..10
  double contact_slip = 1.0;     // share of g h^2, 0..10

  // Birth: what the living pose has that the ragdoll's rest has not (a body foreshortened
  // mid-turn, its hips and shoulders apart in depth, a joint past its passive range, a part
  // inside its contact radius, a rifle seen turning) is kept as it was born and eased into the
  // ragdoll's own over this time, so nothing jumps at the switch (issue 13: born on the pose).
  double settle_time = 0.25;  // s, > 0

  // At rest: every particle slower than rest_speed for rest_time, and not speeding up (seed
  // 001 section 8 gets up from a body that has come to rest). Asleep (when `sleep`), a body at
  // rest is not stepped until an impulse wakes it.
  double rest_speed = 0.05;  // m/s, > 0
  double rest_time = 0.5;    // s, >= 0
  // ... and no particle farther than this from where it was when it went still (anim/
  // ragdoll_rest: a limb toppling over goes somewhere; one trembling in place does not): a
  // tenth of what rest_speed would carry it over rest_time. Measured on bench_ragdoll's 1000
  // falls after 10 s (awake): of the 987 at rest, half have moved less than 0.2 mm since they
  // went still, one in ten more than 5 mm (a slow settle below rest_speed).
  double rest_drift = 0.0125;  // m, >= 0
  double sleep = 1;  // 0 or 1

  // Face up / face down (seed 001 section 8 picks the get-up from it): the trunk's front
  // against world up. It changes only once the front is this far (a sine) past level the
  // other way, so a body on its edge does not flip between the two.
  double face_hysteresis = 0.26;  // sin(15 deg), 0..0.9

  // The rifle stays in his hands (anim/ragdoll_rig: RagdollHold says why that is the default);
  // false: he lets go at death and it falls on its own.
  double rifle_held = 1;  // 0 or 1

  RagdollLimits limits;
  RagdollRadii radii;
  // Every field equal (a NaN is equal to nothing): anim/ragdoll's still step asks it.
  bool operator==(const RagdollTuning&) const = default;
};

}  // namespace anim
