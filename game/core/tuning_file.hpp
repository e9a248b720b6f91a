#pragma once
// The tuning file: anim::Tuning as TOML (assets/tuning/*.toml), read by `soldier play`,
// `soldier render`, `soldier trace` and the F3 panel's Load, written by its Save. Keys are
// the C++ member names, one table per section of anim::Tuning (game/core/tuning_fields.hpp:
// [body], [gait], [posture], [torso], [lean], [look], [head], [aim], [carry], [rifle],
// [recoil], [gear]) and one subtable per speed curve ([gait.cadence_spm] speed = [...],
// value = [...]). A key left
// out keeps its default, so a file may hold only what was tuned. Unknown keys, wrong types
// and values out of range are errors that name the file and line.
#include "anim/tuning.hpp"
#include "game/core/toml_reader.hpp"

#include <string>
#include <string_view>
#include <variant>

namespace game {

struct TuningError {
  std::string message;  // one line: "FILE:LINE: KEY: what was expected"
};
using TuningResult = std::variant<anim::Tuning, TuningError>;

// Parses TOML text over `base` (keys absent from the text keep base's values).
TuningResult parse_tuning_text(std::string_view text, const std::string& source_name,
                               const anim::Tuning& base = {});
TuningResult load_tuning_file(const std::string& path, const anim::Tuning& base = {});

// Every field and curve, with the shortest decimals that read back to the same double. With
// a prefix the tables are named under it ([tuning.body], ...), as a scenario embeds them.
std::string tuning_to_toml(const anim::Tuning& tuning, std::string_view prefix = {});

// The tables of a tuning file read from `root` into `tuning`; keys in messages are named
// under `prefix` ("tuning.gait.knee_slack" for a scenario's [tuning] table). Throws
// TomlFailure (game/core/toml_reader.hpp) like the reader.
void read_tuning_tables(const TomlReader& r, const toml::table& root, std::string_view prefix, anim::Tuning& tuning);

// Every field and curve the file holds is equal (what a saved file would tell apart).
bool same_tuning(const anim::Tuning& a, const anim::Tuning& b);

// Writes atomically (nothing half-written), creating the folder if needed. On failure
// returns false and sets `error` to one line naming the path.
bool save_tuning_file(const anim::Tuning& tuning, const std::string& path, std::string& error);

}  // namespace game
