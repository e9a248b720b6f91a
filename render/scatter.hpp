#pragma once
// Where the scene's scattered things go (clouds, stones, tufts of grass): a stream of numbers
// hashed on a cell index, so each cell of the world always holds the same things -- they stay
// put as the camera moves (the ground shows how fast it scrolls) and a frame is the same
// whenever it is drawn, on any thread. splitmix64 (Steele, Lea & Flood 2014).
#include <cstdint>

namespace render {

class Scatter {
 public:
  // The stream of cell `cell` of the kind `salt` (each kind of thing its own salt).
  Scatter(std::uint64_t cell, std::uint64_t salt) : state_(cell * 0x9E3779B97F4A7C15ull ^ (salt << 17)) {}

  // The next number in [0, 1).
  double unit() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return static_cast<double>((z ^ (z >> 31)) >> 11) * 0x1.0p-53;
  }

 private:
  std::uint64_t state_;
};

}  // namespace render
