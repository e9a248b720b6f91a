#include "game/core/critique_prompts.hpp"

namespace game {
namespace {

std::string images(bool with_reference) {
  return with_reference
             ? "The attached image has two parts: on the LEFT a frame from a game, on the RIGHT the reference "
               "it should match.\n\n"
             : "The attached image is a frame from a game.\n\n";
}

// Rule 9: "Ask for measurements, not impressions", ranked.
const char* kRanked =
    "Give a ranked list, most important first, of at most ten problems. For each: what is wrong, "
    "measured (lightness on a 0-100 scale, sizes as a fraction of the figure's height or in head "
    "heights, distances in pixels, angles in degrees), the value it should have";

}  // namespace

std::string art_director_prompt(bool with_reference) {
  return "You are an art director.\n\n" + images(with_reference) +
         "Critique the game frame's palette, value structure, composition and environment.\n\n" + kRanked +
         (with_reference ? " (read from the reference)" : "") +
         ", and the change that would fix it.\n\nNo praise and no general impressions: numbers.\n";
}

std::string animator_prompt(bool with_reference) {
  return "You are an animator.\n\n" + images(with_reference) +
         "Critique ONLY the figures: their poses and how they hold things. Ignore colour, "
         "background and style.\n\n" +
         kRanked + (with_reference ? " (read from the reference)" : "") +
         ", and the fix stated so a programmer can turn it into a joint angle or an IK target, "
         "for example \"the rear elbow should be below the weapon line\" or \"the head leads the "
         "hips by half a head\".\n\nNo praise and no general impressions: numbers.\n";
}

}  // namespace game
