#pragma once
// Progress on stderr for slow headless work: shown only when stderr is a terminal and the
// work has already taken over a second, so pipes, logs and tests see nothing.
#include <chrono>
#include <cstdint>
#include <string>

namespace game {

class Progress {
 public:
  Progress(std::string label, std::int64_t total);
  void update(std::int64_t done);
  ~Progress();  // clears the line it drew, if any

  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

 private:
  using Clock = std::chrono::steady_clock;
  std::string label_;
  std::int64_t total_;
  bool terminal_;
  bool shown_ = false;
  Clock::time_point start_;
  Clock::time_point last_draw_;
};

}  // namespace game
