#pragma once
// Encoding a PNG sequence into a video with the `ffmpeg` program (Debian's ffmpeg package,
// installed by scripts/install-deps.sh): the project links no codec, it runs the program.
#include <string>

namespace game {

enum class VideoFormat { mp4, gif };

// The full path of `program` found on PATH, or empty.
std::string find_program(const std::string& program);

// Empty when ffmpeg is on PATH; else the one line saying it is missing and how to get it.
std::string check_ffmpeg(const std::string& out);

// Runs ffmpeg on frames_dir/frame_%06d.png at `fps` into `out` (any name: the format is
// given explicitly). mp4: H.264, yuv420p, sides padded to even; gif: a palette made from the
// frames. False with one line in `error` (ffmpeg's own last line) when it fails.
bool encode_video(const std::string& frames_dir, int fps, VideoFormat format, const std::string& out,
                  std::string& error);

}  // namespace game
