#pragma once
// Scripted input for the headless play tests: a list of cues, each holding some actions from
// a game time on and pressing others once when reached, as SDL would deliver them. Shared
// by test_play_headless.cpp and test_record_replay.cpp. Not a test by itself.
#include "game/core/play_input.hpp"

#include <glm/vec2.hpp>

#include <cstddef>
#include <span>
#include <vector>

namespace play_script {

struct Cue {
  double t;                          // game time it starts, s
  std::vector<game::Action> hold;    // held from t on
  std::vector<game::Action> press;   // pressed once, at t
  glm::vec2 mouse{900.0f, 300.0f};   // cursor, canvas px
  bool pad = false;                  // a gamepad is connected
  double stick = 0.0;                // its left stick's x
};

// The input of the frame at game time `now`: `cue` moves past the cues reached (their presses
// go down in this frame), the current cue's actions are held, the cursor is on its point
// and moving, and the gamepad's right stick aims up and ahead while it is connected.
inline game::PlayInput input_at(std::span<const Cue> script, std::size_t& cue, double now) {
  game::PlayInput in;
  while (cue + 1 < script.size() && script[cue + 1].t <= now) {
    ++cue;
    for (game::Action a : script[cue].press) in.pressed.set(game::index(a));
  }
  for (game::Action a : script[cue].hold) in.held.set(game::index(a));
  in.mouse_in_window = true;
  in.mouse_moved = true;
  in.mouse_canvas = script[cue].mouse;
  in.pad.connected = script[cue].pad;
  in.pad.left_x = script[cue].stick;
  in.pad.right_x = script[cue].pad ? 0.7 : 0.0;
  in.pad.right_y = script[cue].pad ? 0.3 : 0.0;
  return in;
}

}  // namespace play_script
