#pragma once
// The camera of a headless frame (`soldier render --follow ID --zoom PX_PER_M --center X,Y
// --overlay`, INTERFACES.md): which soldier it is about, its scale and where it looks.
// Without flags it frames every soldier, as before; a scenario with soldiers far apart then
// shows them small, which --follow and --zoom answer (issue 16).
#include "anim/character_frame.hpp"
#include "anim/terrain.hpp"
#include "game/core/framing.hpp"
#include "game/core/scenario.hpp"
#include "render/camera.hpp"

#include <optional>
#include <span>
#include <string>

namespace game {

class ThreadPool;

struct FrameView {
  std::string follow;                 // soldier id the camera follows; empty: every soldier
  std::optional<double> zoom;         // px per m; none: the largest scale that fits
  std::optional<anim::vec2> center;   // world point at the frame's centre, m; none: moves
  bool overlay = false;               // the F2 debug overlay, about the subject soldier
  ThreadPool* pool = nullptr;         // the threads the frames are simulated and drawn on
                                      // (--threads; not owned); null: the calling thread
};

// The range --zoom takes, px per m: from a 1.78 m soldier ~9 px tall to his head filling a
// 4K frame.
inline constexpr double kMinZoom = 5.0;
inline constexpr double kMaxZoom = 2000.0;

// Empty when `view` fits `scenario` (the followed id exists, --zoom in range, not both
// --follow and --center); else one line naming the problem.
std::string check_view(const Scenario& scenario, const FrameView& view);

// The soldier the view is about: the followed one, else the first.
std::size_t view_subject(const Scenario& scenario, const FrameView& view);

// What the scale is fitted to in one frame: the followed soldier, or all of them.
Bounds view_bounds(std::span<const anim::CharacterFrame> frames, const FrameView& view, std::size_t subject);

// The camera of one frame at `px_per_m`: on --center, on the followed soldier (his body x,
// half his height above the ground's level there, so his bob and his limbs do not shake
// the view), or on the bounds of every soldier.
render::Camera view_camera(std::span<const anim::CharacterFrame> frames, const anim::Terrain& terrain,
                           const FrameView& view, std::size_t subject, double px_per_m, int width, int height);

}  // namespace game
