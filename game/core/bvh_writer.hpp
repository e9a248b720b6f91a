#pragma once
// One soldier's motion as BVH (Biovision Hierarchy), the mocap format Blender, MotionBuilder
// and most animation tools import (`soldier export`, INTERFACES.md). The hierarchy is the
// skeleton of anim/skeleton.hpp with its offsets in metres, Y up, the body facing +X and the
// camera (the near side) at +Z. Every frame holds the pelvis position, the body's turn about
// Y at the root, and each joint's rotation about Z: the side plane's joint angles of
// CharacterFrame::pose, so forward kinematics of the file gives back the joints of the
// trace (to micrometres). Mid-turn the legs were solved in the picture plane and
// foreshortened (anim/character.cpp); there each leg bone gets the depth that keeps its
// length and its joints turn out of the side plane as well (Y and X channels), so the file
// still gives the trace's joints, but for what the trace itself stretches a bone by (a leg
// at full reach mid-turn: its foot a few millimetres long).
//
// Joints, parents first: pelvis (root) > chest > neck > head_base > head, chest >
// shoulder_S > elbow_S > hand_S, pelvis > hip_S > knee_S > ankle_S > toe_S, S = near, far.
// head_base (the chin's level) is the one joint the trace does not list: the neck and the
// skull turn separately there. Channels: the root's Xposition Yposition Zposition, then for
// every joint Yrotation Xrotation Zrotation in degrees (R = Ry Rx Rz).
#include "anim/character_frame.hpp"

#include <cstdio>
#include <span>
#include <string>

namespace game {

// The HIERARCHY section for a body of these proportions.
std::string bvh_hierarchy(const anim::Proportions& body);

// One MOTION line: the channels of `frame` in the hierarchy's order.
std::string bvh_frame(const anim::CharacterFrame& frame);

// The whole file: hierarchy, "MOTION", the frame count and time, then the frames.
void write_bvh(std::FILE* out, std::span<const anim::CharacterFrame> frames, double frame_time);

}  // namespace game
