#pragma once
// A shot that reads in a still (issue 15): for a few hundredths of a second after a shot a
// muzzle flash -- a white-hot core and yellow petals along and across the bore, shrinking --
// and for a few tenths the spent case flying up and back out of the receiver. Both from
// frame.since_shot, so a frame shows them whenever it is drawn.
#include "anim/character_frame.hpp"
#include "render/camera.hpp"
#include "render/canvas.hpp"
#include "render/coverage_layer.hpp"
#include "render/palette.hpp"

namespace render {

struct FiringStyle {
  double flash_time = 0.05;    // s a flash lasts (a 5.56 mm flash is over in ~1-2 ms; a
                               // picture's flash must survive three 60 Hz frames)
  double flash_length = 0.26;  // m, the forward petal at the start of the flash
  double flash_radius = 0.024; // m, its run radius; the core and side petals scale from it
  double case_time = 0.35;     // s the ejected case stays in the air
  double case_speed_back = 1.3;  // m/s backward
  double case_speed_up = 2.6;    // m/s upward
  double case_radius = 0.009;    // m (>= 0.8 px)
};

// The flash and the case of `frame`'s last shot, if it is recent (frame.since_shot >= 0).
// `scratch` must be the canvas's size.
void draw_firing(Canvas& canvas, const Camera& camera, const anim::CharacterFrame& frame, const Palette& palette,
                 CoverageLayer& scratch, const FiringStyle& style = {});

}  // namespace render
