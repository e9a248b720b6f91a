#pragma once
// Temporary files removed when the process is interrupted (issue 17, DEVELOPERS.md: a file is
// written whole or not at all, "remove it if interrupted"). A trace holds its temporary for
// the whole run, which can last minutes; on SIGINT, SIGTERM or SIGHUP the handler unlinks
// every registered temporary and then lets the signal do what it did before (by default:
// end the process with that signal, so a shell sees 130 for Ctrl-C).
//
// The registry is process-wide by nature (a signal handler has no other way to find the
// paths): a fixed table of slots, written before a slot is published and read by the handler
// with async-signal-safe calls only (unlink, sigaction, raise). The handlers are installed
// while at least one temporary is registered and the previous ones restored after, so the
// window's own SIGINT handling (SDL) is untouched outside a save.
#include <string>

namespace game {

class RemoveOnInterrupt {
 public:
  // Registers `path` (up to 32 at once and PATH_MAX bytes; beyond that nothing is
  // registered and the file is merely not removed on an interrupt).
  explicit RemoveOnInterrupt(const std::string& path);
  ~RemoveOnInterrupt();  // unregisters (the caller removes or renames the file itself)

  RemoveOnInterrupt(const RemoveOnInterrupt&) = delete;
  RemoveOnInterrupt& operator=(const RemoveOnInterrupt&) = delete;

 private:
  int slot_ = -1;
};

}  // namespace game
