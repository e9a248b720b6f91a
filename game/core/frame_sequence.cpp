#include "game/core/frame_sequence.hpp"

#include "game/core/frame_sheet.hpp"

#include <cmath>
#include <cstdio>

namespace game {

std::string check_sequence(const Scenario& scenario, const SequenceRequest& r) {
  char buf[200];
  const double steps_per_s = 1.0 / scenario.dt;
  if (!(std::isfinite(r.from) && r.from >= 0.0 && r.from <= scenario.duration)) {
    std::snprintf(buf, sizeof buf, "--from %g: expected a time within 0..%g s (the scenario's duration)", r.from,
                  scenario.duration);
  } else if (!(std::isfinite(r.to) && r.to > r.from && r.to <= scenario.duration)) {
    std::snprintf(buf, sizeof buf, "--to %g: expected a time after --from %g and within the duration, %g s", r.to,
                  r.from, scenario.duration);
  } else if (r.fps < 1 || r.fps > std::floor(steps_per_s + 1e-9)) {
    std::snprintf(buf, sizeof buf, "--fps %d: expected 1..%.0f (the scenario simulates %.0f steps a second)", r.fps,
                  std::floor(steps_per_s + 1e-9), steps_per_s);
  } else {
    return {};
  }
  return buf;
}

std::vector<double> sequence_times(const SequenceRequest& r) {
  std::vector<double> times;
  // Times are from + k / fps, never a running sum (no drift over a long sequence).
  const auto last = static_cast<std::int64_t>(std::floor((r.to - r.from) * r.fps + 1e-9));
  for (std::int64_t k = 0; k <= last; ++k) times.push_back(r.from + static_cast<double>(k) / r.fps);
  return times;
}

bool draw_sequence(const Scenario& scenario, const SequenceRequest& request, const FrameView& view, int width,
                   int height, const anim::Tuning& tuning,
                   const std::function<bool(std::size_t, const render::Canvas&)>& sink) {
  const std::vector<double> times = sequence_times(request);
  std::vector<std::int64_t> steps;
  for (double t : times) steps.push_back(step_showing(scenario, t));
  const std::size_t subject = view_subject(scenario, view);

  double px_per_m = view.zoom.value_or(0.0);
  if (!view.zoom) {
    std::vector<Bounds> bounds;
    capture_shots(scenario, steps, subject, tuning, [&](const Shot& s) {
      bounds.push_back(view_bounds(s.frames, view, subject));
      return true;
    }, "render (framing)", view.pool);
    px_per_m = view_scale(view, bounds, width, height);
  }
  std::size_t index = 0;
  bool ok = true;
  capture_shots(scenario, steps, subject, tuning, [&](const Shot& s) {
    Shot shot = s;
    shot.t = times[index];
    ok = sink(index, draw_shot(scenario, shot, view, px_per_m, width, height));
    ++index;
    return ok;
  }, "render", view.pool);
  return ok;
}

}  // namespace game
