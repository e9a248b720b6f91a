#pragma once
// Where the soldier's loose gear is this step (issue 6, ARCHITECTURE.md step 11): the spring
// chains of anim/gear as world points, for the figure and the trace. Plain data; world m.
#include "anim/vec.hpp"

#include <array>
#include <cstddef>
#include <span>
#include <string_view>

namespace anim {

inline constexpr std::size_t kAntennaLinks = 5;  // a whip of 5 spring links
inline constexpr std::size_t kSlingLinks = 6;    // a sling of 6 links, both ends on the rifle
inline constexpr std::size_t kStrapLinks = 3;    // a short strap of 3 links

// One chain by name, base first: what the trace writes as spring_<name>_<i>_x, _y.
struct GearChainView {
  std::string_view name;
  std::span<const vec2> points;
};

struct GearPoints {
  bool valid = false;  // set by step_gear; a frame without gear (a hand-made pose) draws none
  std::array<vec2, kAntennaLinks + 1> antenna{};  // base on the carrier's back -> tip
  std::array<vec2, kSlingLinks + 1> sling{};      // rear swivel (stock) -> front swivel (handguard)
  std::array<vec2, kStrapLinks + 1> strap{};      // buckle on the belt's back -> loose end

  // The chains in trace order; every point in every frame, valid or not, so the trace's
  // columns never change.
  std::array<GearChainView, 3> chains() const {
    return {{{"antenna", antenna}, {"sling", sling}, {"strap", strap}}};
  }
};

}  // namespace anim
