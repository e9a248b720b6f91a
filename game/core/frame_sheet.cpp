#include "game/core/frame_sheet.hpp"

#include "game/core/debug_overlay.hpp"
#include "game/core/progress.hpp"
#include "game/core/thread_pool.hpp"
#include "game/core/world.hpp"
#include "render/palette.hpp"
#include "render/scene.hpp"
#include "render/text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace game {

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

std::string check_sheet_size(std::size_t count, int width, int height) {
  const std::int64_t total_w = static_cast<std::int64_t>(count) * width;
  const std::int64_t pixels = total_w * height;
  if (pixels <= render::kMaxCanvasPixels) return {};
  char buf[240];
  std::snprintf(buf, sizeof buf,
                "%zu frames of %dx%d px side by side make a %lldx%d image (%.0f Mpx, %.1f GiB): more than one PNG may "
                "hold here (%lld Mpx); use fewer --at, a smaller --size, or --from/--to for a sequence",
                count, width, height, static_cast<long long>(total_w), height, static_cast<double>(pixels) / 1e6,
                4.0 * static_cast<double>(pixels) / (1024.0 * 1024.0 * 1024.0),
                render::kMaxCanvasPixels / 1000000);
  return buf;
}

std::int64_t step_showing(const Scenario& scenario, double t) {
  return std::max<std::int64_t>(1, std::llround(t / scenario.dt));
}

void capture_shots(const Scenario& scenario, std::span<const std::int64_t> steps, std::size_t subject,
                   const anim::Tuning& tuning, const std::function<bool(const Shot&)>& on_shot, const char* label,
                   ThreadPool* pool) {
  if (steps.empty()) return;
  std::size_t next = 0;
  LiveMetrics metrics;
  Progress progress(label, steps.back());
  simulate(scenario, [&](const SimStep& step, std::span<const anim::CharacterFrame> frames) {
    if (subject < frames.size()) metrics.add(frames[subject], scenario.terrain);
    while (next < steps.size() && steps[next] == step.index) {
      Shot shot;
      shot.step = step.index;
      shot.t = static_cast<double>(step.index) * scenario.dt;
      shot.frames.assign(frames.begin(), frames.end());
      shot.metrics = metrics;
      if (!on_shot(shot)) return false;
      ++next;
    }
    progress.update(step.index);
    return next < steps.size();  // nothing after the last shot is needed
  }, tuning, pool);
}

int headless_ui_scale(int height) { return std::max(1, static_cast<int>(std::lround(height / 360.0))); }

int overlay_band(const FrameView& view, int height) {
  return view.overlay ? std::min(height / 2, overlay_panel_height(headless_ui_scale(height))) : 0;
}

double view_scale(const FrameView& view, std::span<const Bounds> bounds, int width, int height) {
  if (view.zoom) return *view.zoom;
  height -= overlay_band(view, height);
  double px_per_m = 1e300;
  for (const Bounds& b : bounds) px_per_m = std::min(px_per_m, fit_scale(b, width, height));
  return bounds.empty() ? fit_scale(Bounds{{-0.5, 0.0}, {0.5, 1.8}}, width, height) : px_per_m;
}

render::Canvas draw_shot(const Scenario& scenario, const Shot& shot, const FrameView& view, double px_per_m, int width,
                         int height) {
  const render::Palette palette = render::default_palette();
  const std::size_t subject = view_subject(scenario, view);
  render::Camera camera = view_camera(shot.frames, scenario.terrain, view, subject, px_per_m, width, height);
  // A moving view centres its subject in the part of the frame below the overlay's panel.
  if (!view.center) camera.center_world.y += 0.5 * overlay_band(view, height) / px_per_m;
  render::Canvas panel(width, height);
  render::SceneOptions scene;
  if (view.pool != nullptr) scene.parallel = view.pool->runner();
  render::draw_scene(panel, camera, scenario.terrain, shot.frames, palette, scene);
  const int ui = headless_ui_scale(height);
  if (view.overlay && subject < shot.frames.size()) {
    // The F2 overlay as the window draws it, about the subject (it shows the time itself).
    OverlayInput in;
    in.drawn = shot.frames;
    in.selected = subject;
    in.id = scenario.soldiers[subject].spec.id;
    in.simulated = &shot.frames[subject];
    in.metrics = &shot.metrics;
    in.has_aim = shot.frames[subject].has_aim;
    in.aim_world = shot.frames[subject].aim_world;
    in.sim_time = shot.t;
    in.frame_ms = -1.0;  // no wall clock headless
    in.ui_scale = ui;
    draw_debug_overlay(panel, camera, in);
  } else {
    char label[64];
    std::snprintf(label, sizeof label, "t = %.3f s", shot.t);
    const int s = std::max(1, height / 240);
    render::draw_text(panel, 6 * s, 6 * s, label, palette.text, s);
  }
  return panel;
}

render::Canvas draw_frames_at(const Scenario& scenario, std::span<const double> times, int width, int height,
                              const anim::Tuning& tuning, const FrameView& view) {
  std::vector<std::int64_t> steps;
  for (double t : times) steps.push_back(step_showing(scenario, t));
  std::vector<std::int64_t> sorted = steps;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  const std::size_t subject = view_subject(scenario, view);
  std::map<std::int64_t, Shot> shots;
  capture_shots(scenario, sorted, subject, tuning, [&](const Shot& s) {
    shots.emplace(s.step, s);
    return true;
  }, "render", view.pool);
  std::vector<Bounds> bounds;
  for (const auto& [step, s] : shots) bounds.push_back(view_bounds(s.frames, view, subject));
  const double px_per_m = view_scale(view, bounds, width, height);

  render::Canvas sheet(width * static_cast<int>(times.size()), height);
  for (std::size_t i = 0; i < times.size(); ++i) {
    Shot shot = shots.at(steps[i]);
    shot.t = times[i];  // the label says the time asked for
    sheet.blit(draw_shot(scenario, shot, view, px_per_m, width, height), width * static_cast<int>(i), 0);
  }
  return sheet;
}

}  // namespace game
