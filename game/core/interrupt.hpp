#pragma once
// Ctrl-C during a long headless job: while an InterruptGuard lives, SIGINT and SIGTERM only
// set a flag the job polls, so it can stop, remove what it has half written and exit
// (DEVELOPERS.md: a file is written whole or not at all; remove it if interrupted).
namespace game {

class InterruptGuard {
 public:
  InterruptGuard();   // installs the handlers
  ~InterruptGuard();  // restores the previous ones
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // A signal arrived since the guard was made.
  static bool requested();
};

// The exit status of a job stopped by a signal (128 + SIGINT, as a shell reports it).
inline constexpr int kInterruptedStatus = 130;

}  // namespace game
