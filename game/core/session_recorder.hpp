#pragma once
// `soldier play --record FILE.toml` and F5 (INTERFACES.md): the intents every soldier got at
// every fixed step of the window, written as a scenario that `soldier trace` and `soldier
// render` replay exactly, bit for bit — "I saw a glitch while playing" turned into a test.
//
// A scenario starts from rest, so a recording starts with the level (PlaySession restarts
// it when F5 starts one). It keeps each soldier's intents as [[soldier.input]] entries: one
// at the first step of each change, naming only the keys that changed, the one-shots (fire,
// die, get_up) at the step they act on; times are step * dt, written so they read back as
// the same doubles. The level's world and seed, the squad's ids, places, heights and
// characters, and the tuning (when not the defaults) go in with them.
#include "anim/character.hpp"
#include "anim/tuning.hpp"
#include "game/core/scenario.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace game {

class SessionRecorder {
 public:
  // `level`: the world and seed; `specs`: the soldiers as the session built them, and
  // `characters[i]` the character file of soldier i (empty: Winter's); `dt` the fixed step.
  SessionRecorder(const Scenario& level, std::span<const anim::CharacterSpec> specs,
                  std::vector<std::string> characters, double dt, const anim::Tuning& tuning);

  // The intents of the next step, one per soldier. False when this step cannot be written as
  // a scenario: an aim point withdrawn (a scenario's aim, once given, holds), the longest
  // scenario reached (limits::kMaxDuration), or the text grown to the most a scenario file may
  // hold (kMaxTomlFileBytes, full()); the step is then not recorded.
  bool add_step(std::span<const anim::Intent> intents);
  bool full() const { return full_; }

  std::int64_t steps() const { return steps_; }
  double seconds() const { return static_cast<double>(steps_) * dt_; }
  const anim::Tuning& tuning() const { return tuning_; }

  // The scenario, as TOML text; `origin` goes into its first comment line (what was played).
  std::string scenario_text(const std::string& origin) const;

 private:
  struct Soldier {
    anim::CharacterSpec spec;
    std::string character;
    anim::Intent held{};              // what a replay holds so far (InputTimeline's view)
    std::vector<InputEvent> events;
  };
  anim::Terrain terrain_;
  std::uint64_t seed_ = 0;
  double dt_ = 1.0 / 120.0;
  anim::Tuning tuning_;
  std::vector<Soldier> soldiers_;
  std::int64_t steps_ = 0;
  std::size_t text_bytes_ = 0;  // the scenario text's size so far, with room for its comment
  bool full_ = false;
};

}  // namespace game
