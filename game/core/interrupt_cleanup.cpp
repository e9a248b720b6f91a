#include "game/core/interrupt_cleanup.hpp"

#include <atomic>
#include <climits>
#include <csignal>
#include <cstring>
#include <mutex>

#include <unistd.h>

namespace game {
namespace {

constexpr int kSlots = 32;
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
constexpr int kSignalCount = sizeof kSignals / sizeof kSignals[0];

struct Slot {
  std::atomic<bool> used{false};  // published after `path` is written
  char path[PATH_MAX] = {};
};
static_assert(std::atomic<bool>::is_always_lock_free, "the handler reads the flags");

Slot g_slots[kSlots];
struct sigaction g_previous[kSignalCount];
std::mutex g_mutex;  // slot allocation and the install count; never taken by the handler
int g_registered = 0;

extern "C" void remove_temporaries(int signal_number) {
  for (Slot& s : g_slots)
    if (s.used.load(std::memory_order_acquire)) ::unlink(s.path);
  // What the signal did before we were installed, now: by default, the end of the process.
  for (int i = 0; i < kSignalCount; ++i)
    if (kSignals[i] == signal_number) ::sigaction(signal_number, &g_previous[i], nullptr);
  ::raise(signal_number);  // pending until this handler returns
}

}  // namespace

RemoveOnInterrupt::RemoveOnInterrupt(const std::string& path) {
  if (path.size() >= PATH_MAX) return;
  const std::lock_guard lock(g_mutex);
  for (int i = 0; i < kSlots; ++i) {
    if (g_slots[i].used.load(std::memory_order_relaxed)) continue;
    std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
    g_slots[i].used.store(true, std::memory_order_release);
    slot_ = i;
    break;
  }
  if (slot_ < 0 || g_registered++ > 0) return;
  struct sigaction action {};
  action.sa_handler = remove_temporaries;
  sigemptyset(&action.sa_mask);
  for (int s : kSignals) sigaddset(&action.sa_mask, s);  // one cleanup at a time
  for (int i = 0; i < kSignalCount; ++i) {
    ::sigaction(kSignals[i], nullptr, &g_previous[i]);
    // An ignored signal stays ignored (a background job's SIGINT): it ends nothing, so there
    // is nothing to clean up after.
    if (g_previous[i].sa_handler != SIG_IGN) ::sigaction(kSignals[i], &action, nullptr);
  }
}

RemoveOnInterrupt::~RemoveOnInterrupt() {
  if (slot_ < 0) return;
  const std::lock_guard lock(g_mutex);
  g_slots[slot_].used.store(false, std::memory_order_release);
  if (--g_registered > 0) return;
  for (int i = 0; i < kSignalCount; ++i) ::sigaction(kSignals[i], &g_previous[i], nullptr);
}

}  // namespace game
