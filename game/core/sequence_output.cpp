#include "game/core/sequence_output.hpp"

#include "render/png_io.hpp"

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <filesystem>

namespace game {
namespace {

namespace fs = std::filesystem;

std::string lower_extension(const std::string& out) {
  std::string ext = fs::path(out).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

std::string without_slash(std::string out) {
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  return out;
}

// The folder the target goes into (where the temporary folder is made, same file system).
fs::path parent_of(const std::string& out) {
  const fs::path p = fs::path(without_slash(out)).parent_path();
  return p.empty() ? fs::path(".") : p;
}

}  // namespace

bool names_sequence_target(const std::string& out) {
  std::error_code ec;
  const std::string ext = lower_extension(out);
  return (!out.empty() && out.back() == '/') || fs::is_directory(out, ec) || ext == ".mp4" || ext == ".gif";
}

std::optional<SequenceTarget> sequence_target(const std::string& out, std::string& error) {
  std::error_code ec;
  const std::string ext = lower_extension(out);
  std::optional<SequenceTarget> target;
  if ((!out.empty() && out.back() == '/') || fs::is_directory(out, ec)) {
    target = SequenceTarget::folder;
    if (fs::is_directory(out, ec) && !fs::is_empty(out, ec)) {
      error = "--out " + out + ": the folder is not empty (a sequence goes into a new or empty folder)";
      return std::nullopt;
    }
  } else if (ext == ".mp4") {
    target = SequenceTarget::mp4;
  } else if (ext == ".gif") {
    target = SequenceTarget::gif;
  } else {
    error = "--out " + out + ": a sequence goes to a folder (DIR/) or a video (.mp4, .gif), not a single file";
    return std::nullopt;
  }
  if (fs::exists(without_slash(out), ec) && !fs::is_directory(out, ec) && *target == SequenceTarget::folder) {
    error = "--out " + out + ": is a file, not a folder";
    return std::nullopt;
  }
  const fs::path parent = parent_of(out);
  if (!fs::is_directory(parent, ec)) {
    error = "--out " + out + ": folder " + parent.string() + " does not exist";
    return std::nullopt;
  }
  if (::access(parent.c_str(), W_OK) != 0) {
    error = "--out " + out + ": folder " + parent.string() + " is not writable";
    return std::nullopt;
  }
  if (*target != SequenceTarget::folder) {
    error = check_ffmpeg(out);
    if (!error.empty()) return std::nullopt;
  }
  return target;
}

SequenceWriter::SequenceWriter(std::string out, SequenceTarget target, int fps, std::string temp_dir)
    : out_(std::move(out)), target_(target), fps_(fps), temp_dir_(std::move(temp_dir)) {}

std::unique_ptr<SequenceWriter> SequenceWriter::open(const std::string& out, SequenceTarget target, int fps,
                                                     std::string& error) {
  const std::string clean = without_slash(out);
  // The process id keeps two runs on one target apart; ".tmp" names it as temporary.
  const std::string temp = clean + "." + std::to_string(::getpid()) + ".frames.tmp";
  std::error_code ec;
  fs::remove_all(temp, ec);
  if (!fs::create_directory(temp, ec)) {
    error = "--out " + out + ": cannot create " + temp + (ec ? " (" + ec.message() + ")" : "");
    return nullptr;
  }
  return std::unique_ptr<SequenceWriter>(new SequenceWriter(clean, target, fps, temp));
}

bool SequenceWriter::add(std::size_t index, const render::Canvas& frame, std::string& error) {
  char name[32];
  std::snprintf(name, sizeof name, "frame_%06zu.png", index);
  return render::write_png(frame, (fs::path(temp_dir_) / name).string(), error);
}

bool SequenceWriter::finish(std::string& error) {
  std::error_code ec;
  if (target_ == SequenceTarget::folder) {
    if (fs::is_directory(out_, ec)) fs::remove(out_, ec);  // empty: checked before
    fs::rename(temp_dir_, out_, ec);
    if (ec) {
      error = "--out " + out_ + ": cannot move the frames into place (" + ec.message() + ")";
      return false;
    }
    done_ = true;
    return true;
  }
  const std::string video = out_ + "." + std::to_string(::getpid()) + ".tmp";
  const bool ok = encode_video(temp_dir_, fps_, target_ == SequenceTarget::mp4 ? VideoFormat::mp4 : VideoFormat::gif,
                               video, error);
  if (ok) fs::rename(video, out_, ec);
  if (!ok || ec) {
    if (ok) error = "--out " + out_ + ": cannot write (" + ec.message() + ")";
    fs::remove(video, ec);
    return false;
  }
  return true;
}

SequenceWriter::~SequenceWriter() {
  if (done_) return;
  std::error_code ec;
  fs::remove_all(temp_dir_, ec);
}

}  // namespace game
