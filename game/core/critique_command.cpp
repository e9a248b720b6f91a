// `soldier critique --scenario FILE --at T --out DIR [--reference PNG]` (INTERFACES.md): the
// packet for a vision-model review (reference Rule 9).
#include "game/core/critique_prompts.hpp"
#include "game/core/frame_sheet.hpp"
#include "game/core/headless.hpp"
#include "game/core/output_file.hpp"
#include "render/png_io.hpp"

#include <algorithm>
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

int run_critique(const CritiqueOptions& options) {
  // Everything that can fail on the user's input is checked before anything is written.
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
  const render::Canvas frame = draw_frames_at(*scenario, times, options.width, options.height);

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
