// Placeholder until the window lands: the window engineer replaces this file with the SDL
// program (game/play*.cpp). It links `soldier` meanwhile and says plainly what is missing.
#include "game/play.hpp"

#include <cstdio>

namespace game {

int run_play(const PlayOptions&) {
  std::fprintf(stderr, "soldier play: the window is not built yet\n");
  return 2;
}

}  // namespace game
