#include "game/core/play_frame.hpp"

#include "game/core/debug_overlay.hpp"
#include "game/core/hud.hpp"
#include "render/coverage_layer.hpp"
#include "render/figure.hpp"
#include "render/scene.hpp"

#include <algorithm>
#include <cmath>

namespace game {

int ui_scale(const ViewSize& view) { return std::max(1, static_cast<int>(std::lround(2.0 * view.dpi_scale))); }

void draw_world_layer(render::Canvas& canvas, const PlaySession& session, const ViewSize& view,
                      const render::Palette& palette, const FrameStats& stats) {
  const render::Camera cam = session.camera(view);
  const anim::Terrain& terrain = session.world().terrain();
  const std::vector<anim::CharacterFrame> frames = session.drawn_frames();
  // The one scene drawing `soldier render` uses too, so F12 and a headless frame agree; the
  // selected soldier is marked in it.
  render::SceneOptions scene;
  scene.selected = static_cast<int>(session.selected());
  scene.detail = session.detail();
  if (session.pool() != nullptr) scene.parallel = session.pool()->runner();
  render::draw_scene(canvas, cam, terrain, frames, palette, scene);

  if (session.toggles().overlay) {
    OverlayInput in;
    in.drawn = frames;
    in.selected = session.selected();
    in.id = session.id(session.selected());
    in.simulated = &session.frames()[session.selected()];
    in.metrics = &session.metrics(session.selected());
    in.has_aim = session.aiming();
    in.aim_world = session.aim_world();
    in.sim_time = session.sim_time();
    in.frame_ms = stats.frame_ms;
    in.ui_scale = ui_scale(view);
    in.detail = session.detail();
    draw_debug_overlay(canvas, cam, in);
  }
}

void draw_hud_layer(render::Canvas& canvas, const PlaySession& session, const ViewSize& view, const FrameStats& stats) {
  const std::vector<anim::CharacterFrame> frames = session.drawn_frames();
  HudInput in;
  in.selected_index = session.selected();
  in.soldiers = frames.size();
  for (render::Detail d : session.detail()) ++in.per_detail[static_cast<std::size_t>(d)];
  in.frame_ms = stats.frame_ms;
  in.notes = session.notes();
  in.paused = session.paused();
  in.time_scale = session.time_scale();
  in.sim_time = session.sim_time();
  in.pad_connected = session.pad_connected();
  in.show_help = session.toggles().help;
  in.notes_left = session.toggles().overlay ? overlay_panel_width(ui_scale(view)) : 0;
  in.pad_aim = session.aim_from_pad();
  in.aim_world = session.aim_world();
  in.recording = session.recording() ? session.recording_seconds() : -1.0;
  in.ui_scale = ui_scale(view);
  if (session.selected() < frames.size()) {
    in.state = std::string(anim::state_name(frames[session.selected()].state));
    in.speed_capped = frames[session.selected()].speed_capped;
  }
  draw_hud(canvas, session.camera(view), in);
}

}  // namespace game
