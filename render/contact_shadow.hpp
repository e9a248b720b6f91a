#pragma once
// A soldier grounded (issue 15): the ground darkens under each boot as it comes down and under
// the body, the nearer the stronger, so a foot on the ground reads as standing on it.
#include "anim/character_frame.hpp"
#include "anim/terrain.hpp"
#include "render/camera.hpp"
#include "render/canvas.hpp"
#include "render/palette.hpp"

#include <vector>

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

// The same shadows planned once and painted on any band of rows (issue 14: a soldier spans
// several bands, and the ground under each column -- the terrain looked up, the world and
// canvas mapped -- is the same for all of them). Painting a plan is draw_contact_shadow,
// byte for byte, on a canvas whose camera is the plan's with row0 = `row0`.
struct ContactShadowPlan {
  struct Column {
    int x = 0;             // canvas column, px
    float strength = 0.0f; // opacity at the surface, 0..1 (the shadow's strength * its fade across)
    double surface = 0.0;  // canvas y of the ground line before the camera's row0 is taken off, px
  };
  std::vector<Column> columns;  // in draw order: near boot, far boot, body
  float depth = 0.0f;           // px below the surface over which it fades out
  float lift = 0.0f;            // px above the surface line it starts from
  Rgba colour{};
};
// `width`: the canvas's, px (columns past it are left out).
void plan_contact_shadow(ContactShadowPlan& plan, const Camera& camera, int width, const anim::Terrain& terrain,
                         const anim::CharacterFrame& frame, const Palette& palette, const ContactShadowStyle& style = {});
// `canvas`: as wide as the plan's, its row 0 the plan camera's row `row0`.
void paint_contact_shadow(Canvas& canvas, int row0, const ContactShadowPlan& plan);

}  // namespace render
