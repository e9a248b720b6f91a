#pragma once
// A rifle carried off the hands' hold (slung across the back for an obstacle move, riding on
// the forearm in the crawl): moved from where the hands hold it toward where it is carried,
// blended by its butt and its direction so it keeps its length all the way.
#include "anim/character_frame.hpp"

namespace anim {

// `held` (world) a share `w` (0..1) of the way to lying from `butt` along the unit `dir`.
RiflePoints rifle_moved_toward(const RiflePoints& held, vec2 butt, vec2 dir, double w);

}  // namespace anim
