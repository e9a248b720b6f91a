#pragma once
// Every scalar constant of anim::Tuning with its section, name, unit and slider range, in
// one table: the tuning file (tuning_file.cpp) and the F3 panel (game/tuning_panel.cpp)
// both walk it, so a field added here is saved, loaded and shown. The units and ranges are
// copied from the comments of the tuning structs anim/tuning.hpp gathers.
#include "anim/tuning.hpp"

#include <span>
#include <string_view>

namespace game {

struct TuningField {
  std::string_view section;  // TOML table: body, gait, posture, rifle
  std::string_view name;     // key, as the C++ member is named
  std::string_view unit;     // shown in the panel label, e.g. "m/s^2"
  double lo, hi;             // valid range (file loads outside it are errors)
  double& (*access)(anim::Tuning&);  // the field inside a Tuning
};

struct TuningCurve {
  std::string_view section;  // gait or torso
  std::string_view name;     // cadence_spm, stance_fraction, swing_lift, swing_peak
  std::string_view unit;     // of the values; the speeds are m/s
  double lo, hi;             // range of the values
  anim::SpeedCurve& (*access)(anim::Tuning&);
};

std::span<const TuningField> tuning_fields();
std::span<const TuningCurve> tuning_curves();

// The sections in the order the file and the panel show them.
std::span<const std::string_view> tuning_sections();

}  // namespace game
