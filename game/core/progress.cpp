#include "game/core/progress.hpp"

#include <cstdio>
#include <unistd.h>

namespace game {
namespace {
constexpr auto kQuietFor = std::chrono::seconds(1);           // faster work shows nothing
constexpr auto kRedrawEvery = std::chrono::milliseconds(100);  // keeps the terminal cheap
}  // namespace

Progress::Progress(std::string label, std::int64_t total)
    : label_(std::move(label)), total_(total), terminal_(::isatty(STDERR_FILENO) != 0),
      start_(Clock::now()), last_draw_(start_) {}

void Progress::update(std::int64_t done) {
  if (!terminal_ || total_ <= 0) return;
  const auto now = Clock::now();
  if (now - start_ < kQuietFor || now - last_draw_ < kRedrawEvery) return;
  last_draw_ = now;
  shown_ = true;
  std::fprintf(stderr, "\r%s: %3d%%", label_.c_str(), static_cast<int>(100 * done / total_));
  std::fflush(stderr);
}

Progress::~Progress() {
  if (shown_) std::fprintf(stderr, "\r\033[K");
}

}  // namespace game
