#include "game/core/interrupt.hpp"

#include <csignal>

namespace game {
namespace {

// The one flag a signal handler may touch (it can reach no object): set by the handler,
// read by InterruptGuard::requested().
volatile std::sig_atomic_t g_interrupted = 0;

void on_signal(int) { g_interrupted = 1; }

struct Saved {
  void (*sigint)(int) = SIG_DFL;
  void (*sigterm)(int) = SIG_DFL;
};
Saved g_saved;

}  // namespace

InterruptGuard::InterruptGuard() {
  g_interrupted = 0;
  g_saved.sigint = std::signal(SIGINT, on_signal);
  g_saved.sigterm = std::signal(SIGTERM, on_signal);
}

InterruptGuard::~InterruptGuard() {
  std::signal(SIGINT, g_saved.sigint);
  std::signal(SIGTERM, g_saved.sigterm);
}

bool InterruptGuard::requested() { return g_interrupted != 0; }

}  // namespace game
