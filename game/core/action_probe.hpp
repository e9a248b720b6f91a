#pragma once
// Requests that anim may not implement yet (crouch, prone, kneel, ladder, ragdoll, get-up,
// recoil) must be harmless (issue 4): each one starts a probe that watches the soldier's
// frames, and if the motion never shows within a short time the player gets a note
// ("crouch: not implemented yet") instead of silence. The probes test the result, not a
// list of features, so they stop firing on their own as anim grows.
#include "anim/character_frame.hpp"

#include <span>
#include <string>
#include <vector>

namespace game {

struct ActionProbe {
  enum class Kind { state, recoil };
  std::string what;                  // the note's subject, e.g. "crouch (C)"
  Kind kind = Kind::state;
  std::vector<anim::State> expect;   // kind state: any of these means it worked
  std::size_t soldier = 0;
  double deadline = 0.0;             // game time, s
  double butt_to_shoulder = 0.0;     // kind recoil: m, at the request
};

// A probe for `soldier` showing one of `expect` within `within` s of game time `now`.
ActionProbe state_probe(std::string what, std::vector<anim::State> expect, std::size_t soldier, double now,
                        double within);
// A probe for recoil: the rifle's buttpad moving against the shoulder within `within` s.
ActionProbe recoil_probe(std::string what, const anim::CharacterFrame& f, std::size_t soldier, double now,
                         double within);

class ActionProbes {
 public:
  void start(ActionProbe probe);  // replaces a running probe with the same `what`
  // After each simulated step: drops probes that succeeded, returns the subjects of those
  // whose time ran out.
  std::vector<std::string> check(std::span<const anim::CharacterFrame> frames, double now);
  std::size_t running() const { return probes_.size(); }

 private:
  std::vector<ActionProbe> probes_;
};

// Short on-screen notes that expire after a few seconds of wall time.
class Notes {
 public:
  static constexpr double kLifetime = 3.0;  // s of wall time a note stays
  void add(std::string text, double now);   // the same text again only refreshes it
  void expire(double now);
  const std::vector<std::string>& texts() const { return texts_; }

 private:
  std::vector<std::string> texts_;
  std::vector<double> until_;
};

}  // namespace game
