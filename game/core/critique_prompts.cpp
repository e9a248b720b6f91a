#include "game/core/critique_prompts.hpp"

namespace game {
namespace {

std::string reference_image(bool with_reference) {
  return with_reference ? "- side_by_side.png: the same still on the LEFT, on the RIGHT the reference it should match.\n"
                        : "";
}

// Rule 9: "Ask for measurements, not impressions", ranked.
std::string ranked(bool with_reference, const char* measures, const char* fix, const char* form) {
  return std::string("Give a ranked list, most important first, of at most ten problems. For each:\n"
                     "- what is wrong and where, measured: ") +
         measures + ";\n- the value it should have" + (with_reference ? ", read from the reference" : "") +
         ";\n- " + fix + ".\nWrite each as: " + form +
         "\n\nNo praise and no general impressions: numbers.\n";
}

}  // namespace

std::string art_director_prompt(bool with_reference) {
  return "You are an art director.\n\nImages:\n- frame.png: a still from a 2D side-view game.\n" +
         reference_image(with_reference) +
         "\nJudge the palette, the value structure (the planes of lightness and how they separate), the "
         "composition of the frame, and the environment (sky, distant planes, ground, props).\n\n" +
         ranked(with_reference,
                "lightness as CIE L* (0-100), hue and saturation where they matter, areas as a share of the frame, "
                "positions and sizes as fractions of the frame's width or height or in pixels",
                "the change that would get it there",
                "\"<what, where>: <measured now> -> <target>; <change>\".");
}

std::string animator_prompt(bool with_reference) {
  return "You are an animator.\n\nImages:\n- frame.png: a still from a 2D side-view game.\n"
         "- contact_sheet.png: one full walk cycle and one full run cycle, one row each, as stills from left to "
         "right; the bars under a row show when each foot is on the ground.\n" +
         reference_image(with_reference) +
         "\nJudge only the figures: their poses, balance and weight, the timing across the stills, where the feet "
         "meet the ground, and how they hold and aim what they carry.\n\n" +
         ranked(with_reference,
                "joint angles in degrees, lengths in head heights or as a share of the figure's height, distances "
                "in pixels, and which figure, or which row and still of the sheet",
                "the fix as a joint angle or a target position a programmer can set",
                "\"<figure or row and still>, <joint or part>: <measured now> -> <target>\".");
}

}  // namespace game
