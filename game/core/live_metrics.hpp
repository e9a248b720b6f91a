#pragma once
// The debug overlay's live Rule 8 measurements ("measure it, because you cannot watch it")
// and contact timeline, fed one simulated frame at a time. The same quantities as
// anim::measure_gait, but for the frame just simulated, so a value turns red the moment it
// breaks its limit.
#include "anim/character_frame.hpp"
#include "anim/metrics.hpp"
#include "anim/terrain.hpp"

#include <array>
#include <deque>
#include <string_view>

namespace game {

// The limits of Rule 8 (issue 4): a measurement past its limit is a violation.
struct Rule8Limits {
  double foot_drift = 0.001;      // m: a planted foot's bearing point may not slide more than 1 mm
  double knee_bend = 0.0;        // m^2 (cross product): a knee bent backwards is < 0
  double hip_over_leg = 0.8;     // leg lengths: the hip may not sink below this over the ground
  double bone_error = 1e-6;      // m: bones keep their lengths
  double limb_overlength = 1e-6; // m: a limb may not reach past its length
};

enum class Rule8 : std::size_t { foot_drift, knee_bend, hip_over_leg, bone_error, limb_overlength, count };
inline constexpr std::size_t kRule8Count = static_cast<std::size_t>(Rule8::count);
std::string_view rule8_name(Rule8 r);

struct Rule8Reading {
  std::array<double, kRule8Count> value{};     // this frame
  std::array<bool, kRule8Count> violated{};    // this frame
  std::array<double, kRule8Count> worst{};     // since the monitor started
  std::array<int, kRule8Count> violations{};   // frames in violation since the start
  bool turning = false;  // mid-turn: bone lengths are foreshortened on purpose, not checked
};

class LiveMetrics {
 public:
  static constexpr std::size_t kHistory = 240;  // steps of contact timeline (2 s at 120 Hz)

  // One simulated frame (in order, one soldier).
  void add(const anim::CharacterFrame& f, const anim::Terrain& terrain, const Rule8Limits& limits = {});

  const Rule8Reading& reading() const { return reading_; }
  // Contact flags of the last kHistory frames, oldest first, [near, far].
  const std::deque<std::array<bool, 2>>& contacts() const { return contacts_; }

 private:
  Rule8Reading reading_;
  anim::ContactDrift drift_;
  std::deque<std::array<bool, 2>> contacts_;
  std::array<bool, kRule8Count> seeded_{};  // that rule's worst holds a reading
};

}  // namespace game
