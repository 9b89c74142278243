#pragma once
// GLSL 3.30 sources of the renderer's programs. The lit fragment shader is shared by characters,
// level geometry and the ground; defines select the ground grid and blob shadows.

#include <string>

namespace footwork::render::shaders {

// Joints the skinning uniform block holds; 256 mat4 fill the 16 KiB every GL 3.3 driver allows.
inline constexpr int kMaxJoints = 256;
// Blob shadows a frame can have.
inline constexpr int kMaxBlobs = 8;
// Binding point of the joint matrices uniform block.
inline constexpr int kJointBlockBinding = 0;

std::string SkinnedVertex();
std::string StaticVertex();
// ground: draw the grid instead of a flat colour.
std::string LitFragment(bool ground);
std::string LineVertex();
std::string LineFragment();
std::string SkyVertex();
std::string SkyFragment();

}  // namespace footwork::render::shaders
