#pragma once
// What an importer returns: a skeleton, its clips and the skinned meshes bound to it.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "footwork/anim/clip.h"
#include "footwork/anim/skeleton.h"

namespace footwork::io {

// A triangle mesh skinned to a Skeleton, ready for rendering (linear blend skinning).
struct SkinnedMesh {
  std::string name;
  // Bind-pose vertex data in model space (the skeleton's root space).
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;
  // Up to four influences a vertex: skeleton joint indices and weights summing to 1.
  std::vector<std::array<std::uint16_t, 4>> joints;
  std::vector<glm::vec4> weights;
  // Triangle list.
  std::vector<std::uint32_t> indices;
  // Per skeleton joint: model space -> joint space in the bind pose.
  std::vector<glm::mat4> inverse_bind_matrices;
  // Flat colour (linear RGB) for simple shading.
  glm::vec3 base_color{0.8f};
};

struct Scene {
  // Name of the source, for messages.
  std::string source;
  anim::Skeleton skeleton;
  std::vector<anim::Clip> clips;
  std::vector<SkinnedMesh> meshes;
};

}  // namespace footwork::io
