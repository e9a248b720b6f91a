#include "game/core/headless_view.hpp"

#include <cmath>
#include <cstdio>

namespace game {

std::string check_view(const Scenario& scenario, const FrameView& view) {
  if (!view.follow.empty() && view.center) return "give --follow or --center, not both";
  if (view.zoom && !(*view.zoom >= kMinZoom && *view.zoom <= kMaxZoom)) {
    char buf[120];
    std::snprintf(buf, sizeof buf, "--zoom %g: expected %g..%g px per m", *view.zoom, kMinZoom, kMaxZoom);
    return buf;
  }
  if (view.follow.empty()) return {};
  std::string ids;
  for (const SoldierScript& s : scenario.soldiers) {
    if (s.spec.id == view.follow) return {};
    ids += (ids.empty() ? "" : ", ") + s.spec.id;
  }
  return "--follow " + view.follow + ": no soldier of that id in the scenario (its ids: " + ids + ")";
}

std::size_t view_subject(const Scenario& scenario, const FrameView& view) {
  for (std::size_t i = 0; i < scenario.soldiers.size(); ++i)
    if (scenario.soldiers[i].spec.id == view.follow) return i;
  return 0;
}

Bounds view_bounds(std::span<const anim::CharacterFrame> frames, const FrameView& view, std::size_t subject) {
  if (!view.follow.empty() && subject < frames.size()) return bounds_of(frames.subspan(subject, 1));
  return bounds_of(frames);
}

render::Camera view_camera(std::span<const anim::CharacterFrame> frames, const anim::Terrain& terrain,
                           const FrameView& view, std::size_t subject, double px_per_m, int width, int height) {
  if (view.center) return render::Camera{*view.center, px_per_m, width, height};
  if (!view.follow.empty() && subject < frames.size()) {
    const anim::CharacterFrame& f = frames[subject];
    const double x = std::isfinite(f.x) ? f.x : 0.0;
    const anim::vec2 centre{x, terrain.level_at(x) + 0.5 * f.body_size.height};
    return render::Camera{centre, px_per_m, width, height};
  }
  return camera_on(bounds_of(frames), px_per_m, width, height);
}

}  // namespace game
