#include "game/core/output_file.hpp"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace game {

OutputFile::OutputFile(std::string path, std::string temp, std::FILE* stream, std::unique_ptr<RemoveOnInterrupt> guard)
    : path_(std::move(path)), temp_(std::move(temp)), guard_(std::move(guard)), stream_(stream) {}

std::unique_ptr<OutputFile> OutputFile::open(const std::string& path, std::string& error) {
  if (path.empty()) {
    error = "output path is empty";
    return nullptr;
  }
  if (path == "-") return std::unique_ptr<OutputFile>(new OutputFile(path, "", stdout, nullptr));
  // The process id keeps two runs writing the same target from sharing a temporary.
  std::string temp = path + "." + std::to_string(::getpid()) + ".tmp";
  // Registered before it exists, so no interrupt can fall between its creation and this.
  auto guard = std::make_unique<RemoveOnInterrupt>(temp);
  std::FILE* f = std::fopen(temp.c_str(), "wb");
  if (!f) {
    error = path + ": cannot write (" + std::strerror(errno) + ")";
    return nullptr;
  }
  return std::unique_ptr<OutputFile>(new OutputFile(path, std::move(temp), f, std::move(guard)));
}

bool OutputFile::commit(std::string& error) {
  done_ = true;
  if (temp_.empty()) {
    if (std::fflush(stream_) != 0 || std::ferror(stream_)) {
      error = "stdout: write failed";
      return false;
    }
    return true;
  }
  const bool write_failed = std::ferror(stream_) != 0;
  const bool close_failed = std::fclose(stream_) != 0;
  stream_ = nullptr;
  if (write_failed || close_failed || std::rename(temp_.c_str(), path_.c_str()) != 0) {
    error = path_ + ": cannot write (" + std::strerror(errno) + ")";
    std::remove(temp_.c_str());
    return false;
  }
  return true;
}

OutputFile::~OutputFile() {
  if (temp_.empty() || done_) return;
  if (stream_) std::fclose(stream_);
  std::remove(temp_.c_str());
}

}  // namespace game
