#pragma once
// PNG files of canvases (ARCHITECTURE.md render/canvas). Errors a user can cause come back
// as one clear line naming the file and why; nothing is ever left half-written.
#include "render/canvas.hpp"

#include <optional>
#include <string>

namespace render {

// Writes `canvas` as an RGBA PNG at `path`, atomically: the bytes go to a temporary file in
// the same directory, which is renamed over `path` only once complete. On failure returns
// false, leaves nothing at `path` (an existing file there is untouched) and no temporary
// file, and sets `error` to one line naming the path and the reason.
bool write_png(const Canvas& canvas, const std::string& path, std::string& error);

// Reads a PNG (or any image stb_image reads) as RGBA8. On failure returns nullopt and sets
// `error` to one line naming the path and the reason.
std::optional<Canvas> read_png(const std::string& path, std::string& error);

}  // namespace render
