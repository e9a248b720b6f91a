#include "anim/character_frame.hpp"

#include <array>

namespace anim {

std::string_view state_name(State s) {
  static constexpr std::array<std::string_view, 12> kNames = {
      "stand", "walk", "run", "crouch", "prone", "kneel", "climb", "vault", "ladder", "ragdoll", "getup", "drop"};
  return kNames[static_cast<std::size_t>(s)];
}

std::string_view role_name(Role r) {
  static constexpr std::array<std::string_view, 3> kNames = {"rifleman", "radioman", "gunner"};
  return kNames[static_cast<std::size_t>(r)];
}

}  // namespace anim
