#include "game/core/bvh_writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>

namespace game {
namespace {

constexpr double kDegrees = 180.0 / anim::kPi;

// Fixed decimals, locale-independent: 6 give micrometres and micro-degrees, far inside the
// millimetre the format is tested to.
void put(std::string& line, double v) {
  if (std::abs(v) < 5e-7) v = 0.0;  // never "-0.000000"
  char buf[48];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 6);
  line.append(buf, r.ptr);
}

std::string offset(double x, double y, double z) {
  std::string s = "OFFSET ";
  put(s, x);
  s += ' ';
  put(s, y);
  s += ' ';
  put(s, z);
  return s;
}

// The rotation order of every joint: BVH composes the listed rotations left to right, so
// "Y X Z" is R = Ry Rx Rz: the turn about the vertical outside the side-plane angle.
constexpr const char* kRotations = "Yrotation Xrotation Zrotation";

struct Writer {
  std::string out;
  int depth = 0;
  void line(const std::string& text) { out += std::string(2 * depth, ' ') + text + "\n"; }
  void open(const std::string& head, const std::string& off, bool root = false) {
    line(head);
    line("{");
    ++depth;
    line(off);
    line(std::string(root ? "CHANNELS 6 Xposition Yposition Zposition " : "CHANNELS 3 ") + kRotations);
  }
  void end_site(const std::string& off) {
    line("End Site");
    line("{");
    ++depth;
    line(off);
    --depth;
    line("}");
  }
  void close() {
    --depth;
    line("}");
  }
};

double wrap_degrees(double radians) {
  double d = std::remainder(radians, 2.0 * anim::kPi) * kDegrees;
  return d == -180.0 ? 180.0 : d;
}

}  // namespace

std::string bvh_hierarchy(const anim::Proportions& b) {
  const double half_trunk = anim::kLowerSpineShare * b.trunk;
  const double upper_trunk = (1.0 - anim::kLowerSpineShare) * b.trunk;
  const double shoulder_up = upper_trunk - anim::kShoulderDropShare * b.trunk;
  Writer w;
  w.line("HIERARCHY");
  w.open("ROOT pelvis", offset(0, 0, 0), true);
  {
    w.open("JOINT chest", offset(0, half_trunk, 0));
    w.open("JOINT neck", offset(0, upper_trunk, 0));
    w.open("JOINT head_base", offset(0, b.neck, 0));
    w.open("JOINT head", offset(0, 0.5 * b.head, 0));
    w.end_site(offset(0, 0.5 * b.head, 0));  // the crown
    w.close();
    w.close();
    w.close();
    for (const char* side : {"near", "far"}) {
      const double z = anim::joint_depth(side[0] == 'n' ? anim::Joint::shoulder_near : anim::Joint::shoulder_far, b);
      w.open(std::string("JOINT shoulder_") + side, offset(0, shoulder_up, z));
      w.open(std::string("JOINT elbow_") + side, offset(0, -b.upper_arm, 0));
      w.open(std::string("JOINT hand_") + side, offset(0, -b.forearm_to_grip(), 0));
      w.end_site(offset(0, -(b.forearm + b.hand - b.forearm_to_grip()), 0));  // the knuckles, past the grip
      w.close();
      w.close();
      w.close();
    }
    w.close();  // chest
  }
  for (const char* side : {"near", "far"}) {
    const double z = anim::joint_depth(side[0] == 'n' ? anim::Joint::hip_near : anim::Joint::hip_far, b);
    w.open(std::string("JOINT hip_") + side, offset(0, 0, z));
    w.open(std::string("JOINT knee_") + side, offset(0, -b.thigh, 0));
    w.open(std::string("JOINT ankle_") + side, offset(0, -b.shank, 0));
    w.open(std::string("JOINT toe_") + side, offset(b.toe_forward(), -b.ankle_height, 0));
    w.end_site(offset(b.foot - b.heel_back() - b.toe_forward(), 0, 0));  // the toe tip
    w.close();
    w.close();
    w.close();
    w.close();
  }
  w.close();  // pelvis
  return w.out;
}

namespace {

// A joint's rotation as BVH writes it: about Y, X and Z, degrees (R = Ry Rx Rz).
struct Euler {
  double y = 0.0, x = 0.0, z = 0.0;
};

using Mat = glm::dmat3;

Mat rot_y(double a) { return Mat(std::cos(a), 0, -std::sin(a), 0, 1, 0, std::sin(a), 0, std::cos(a)); }
Mat rot_z(double a) { return Mat(std::cos(a), std::sin(a), 0, -std::sin(a), std::cos(a), 0, 0, 0, 1); }

// R = Ry(y) Rx(x) Rz(z) solved for the angles (glm is column-major: m[col][row]).
Euler euler_yxz(const Mat& m) {
  Euler e;
  e.x = std::asin(std::clamp(-m[2][1], -1.0, 1.0));
  e.y = std::atan2(m[2][0], m[2][2]);
  e.z = std::atan2(m[0][1], m[1][1]);
  return e;
}

// The rotation by `s` = sin and `c` = cos of an angle about the unit `axis` (Rodrigues).
Mat rotate_about(glm::dvec3 axis, double s, double c) {
  const Mat kx(0, axis.z, -axis.y, -axis.z, 0, axis.x, axis.y, -axis.x, 0);
  return Mat(1.0) + s * kx + (1.0 - c) * (kx * kx);
}

// The smallest rotation taking unit vector `from` onto unit vector `to`.
Mat align(glm::dvec3 from, glm::dvec3 to) {
  const glm::dvec3 axis = glm::cross(from, to);
  const double s = glm::length(axis), c = glm::dot(from, to);
  if (s < 1e-15) return Mat(1.0);  // parallel (an opposite limb never happens: knees bend < 180 deg)
  return rotate_about(axis / s, s, c);
}

// The arms are solved in the side plane and then turned about their shoulder-to-hand line,
// the elbow out of the plane by f.elbow_depth (anim/upper_body/arms.cpp): the same turn
// here, about that line in the chest's frame, so the hand stays where it was and the
// elbow comes to the depth the trace's picture shows.
Mat arm_turn(const anim::CharacterFrame& f, anim::Side side, const anim::JointPositions& planar) {
  const bool near = side == anim::Side::near;
  const glm::dvec2 shoulder = planar[anim::index(near ? anim::Joint::shoulder_near : anim::Joint::shoulder_far)];
  const glm::dvec2 elbow = planar[anim::index(near ? anim::Joint::elbow_near : anim::Joint::elbow_far)];
  const glm::dvec2 hand = planar[anim::index(near ? anim::Joint::hand_near : anim::Joint::hand_far)];
  const glm::dvec2 line = hand - shoulder;
  const double len = glm::length(line);
  if (len < 1e-9) return Mat(1.0);
  const glm::dvec2 u = line / len;
  const glm::dvec2 offset = (elbow - shoulder) - u * glm::dot(elbow - shoulder, u);
  const double cross = u.x * offset.y - u.y * offset.x;  // depth of (u x offset), |offset| long
  if (std::abs(cross) < 1e-12) return Mat(1.0);
  const double s = std::clamp(f.elbow_depth[anim::index(side)] / cross, -1.0, 1.0);
  return rotate_about(glm::dvec3(u, 0.0), s, std::sqrt(1.0 - s * s));
}

// The legs, from the joints as simulated. At the rest facings a leg lies in the side plane
// and this is its joint angles; mid-turn the legs were solved in the picture plane and
// foreshortened (anim/character.cpp), which no planar skeleton turned by the body's yaw
// reproduces, so each bone is given the depth that keeps its length, on the side the
// body's turned side plane puts it, and the joints turn out of the plane by as much.
void leg_rotations(const anim::CharacterFrame& f, const Mat& pelvis_world, glm::dvec3 pelvis_pos, anim::Side side,
                   Euler out[4]) {
  const anim::Proportions& b = f.body_size;
  const bool near = side == anim::Side::near;
  const auto joint = [&](anim::Joint n, anim::Joint fr) { return f.joints[anim::index(near ? n : fr)]; };
  const double c = f.body.x_scale(), sn = f.body.depth_scale();
  const double hip_depth = anim::joint_depth(near ? anim::Joint::hip_near : anim::Joint::hip_far, b);
  const glm::dvec3 hip = pelvis_pos + pelvis_world * glm::dvec3(0.0, 0.0, hip_depth);
  // A bone of `length` from `from` (3D) to the picture-plane point `to`.
  const auto bone = [&](glm::dvec3 from, anim::vec2 to, double length) {
    const double dx = to.x - from.x, dy = to.y - from.y;
    const double dz2 = length * length - dx * dx - dy * dy;
    const double side_of = -(dx / (std::abs(c) > 1e-9 ? c : 1e-9)) * sn;  // the turned side plane's depth
    const double dz = dz2 > 0.0 ? std::copysign(std::sqrt(dz2), side_of) : 0.0;
    return glm::normalize(glm::dvec3(dx, dy, dz));
  };
  const glm::dvec3 down(0.0, -1.0, 0.0);
  const glm::dvec3 foot_rest = glm::normalize(glm::dvec3(b.toe_forward(), -b.ankle_height, 0.0));
  const double foot_length = std::hypot(b.toe_forward(), b.ankle_height);

  const glm::dvec3 thigh = bone(hip, joint(anim::Joint::knee_near, anim::Joint::knee_far), b.thigh);
  const Mat hip_world = align(pelvis_world * down, thigh) * pelvis_world;
  const glm::dvec3 knee = hip + b.thigh * thigh;
  const glm::dvec3 shank = bone(knee, joint(anim::Joint::ankle_near, anim::Joint::ankle_far), b.shank);
  const Mat knee_world = align(hip_world * down, shank) * hip_world;
  const glm::dvec3 ankle = knee + b.shank * shank;
  const glm::dvec3 foot = bone(ankle, joint(anim::Joint::toe_near, anim::Joint::toe_far), foot_length);
  const Mat ankle_world = align(knee_world * foot_rest, foot) * knee_world;

  out[0] = euler_yxz(glm::transpose(pelvis_world) * hip_world);
  out[1] = euler_yxz(glm::transpose(hip_world) * knee_world);
  out[2] = euler_yxz(glm::transpose(knee_world) * ankle_world);
  out[3] = Euler{};
}

}  // namespace

std::string bvh_frame(const anim::CharacterFrame& f) {
  // The trunk and arms from the side-plane pose (anim::forward_kinematics builds them from it,
  // turned by the yaw): each joint's rotation from its rest direction (trunk up, limbs
  // down, foot forward), less its parent's.
  const anim::Pose& p = f.pose;
  const double pelvis = -p.spine_lower;  // the lower spine's lean tips the pelvis joint
  std::array<Euler, 19> r{};
  std::size_t k = 0;
  r[k++] = Euler{f.body.yaw, 0.0, pelvis};  // the body's turn about the vertical, at the root
  r[k++].z = -p.spine_upper;                // chest
  r[k++].z = -p.neck;                       // neck
  r[k++].z = p.head;                        // head_base
  r[k++].z = 0.0;                           // head
  const Mat chest_facing = rot_z(pelvis) * rot_z(-p.spine_upper);
  const anim::JointPositions planar = anim::forward_kinematics(p, f.body_size, anim::BodyFrame{});
  for (anim::Side s : anim::kSides) {
    const anim::LimbAngles& a = p.arm[anim::index(s)];
    // shoulder: the arm hangs at root = -pi from the trunk's up, then turns out of the plane
    const Mat turned = arm_turn(f, s, planar);
    r[k++] = euler_yxz(glm::transpose(chest_facing) * turned * chest_facing * rot_z(a.root + anim::kPi));
    r[k++].z = a.mid;  // elbow
    r[k++].z = 0.0;    // hand
  }
  const anim::vec2 root = f.joints[anim::index(anim::Joint::pelvis)];
  const glm::dvec3 root_pos(root.x, root.y, 0.0);
  const Mat pelvis_world = rot_y(f.body.yaw) * rot_z(pelvis);
  for (anim::Side s : anim::kSides) {
    leg_rotations(f, pelvis_world, root_pos, s, &r[k]);
    k += 4;
  }
  std::string line;
  const auto value = [&line](double v) {
    if (!line.empty()) line += ' ';
    put(line, v);
  };
  value(root.x);
  value(root.y);
  value(0.0);
  for (const Euler& e : r) {
    value(wrap_degrees(e.y));
    value(wrap_degrees(e.x));
    value(wrap_degrees(e.z));
  }
  return line;
}

void write_bvh(std::FILE* out, std::span<const anim::CharacterFrame> frames, double frame_time) {
  const anim::Proportions body = frames.empty() ? anim::proportions_for_height(1.78) : frames.front().body_size;
  const std::string head = bvh_hierarchy(body);
  std::fputs(head.c_str(), out);
  std::fprintf(out, "MOTION\nFrames: %zu\nFrame Time: %.9f\n", frames.size(), frame_time);
  for (const anim::CharacterFrame& f : frames) {
    const std::string line = bvh_frame(f);
    std::fputs(line.c_str(), out);
    std::fputc('\n', out);
  }
}

}  // namespace game
