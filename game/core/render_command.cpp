// `soldier render --scenario FILE --at T [--at T ...] --out PNG [--size WxH]` (INTERFACES.md).
#include "game/core/frame_sheet.hpp"
#include "game/core/headless.hpp"
#include "render/png_io.hpp"

namespace game {

int run_render(const RenderOptions& options) {
  const std::optional<Scenario> scenario = load_scenario(options.scenario);
  if (!scenario) return 1;
  const std::optional<anim::Tuning> tuning = load_tuning(options.tuning);
  if (!tuning) return 1;
  if (const std::string bad = check_times(*scenario, options.at); !bad.empty()) {
    report_error(bad);
    return 2;
  }
  if (const std::string bad = check_sheet_size(options.width, options.height, options.at.size()); !bad.empty()) {
    report_error(bad);
    return 2;
  }
  const render::Canvas sheet = draw_frames_at(*scenario, options.at, options.width, options.height, *tuning);
  std::string error;
  if (!render::write_png(sheet, options.out, error)) {
    report_error(error);
    return 1;
  }
  return 0;
}

}  // namespace game
