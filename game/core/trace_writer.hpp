#pragma once
// The trace CSV of INTERFACES.md (a public interface: analysis scripts read it). Columns in
// exactly the contract's order (shared/contract/trace_columns.txt); any new column goes at
// the end (the spring chains' points, anim/gear_points.hpp).
#include "anim/character_frame.hpp"

#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace game {

// The header row, without the line break: the required columns, then
// spring_<name>_<i>_x,spring_<name>_<i>_y for every point of every gear chain (issue 6).
std::string trace_header();

class TraceWriter {
 public:
  // `ids[i]` names soldier i in every row. Writes nothing until header() or rows().
  TraceWriter(std::FILE* out, std::vector<std::string> ids);

  void header();
  // One row per soldier for the step that ended at time `t`, s.
  void rows(double t, std::span<const anim::CharacterFrame> frames);

 private:
  std::FILE* out_;
  std::vector<std::string> ids_;
  std::string line_;  // reused between rows
};

}  // namespace game
