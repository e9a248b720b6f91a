// `soldier critique --scenario FILE --at T --out DIR [--reference PNG]` (INTERFACES.md): the
// packet for a vision-model review (reference Rule 9).
#include "game/core/critique_prompts.hpp"
#include "game/core/frame_sheet.hpp"
#include "game/core/headless.hpp"
#include "game/core/output_file.hpp"
#include "render/png_io.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>

namespace game {
namespace {

bool write_text(const std::string& path, const std::string& text, std::string& error) {
  const std::unique_ptr<OutputFile> file = OutputFile::open(path, error);
  if (!file) return false;
  std::fwrite(text.data(), 1, text.size(), file->stream());
  return file->commit(error);
}

// The frame on the left, the reference on the right, top-aligned, on a neutral grey.
render::Canvas side_by_side(const render::Canvas& frame, const render::Canvas& reference) {
  render::Canvas both(frame.width() + reference.width(), std::max(frame.height(), reference.height()));
  both.clear(render::Rgba{128, 128, 128, 255});
  both.blit(frame, 0, 0);
  both.blit(reference, frame.width(), 0);
  return both;
}

}  // namespace

std::string check_packet_folder(const std::string& out) {
  namespace fs = std::filesystem;
  const fs::path p(out);
  std::error_code ec;
  if (fs::exists(p, ec) && !fs::is_directory(p, ec))
    return "--out " + out + ": is a file; --out names a folder for the packet";
  // A name like x.png reads as a file: a folder of that name would surprise (issue 16).
  std::string ext = p.filename().extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* file_ext : {".png", ".jpg", ".jpeg", ".gif", ".bmp", ".txt", ".csv", ".toml", ".json", ".mp4", ".bvh"}) {
    if (ext == file_ext)
      return "--out " + out + ": names a file; --out names a folder for the packet (frame.png, the prompts ... go "
             "inside it), e.g. --out review/";
  }
  return {};
}

int run_critique(const CritiqueOptions& options) {
  // Everything that can fail on the user's input is checked before anything is written.
  if (const std::string bad = check_packet_folder(options.out); !bad.empty()) {
    report_error(bad);
    return 2;
  }
  const std::optional<Scenario> scenario = load_scenario(options.scenario);
  if (!scenario) return 1;
  const double times[] = {options.at};
  if (const std::string bad = check_times(*scenario, times); !bad.empty()) {
    report_error(bad);
    return 2;
  }
  std::string error;
  std::optional<render::Canvas> reference;
  if (!options.reference.empty()) {
    reference = render::read_png(options.reference, error);
    if (!reference) {
      report_error(error);
      return 1;
    }
  }
  const render::Canvas frame =
      draw_frames_at(*scenario, times, options.width, options.height, scenario->tuning.value_or(anim::Tuning{}));

  std::error_code ec;
  std::filesystem::create_directories(options.out, ec);
  if (ec || !std::filesystem::is_directory(options.out)) {
    report_error(options.out + ": cannot create the folder" + (ec ? " (" + ec.message() + ")" : ""));
    return 1;
  }
  const std::filesystem::path dir(options.out);
  const bool ok = render::write_png(frame, (dir / "frame.png").string(), error) &&
                  (!reference || render::write_png(side_by_side(frame, *reference),
                                                   (dir / "side_by_side.png").string(), error)) &&
                  write_text((dir / "art_director.txt").string(), art_director_prompt(reference.has_value()), error) &&
                  write_text((dir / "animator.txt").string(), animator_prompt(reference.has_value()), error);
  if (!ok) {
    report_error(error);
    return 1;
  }
  return 0;
}

}  // namespace game
