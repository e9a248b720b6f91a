#pragma once
// Pose -> disc runs -> pixels (ARCHITECTURE.md render/figure, frame step 12). A soldier is a
// list of constant-radius runs in draw order: far arm, far leg, antenna, radio, body (torso,
// carrier, head), strap, near leg, sling, rifle, near arm. The antenna, sling and strap are
// the spring chains of frame.gear (anim/gear), drawn only when valid. Runs end at joints
// ("Drawing with discs"); gear (helmet with its brim, plate carrier, shoulder caps, belt, knee
// pads, and the kit of his role: anim::kit_of(frame.role)) is what makes the figure read as a
// soldier ("Gear is the character"). The rifle -- or the gunner's machine gun -- is drawn from
// frame.rifle, the same points the hands were solved onto (Rule 2b).
#include "anim/character_frame.hpp"
#include "render/camera.hpp"
#include "render/canvas.hpp"
#include "render/palette.hpp"

#include <glm/vec2.hpp>

#include <span>
#include <vector>

namespace render {

// Thicknesses of the drawn body and kit, world metres, for a body 1.78 m tall; a figure of
// another height scales them by height / 1.78. Limbs are as thick as a real person in kit
// (a thin limb is what makes a stick figure); sources: adult circumferences (ANSUR II
// medians) divided by 2 pi, plus clothing.
struct FigureSizes {
  double reference_height = 1.78;  // m, the height the radii below are for
  double thigh = 0.075;            // radius, m: mid-thigh in trousers
  double shank = 0.058;            // radius, m: calf in trousers
  double upper_arm = 0.052;        // radius, m: sleeve over the biceps
  double forearm = 0.045;          // radius, m
  double hand = 0.042;             // radius, m: a gloved fist round the grip
  double shoulder_cap = 0.068;     // radius, m: the deltoid under the carrier strap
  double hips = 0.115;             // radius, m: seat and hips seen from the side
  double abdomen = 0.118;          // radius, m: waist under the carrier
  double carrier = 0.158;          // radius, m: chest plus front and back plates (~0.32 deep)
  double carrier_band = 0.140;     // radius, m: the cummerbund below the plates
  double carrier_collar = 0.118;   // radius, m: the top of the carrier at the shoulders
  double belt = 0.030;             // radius, m: a 6 cm rigger's belt
  double neck = 0.052;             // radius, m
  double head = 0.100;             // radius, m: the skull (0.2 m front to back)
  double helmet = 0.112;           // radius, m: the helmet dome (skull + ~2 cm standoff)
  double knee_pad = 0.050;         // radius, m
  double boot = 0.048;             // radius, m: the boot's sole-to-instep half height
  double highlight_share = 0.5;    // highlight radius / run radius, 0..1
  double rifle_stock = 0.036;      // radius, m
  double rifle_receiver = 0.036;   // radius, m
  double rifle_handguard = 0.028;  // radius, m
  double rifle_barrel = 0.011;     // radius, m
  double rifle_magazine = 0.024;   // radius, m
  double helmet_band = 0.008;      // radius, m: the team's band round the helmet cover
  double eye = 0.011;              // radius, m: eye and socket, dark in the brim's shade
  double brim = 0.012;             // radius, m: the helmet's brim seen edge-on
  double brim_reach = 1.42;        // head radii ahead of the skull centre: the brim juts ~3.5 cm past the
                                   // nose (0.98 + 0.17), a notch of 3-4 px at the sandbox's 100 px/m
  double radio = 0.075;            // radius, m: a manpack radio seen from the side (~0.15 m deep)
  double radio_back = 0.16;        // m behind the spine line, on the carrier's back panel
  double mg_stock = 0.040;         // radius, m: the machine gun's stock
  double mg_receiver = 0.046;      // radius, m
  double mg_handguard = 0.034;     // radius, m
  double mg_barrel = 0.016;        // radius, m: a heavy barrel
  double mg_box = 0.052;           // radius, m: a 200-round box (~0.10 m deep)
  double mg_bipod = 0.008;         // radius, m: folded bipod legs
  double antenna = 0.006;          // radius, m: a radio whip (~8 mm), drawn 12 mm wide to read
  double antenna_tip = 0.011;      // radius, m: the whip's tip cap
  double sling = 0.011;            // radius, m: 25 mm sling webbing seen edge-on, a little twisted
  double strap = 0.012;            // radius, m: a loose 25 mm pouch strap
};

enum class Material : unsigned char { helmet, skin, fabric, gear, boots, rifle, accent };

// One constant-radius run of the figure, canvas px.
struct FigureRun {
  glm::vec2 a{}, b{};           // end points, px (a == b: a disc)
  float radius = 0.0f;          // px, constant along the run
  Material material = Material::fabric;
  int step = 0;                 // ladder step from the base (far limbs kFarStep)
  float highlight = 0.0f;       // highlight radius / radius; 0: none
};

// Level of detail: what a figure leaves out when it is small on screen, in one place.
//
// Rule: a run whose radius is below min_highlight_radius_px is drawn without its tangent
// highlight. The highlight is the run's radius * highlight_share (0.5) moved to touch the
// lit outline, so below 1.5 px it is under 0.75 px in radius: with the one-pixel coverage
// ramp its core never reaches full coverage and it reads as a faint tint of one or two edge
// pixels, a detail that cannot be seen (sub-pixel detail is below what the eye resolves
// at 1:1), while it costs as much to scan as the run itself (issue 2: 1000 soldiers in a
// 60 Hz frame; at 24 px/m highlights were 45% of the shapes drawn). The silhouette is
// unchanged: a highlight lies inside its run and only recolours it.
//
// It never applies to figures >= 140 px tall (contact sheets, the 160 px/m camera): there
// the thinnest highlighted run (hand, 0.042 m of 1.78 m) is >= 3.3 px in radius.
struct FigureLod {
  float min_highlight_radius_px = 1.5;  // px; 0: every highlight drawn (no level of detail)
  bool chains = true;                   // the spring chains (antenna, sling, strap) drawn;
                                        // render/detail.hpp leaves them out of a far soldier

  static FigureLod none() { return {0.0f}; }
};

// The value ladder a run of `m` is painted from (accent: team `team`'s).
const Ladder& ladder_of(const Palette& p, Material m, int team);

// The runs of a soldier in draw order. Consecutive runs of one material and step form one
// batch that is composited once (no seams where they meet).
std::vector<FigureRun> figure_runs(const Camera& camera, const anim::CharacterFrame& frame,
                                   const FigureSizes& sizes = {}, const FigureLod& lod = {});

struct FigureTiles;  // render/figure_tiles.hpp

// Paints runs in order: each batch of one colour composited once with its max coverage, then
// its tangent highlights one ladder step lighter on the side facing palette.light. Accent
// runs take team `team`'s accent ladder. `scratch`: the tiles of coverage to reuse
// (render/figure_tiles.hpp; any canvas size).
void paint_figure_runs(Canvas& canvas, std::span<const FigureRun> runs, const Palette& palette, FigureTiles& scratch,
                       int team = 0);

// Draws one soldier. The first form makes its own scratch; the second reuses the caller's,
// which is what a frame of many soldiers should do.
void draw_soldier(Canvas& canvas, const Camera& camera, const anim::CharacterFrame& frame, const Palette& palette);
void draw_soldier(Canvas& canvas, const Camera& camera, const anim::CharacterFrame& frame, const Palette& palette,
                  FigureTiles& scratch, const FigureSizes& sizes = {}, const FigureLod& lod = {});

}  // namespace render
