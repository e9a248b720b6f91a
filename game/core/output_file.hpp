#pragma once
// A file that appears whole or not at all (ARCHITECTURE.md: nothing half-written): writes go
// to a temporary file beside the target, renamed over it on commit(); dropped without a
// commit, the temporary is removed, and so it is when SIGINT, SIGTERM or SIGHUP ends the
// process (interrupt_cleanup.hpp). The path "-" writes to stdout instead.
#include "game/core/interrupt_cleanup.hpp"

#include <cstdio>
#include <memory>
#include <string>

namespace game {

class OutputFile {
 public:
  // Opens the temporary file (or stdout for "-"); on failure returns null and sets `error`
  // to one line naming the path.
  static std::unique_ptr<OutputFile> open(const std::string& path, std::string& error);

  std::FILE* stream() const { return stream_; }
  // Flushes, closes and renames into place. On failure sets `error` and leaves no file.
  bool commit(std::string& error);

  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

 private:
  OutputFile(std::string path, std::string temp, std::FILE* stream, std::unique_ptr<RemoveOnInterrupt> guard);
  std::string path_;
  std::string temp_;  // empty for stdout
  std::unique_ptr<RemoveOnInterrupt> guard_;  // removes temp_ on an interrupt; null for stdout
  std::FILE* stream_ = nullptr;
  bool done_ = false;
};

}  // namespace game
