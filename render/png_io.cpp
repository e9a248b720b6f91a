#include "render/png_io.hpp"

#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

namespace render {

namespace {

struct WriteState {
  std::FILE* file = nullptr;
  bool failed = false;
  int error_number = 0;
};

void write_bytes(void* context, void* data, int size) {
  auto* state = static_cast<WriteState*>(context);
  if (state->failed || size <= 0) return;
  if (std::fwrite(data, 1, static_cast<std::size_t>(size), state->file) != static_cast<std::size_t>(size)) {
    state->failed = true;
    state->error_number = errno;
  }
}

std::string reason(int error_number) { return error_number != 0 ? std::strerror(error_number) : "unknown error"; }

// SIGINT, SIGTERM and SIGHUP held back while the temporary exists (issue 17: a file is whole
// or absent, even when interrupted): one that arrives meanwhile acts once the temporary is
// renamed or removed. Encoding takes at most about a second, so nobody waits for it.
class InterruptsHeld {
 public:
  InterruptsHeld() {
    sigset_t held;
    sigemptyset(&held);
    for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&held, s);
    pthread_sigmask(SIG_BLOCK, &held, &previous_);
  }
  ~InterruptsHeld() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }
  InterruptsHeld(const InterruptsHeld&) = delete;
  InterruptsHeld& operator=(const InterruptsHeld&) = delete;

 private:
  sigset_t previous_;
};

}  // namespace

bool write_png(const Canvas& canvas, const std::string& path, std::string& error) {
  const std::string what = "cannot write PNG '" + path + "': ";
  if (path.empty()) {
    error = "cannot write PNG: empty path";
    return false;
  }
  if (canvas.width() <= 0 || canvas.height() <= 0) {
    error = what + "the image is empty (" + std::to_string(canvas.width()) + "x" + std::to_string(canvas.height()) + ")";
    return false;
  }
  const InterruptsHeld held;
  // The temporary name lives next to the target so the final rename cannot cross file
  // systems; mkstemps makes the name unique without any shared counter (no globals).
  std::string tmp = path + ".XXXXXX.tmp";
  std::vector<char> name(tmp.begin(), tmp.end());
  name.push_back('\0');
  const int fd = mkstemps(name.data(), 4);
  if (fd < 0) {
    error = what + reason(errno);
    return false;
  }
  tmp.assign(name.data());
  auto fail = [&](const std::string& why) {
    std::remove(tmp.c_str());
    error = what + why;
    return false;
  };
  WriteState state;
  state.file = fdopen(fd, "wb");
  if (state.file == nullptr) {
    const int e = errno;
    close(fd);
    return fail(reason(e));
  }
  const int ok = stbi_write_png_to_func(write_bytes, &state, canvas.width(), canvas.height(), 4, canvas.data(),
                                        canvas.width() * 4);
  if (std::fflush(state.file) != 0 && !state.failed) {
    state.failed = true;
    state.error_number = errno;
  }
  if (std::fclose(state.file) != 0 && !state.failed) {
    state.failed = true;
    state.error_number = errno;
  }
  if (!ok) return fail("PNG encoding failed");
  if (state.failed) return fail(reason(state.error_number));
  // mkstemps creates the file 0600; give the image the usual permissions.
  ::chmod(tmp.c_str(), 0644);
  if (std::rename(tmp.c_str(), path.c_str()) != 0) return fail(reason(errno));
  return true;
}

std::optional<Canvas> read_png(const std::string& path, std::string& error) {
  const std::string what = "cannot read PNG '" + path + "': ";
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    error = what + reason(errno);
    return std::nullopt;
  }
  int w = 0, h = 0, channels = 0;
  // The size first, from the header alone (issue 17: image sizes are limited up front).
  if (stbi_info_from_file(f, &w, &h, &channels) &&
      static_cast<long long>(w) * static_cast<long long>(h) > kMaxCanvasPixels) {
    std::fclose(f);
    error = what + std::to_string(w) + "x" + std::to_string(h) + " px is larger than the " +
            std::to_string(kMaxCanvasPixels / 1000000) + " Mpx an image may have";
    return std::nullopt;
  }
  stbi_uc* pixels = stbi_load_from_file(f, &w, &h, &channels, 4);
  std::fclose(f);
  if (pixels == nullptr) {
    const char* why = stbi_failure_reason();
    error = what + (why != nullptr ? why : "not a readable image");
    return std::nullopt;
  }
  Canvas canvas(w, h);
  std::memcpy(canvas.data(), pixels, static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
  stbi_image_free(pixels);
  return canvas;
}

}  // namespace render
