#include "anim/gait/pelvis_seam.hpp"

#include <cmath>

#include "anim/vec.hpp"

namespace anim {

double ease_pelvis_seams(PelvisSeam& seam, double model, double dt, double jump_accel, double ease_time, int formula) {
  auto remaining = [&] {
    return seam.age < ease_time ? seam.offset * (1.0 - smootherstep01(seam.age / ease_time)) : 0.0;
  };
  if (!(dt > 0.0)) return model + remaining();
  if (seam.seen) {
    // (the model's change this step against the change its last speed makes: a steady
    // gait's departs by its acceleration times dt^2)
    const double change = model - seam.last;
    const double departure = change - seam.speed * dt;
    // (two in a row are no step but a change of the model's speed: it is taken as it is; a
    // change of formula is a step whatever its size)
    const bool step = formula != seam.formula || (std::abs(departure) > jump_accel * dt * dt && !seam.stepped);
    if (step) {
      seam.offset = remaining() - departure;
      seam.age = 0.0;  // (and the speed goes on as it was: the model's own)
    } else {
      seam.speed = change / dt;
    }
    seam.stepped = step;
  }
  seam.last = model;
  seam.seen = true;
  seam.formula = formula;
  const double eased = model + remaining();
  seam.age += dt;
  return eased;
}

}  // namespace anim
