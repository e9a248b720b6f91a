#pragma once
// Where the headless camera looks: centred on the soldiers of a frame, at a scale that fits
// them with a margin. Used by `soldier render` and the critique packet.
#include "anim/character_frame.hpp"
#include "render/camera.hpp"

#include <span>

namespace game {

struct Bounds {
  anim::vec2 lo{}, hi{};  // world m; lo > hi when empty
};

// Every joint and rifle point of `frames`.
Bounds bounds_of(std::span<const anim::CharacterFrame> frames);

// The largest scale (px per m) at which `b` plus a margin fits a width x height view, but no
// closer than a view 2.4 m tall, so a lone soldier is not blown up to fill the frame.
double fit_scale(const Bounds& b, int width, int height);

// A camera centred on `b` at `px_per_m`, raised if need be so that the bottom of `b` (the
// feet) is no higher than ~2/3 down the view.
render::Camera camera_on(const Bounds& b, double px_per_m, int width, int height);

}  // namespace game
