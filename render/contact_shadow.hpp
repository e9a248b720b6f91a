#pragma once
// A soldier grounded (issue 15): the ground darkens under each boot as it comes down and under
// the body, the nearer the stronger, so a foot on the ground reads as standing on it.
#include "anim/character_frame.hpp"
#include "anim/terrain.hpp"
#include "render/camera.hpp"
#include "render/canvas.hpp"
#include "render/palette.hpp"

namespace render {

struct ContactShadowStyle {
  double strength = 0.75;      // opacity of palette.contact_shadow under a planted boot, 0..1
  double fade_height = 0.25;   // m of a sole above the ground at which its shadow is gone
  double margin = 0.04;        // m the shadow reaches past the boot's heel and toe
  double depth = 0.05;         // m below the surface over which it fades out
  double body_strength = 0.30; // opacity under the body, 0..1
  double body_half = 0.30;     // m: half the width of the body's shadow
};

// The shadows of one soldier on the ground below the terrain's surface (drawn before him).
void draw_contact_shadow(Canvas& canvas, const Camera& camera, const anim::Terrain& terrain,
                         const anim::CharacterFrame& frame, const Palette& palette, const ContactShadowStyle& style = {});

}  // namespace render
