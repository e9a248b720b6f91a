#pragma once
// Step 3 of the frame (ARCHITECTURE.md): which posture the body is in, and how far through
// a change of posture. The postures lie on one chain, stand - crouch - kneel - prone, and
// where the body is on it is one continuous number, the level (0 stand, 1 crouch, 2 kneel,
// 3 prone; 1.4 is 40 % of the way from a crouch down to the kneel). A request anywhere on
// the chain is honoured one link at a time, in that order (a soldier asked to go prone from
// a stand crouches, kneels and goes down over his hands), and a link is only entered at a
// speed both its ends allow: asked to go prone at a sprint he slows first (issue 11), never
// teleports. Each link is a motion of its own (anim/states/crouch, kneel, prone) that reads
// its share of the way, eased so the joints start and stop without a jerk (smootherstep).
#include "anim/character_frame.hpp"

#include <cstdint>

namespace anim {

enum class Stance : std::uint8_t { stand, crouch, prone, kneel };

// The chain's levels.
inline constexpr double kStandLevel = 0.0;
inline constexpr double kCrouchLevel = 1.0;
inline constexpr double kKneelLevel = 2.0;
inline constexpr double kProneLevel = 3.0;
double stance_level(Stance s);

// What the postures allow and how long their changes take (tuning: anim::Tuning::stances).
struct StanceTuning {
  // Rule 7 gives every posture its own geometry; these are the speeds each can move at.
  double crouch_max_speed = 2.0;   // m/s, 0.3..3: a crouch walk (issue 11: 0-2 m/s); faster requests are capped
  double prone_max_speed = 0.6;    // m/s, 0.1..1: a crawl (issue 11: "up to about 0.6 m/s"; a military
                                   // low crawl covers ~0.3-0.6 m/s, FM 3-21.8 ch. 8 movement rates)
  double kneel_max_speed = 0.0;    // m/s, 0..0.3: a kneel is a firing position, held still
  // How long each link of the chain takes at rest (a few tenths of a second to a second).
  double crouch_time_per_speed = 0.5;  // s per m/s, 0..2: moving, the hips go down or up over longer
                                       // (over about two steps at a walk: the gait's legs follow the
                                       // change of geometry without snapping straight)
  double crouch_time = 0.7;       // s, 0.15..1.5: stand <-> crouch (a dip of the hips, ~0.4 s)
  double kneel_time = 1.0;         // s, 0.3..2: crouch <-> kneel (the rear foot steps back, the knee goes down)
  double prone_time = 1.4;         // s, 0.4..3: kneel <-> prone (down over the hands, the legs back)
  double entry_speed_slack = 0.05; // m/s, 0..0.3: a link starts once the body is this close to its speed
};

struct PostureState {
  double level = 0.0;  // where on the chain, 0..3 (kStandLevel..kProneLevel)
};

struct PostureInput {
  Stance request = Stance::stand;
  double speed = 0.0;  // m/s, |vx| of the body as simulated
  double dt = 0.0;     // s
};

// Where one link's motion is: the two postures at its ends and how far along (eased).
struct PostureLink {
  Stance lower = Stance::stand;  // the posture at the link's start (the smaller level)
  Stance upper = Stance::crouch; // the posture at its end
  double share = 0.0;            // 0..1 along it, smootherstep-eased (C2: no jerk at its ends)
  double raw = 0.0;              // 0..1 along it, as the level has it
};

struct PostureOutput {
  double level = 0.0;
  PostureLink link{};
  double speed_cap = 8.0;  // m/s: the most the body may go at this level and toward the request
  bool settled = true;     // at the requested posture, no link under way
  State state = State::stand;  // what the trace names (stand/walk/run are the gait's: stand here)
};

// The speed cap for the current level and the way to the request (m/s), for this step's
// intent (before the body moves).
double posture_speed_cap(const PostureState& s, Stance request, const StanceTuning& t);

// Moves the level toward the request at each link's rate, one link at a time, while the
// body's speed lets it (else it waits for the body to slow to the cap).
PostureOutput step_posture(PostureState& s, const PostureInput& in, const StanceTuning& t);

// The link at `level` (C2-eased share).
PostureLink posture_link(double level);


}  // namespace anim
