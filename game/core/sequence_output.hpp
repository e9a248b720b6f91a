#pragma once
// Where a frame sequence goes (`soldier render --from T0 --to T1 --fps N --out ...`):
// DIR/ is a folder of numbered PNGs (frame_000000.png, frame_000001.png, ...), FILE.mp4 and
// FILE.gif are encoded from them by ffmpeg (game/core/ffmpeg.hpp). Written whole or not at
// all: the frames go into a temporary folder beside the target, renamed (or encoded) at the
// end; on an error or an interrupt everything temporary is removed.
#include "game/core/ffmpeg.hpp"
#include "render/canvas.hpp"

#include <memory>
#include <optional>
#include <string>

namespace game {

enum class SequenceTarget { folder, mp4, gif };

// What `out` names for a sequence (a trailing '/' or an existing folder; .mp4; .gif), or
// nothing with one line in `error` (a .png, a non-empty folder, a missing parent, ffmpeg
// missing for a video).
std::optional<SequenceTarget> sequence_target(const std::string& out, std::string& error);

// True when `out` names a folder or a video, the targets of a sequence only (so --at can
// say that it writes one PNG).
bool names_sequence_target(const std::string& out);

class SequenceWriter {
 public:
  // Creates the temporary folder; null with `error` set when it cannot.
  static std::unique_ptr<SequenceWriter> open(const std::string& out, SequenceTarget target, int fps,
                                              std::string& error);
  // Writes frame `index` (0, 1, 2, ... in order).
  bool add(std::size_t index, const render::Canvas& frame, std::string& error);
  // Moves the folder into place, or encodes the video; false with `error` set on failure.
  bool finish(std::string& error);
  ~SequenceWriter();  // removes whatever is temporary
  SequenceWriter(const SequenceWriter&) = delete;
  SequenceWriter& operator=(const SequenceWriter&) = delete;

 private:
  SequenceWriter(std::string out, SequenceTarget target, int fps, std::string temp_dir);
  std::string out_;        // the target, without a trailing '/'
  SequenceTarget target_;
  int fps_;
  std::string temp_dir_;   // the frames while they are written
  bool done_ = false;
};

}  // namespace game
