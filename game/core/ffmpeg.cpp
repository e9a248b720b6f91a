#include "game/core/ffmpeg.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <vector>

namespace game {

std::string find_program(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return {};
}

std::string check_ffmpeg(const std::string& out) {
  if (!find_program("ffmpeg").empty()) return {};
  return "--out " + out + " is encoded by the ffmpeg program, which is not installed (Debian: apt-get install "
         "ffmpeg, or scripts/install-deps.sh); --out DIR/ writes the PNG frames without it";
}

namespace {

// The last non-empty line of a file (ffmpeg's error), flattened to one line.
std::string last_line(const std::string& path) {
  std::ifstream in(path);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  return last;
}

}  // namespace

bool encode_video(const std::string& frames_dir, int fps, VideoFormat format, const std::string& out,
                  std::string& error) {
  const std::string ffmpeg = find_program("ffmpeg");
  if (ffmpeg.empty()) {
    error = check_ffmpeg(out);
    return false;
  }
  const std::string rate = std::to_string(fps);
  std::vector<std::string> args = {ffmpeg, "-nostdin", "-y", "-loglevel", "error", "-framerate", rate,
                                   "-i", frames_dir + "/frame_%06d.png"};
  if (format == VideoFormat::mp4) {
    // yuv420p plays everywhere and needs even sides; crf 18 is visually lossless for x264.
    for (const char* a : {"-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf",
                          "18", "-movflags", "+faststart", "-f", "mp4"})
      args.emplace_back(a);
  } else {
    for (const char* a : {"-vf", "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer", "-f",
                          "gif"})
      args.emplace_back(a);
  }
  args.push_back(out);

  const std::string log = out + ".log";
  const pid_t pid = ::fork();
  if (pid < 0) {
    error = std::string("cannot start ffmpeg: ") + std::strerror(errno);
    return false;
  }
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      ::dup2(fd, STDERR_FILENO);
      ::dup2(fd, STDOUT_FILENO);
      ::close(fd);
    }
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    std::_Exit(127);
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  const std::string why = last_line(log);
  std::remove(log.c_str());
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return true;
  error = "ffmpeg could not encode " + out + (why.empty() ? std::string() : ": " + why);
  return false;
}

}  // namespace game
