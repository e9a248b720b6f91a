#include "game/core/trace_writer.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <system_error>

namespace game {
namespace {

constexpr std::string_view kHeader =
    "t,id,state,facing,x,vx,ax,phase,step,contact_near,contact_far,aim_x,aim_y,gaze_x,gaze_y,"
    "pelvis_x,pelvis_y,chest_x,chest_y,neck_x,neck_y,head_x,head_y,"
    "shoulder_near_x,shoulder_near_y,elbow_near_x,elbow_near_y,hand_near_x,hand_near_y,"
    "shoulder_far_x,shoulder_far_y,elbow_far_x,elbow_far_y,hand_far_x,hand_far_y,"
    "hip_near_x,hip_near_y,knee_near_x,knee_near_y,ankle_near_x,ankle_near_y,toe_near_x,toe_near_y,"
    "hip_far_x,hip_far_y,knee_far_x,knee_far_y,ankle_far_x,ankle_far_y,toe_far_x,toe_far_y,"
    "rifle_butt_x,rifle_butt_y,rifle_grip_x,rifle_grip_y,rifle_fore_x,rifle_fore_y,rifle_muzzle_x,"
    "rifle_muzzle_y";

// The joint columns above follow anim::Joint's order; a new joint must come with a column.
static_assert(anim::kJointCount == 18, "trace joint columns follow anim::Joint");

// The longest fixed-notation double with 6 decimals: a sign, every digit of DBL_MAX
// (309) and ".dddddd". The buffer holds it, so every double prints in full (issue 17: a
// 64-byte buffer overflowed at 1e57 and printed stack memory).
constexpr std::size_t kFixedChars = 1 + (std::numeric_limits<double>::max_exponent10 + 1) + 1 + 6;

// Fixed 6 decimals, independent of the locale (to_chars never reads it). What a value prints
// is decided here: every finite value prints in full, however large (files cannot ask for
// coordinates beyond 1e6 m, so this is a second line of defence); non-finite values, which
// no pose may hold, print as nan, inf or -inf (to_chars' spelling). The result is checked:
// a failure would be a bug here, and it ends the program rather than write a wrong field.
void put(std::string& line, double v) {
  // Values that round to zero print as 0.000000, never -0.000000, so a mirrored run diffs
  // cleanly against the original.
  if (std::abs(v) < 5e-7) v = 0.0;
  char buf[kFixedChars + 8];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 6);
  if (r.ec != std::errc{}) std::abort();
  line.append(buf, r.ptr);
  line.push_back(',');
}

// A value in [0, 1), such as the gait phase: 6 decimals never round it up to 1.000000, the
// end it excludes (0.9999996 prints as 0.999999).
void put_unit_interval(std::string& line, double v) {
  const std::size_t start = line.size();
  put(line, v);
  if (v < 1.0 && line.compare(start, std::string::npos, "1.000000,") == 0) line.replace(start, 8, "0.999999");
}

void put(std::string& line, std::int64_t v) {
  char buf[std::numeric_limits<std::int64_t>::digits10 + 3];  // sign and every digit
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  if (r.ec != std::errc{}) std::abort();
  line.append(buf, r.ptr);
  line.push_back(',');
}

void put(std::string& line, std::string_view s) {
  line.append(s);
  line.push_back(',');
}

void put(std::string& line, anim::vec2 p) {
  put(line, p.x);
  put(line, p.y);
}

}  // namespace

std::string trace_header() {
  // The required columns, then each spring chain's points (issue 6), base first.
  std::string header(kHeader);
  for (const anim::GearChainView& chain : anim::GearPoints{}.chains())
    for (std::size_t i = 0; i < chain.points.size(); ++i)
      for (const char* axis : {"_x", "_y"}) {
        header += ",spring_";
        header += chain.name;
        header += '_';
        header += std::to_string(i);
        header += axis;
      }
  return header;
}

TraceWriter::TraceWriter(std::FILE* out, std::vector<std::string> ids) : out_(out), ids_(std::move(ids)) {}

void TraceWriter::header() {
  const std::string header = trace_header();
  std::fwrite(header.data(), 1, header.size(), out_);
  std::fputc('\n', out_);
}

void TraceWriter::rows(double t, std::span<const anim::CharacterFrame> frames) {
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const anim::CharacterFrame& f = frames[i];
    line_.clear();
    put(line_, t);
    put(line_, std::string_view(ids_[i]));
    put(line_, anim::state_name(f.state));
    put(line_, std::int64_t{f.body.sign()});
    put(line_, f.x);
    put(line_, f.vx);
    put(line_, f.ax);
    put_unit_interval(line_, f.phase);
    put(line_, f.step);
    put(line_, std::int64_t{f.contact[anim::index(anim::Side::near)] ? 1 : 0});
    put(line_, std::int64_t{f.contact[anim::index(anim::Side::far)] ? 1 : 0});
    put(line_, f.aim_world);
    put(line_, f.gaze);
    for (std::size_t j = 0; j < anim::kJointCount; ++j) put(line_, f.joints[j]);
    put(line_, f.rifle.butt);
    put(line_, f.rifle.grip);
    put(line_, f.rifle.fore);
    put(line_, f.rifle.muzzle);
    for (const anim::GearChainView& chain : f.gear.chains())
      for (anim::vec2 p : chain.points) put(line_, p);
    line_.back() = '\n';  // the last separator ends the row
    std::fwrite(line_.data(), 1, line_.size(), out_);
  }
}

}  // namespace game
