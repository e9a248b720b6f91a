#pragma once
// `soldier play`: the SDL window (game/play*.cpp). main.cpp parses the flags into this.
#include <string>

namespace game {

struct PlayOptions {
  std::string level;         // assets/levels/*.toml to load; empty: the built-in level
  double quit_after = -1;    // close after this much wall time, s; < 0: never
  std::string screenshot;    // write the last frame shown here (PNG); empty: none
  int soldiers = 5;          // squad size when the level names no soldiers, 1..kMaxSquad (1000)
  std::string tuning;        // tuning file to load; empty: the defaults
  bool overlay = false;      // start with the F2 debug overlay on (screenshots of it)
  std::string record;        // record from the start into this scenario (.toml); empty: F5 only
  int threads = 0;           // threads the soldiers are stepped and drawn on; 0: the core count
};

// Runs the window; returns the process exit status.
int run_play(const PlayOptions& options);

}  // namespace game
