#include "game/core/frame_sheet.hpp"

#include "game/core/framing.hpp"
#include "game/core/progress.hpp"
#include "game/core/world.hpp"
#include "render/palette.hpp"
#include "render/scene.hpp"
#include "render/text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace game {
namespace {

// The frames of every soldier at one requested time.
struct Capture {
  std::int64_t step = 0;  // the step whose frames show time `t`
  double t = 0.0;         // s, as requested
  std::vector<anim::CharacterFrame> frames;
};

std::vector<Capture> capture(const Scenario& scenario, std::span<const double> times, const anim::Tuning& tuning) {
  std::vector<Capture> captures;
  std::int64_t last = 0;
  for (double t : times) {
    captures.push_back(Capture{std::max<std::int64_t>(1, std::llround(t / scenario.dt)), t, {}});
    last = std::max(last, captures.back().step);
  }
  Progress progress("render", last);
  simulate(scenario, [&](const SimStep& step, std::span<const anim::CharacterFrame> frames) {
    for (Capture& c : captures)
      if (c.step == step.index) c.frames.assign(frames.begin(), frames.end());
    progress.update(step.index);
    return step.index < last;  // nothing after the last capture is needed
  }, tuning);
  return captures;
}

}  // namespace

std::string check_times(const Scenario& scenario, std::span<const double> times) {
  for (double t : times) {
    if (std::isfinite(t) && t >= 0.0 && t <= scenario.duration) continue;
    char buf[160];
    std::snprintf(buf, sizeof buf, "--at %g: expected a time within 0..%g s (the scenario's duration)", t,
                  scenario.duration);
    return buf;
  }
  return {};
}

std::string check_sheet_size(int width, int height, std::size_t count) {
  const double pixels = static_cast<double>(width) * static_cast<double>(height) * static_cast<double>(count);
  if (pixels <= static_cast<double>(render::kMaxCanvasPixels)) return {};
  char buf[200];
  std::snprintf(buf, sizeof buf, "%zu frames of %dx%d px make a %.0f Mpx sheet; the most is %lld Mpx (use fewer --at "
                "times or a smaller --size)", count, width, height, pixels / 1e6, render::kMaxCanvasPixels / 1000000);
  return buf;
}

render::Canvas draw_frames_at(const Scenario& scenario, std::span<const double> times, int width, int height,
                              const anim::Tuning& tuning) {
  const std::vector<Capture> captures = capture(scenario, times, tuning);
  double px_per_m = 1e300;
  for (const Capture& c : captures) px_per_m = std::min(px_per_m, fit_scale(bounds_of(c.frames), width, height));

  const render::Palette palette = render::default_palette();
  const int label_scale = std::max(1, height / 240);
  render::Canvas sheet(width * static_cast<int>(captures.size()), height);
  for (std::size_t i = 0; i < captures.size(); ++i) {
    const Capture& c = captures[i];
    render::Canvas panel(width, height);
    render::draw_scene(panel, camera_on(bounds_of(c.frames), px_per_m, width, height), scenario.terrain, c.frames,
                       palette);
    char label[64];
    std::snprintf(label, sizeof label, "t = %.3f s", c.t);
    render::draw_text(panel, 6 * label_scale, 6 * label_scale, label, palette.text, label_scale);
    sheet.blit(panel, width * static_cast<int>(i), 0);
  }
  return sheet;
}

}  // namespace game
