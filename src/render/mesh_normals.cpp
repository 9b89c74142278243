#include "render/mesh_normals.h"

namespace footwork::render {

std::vector<glm::vec3> ComputeSmoothNormals(std::span<const glm::vec3> positions,
                                            std::span<const std::uint32_t> indices) {
  std::vector<glm::vec3> normals(positions.size(), glm::vec3(0.0f));
  for (std::size_t i = 0; i + 2 < indices.size(); i += 3) {
    const glm::vec3& a = positions[indices[i]];
    const glm::vec3& b = positions[indices[i + 1]];
    const glm::vec3& c = positions[indices[i + 2]];
    // The cross product's length is twice the area, which weights big faces more.
    const glm::vec3 face = glm::cross(b - a, c - a);
    normals[indices[i]] += face;
    normals[indices[i + 1]] += face;
    normals[indices[i + 2]] += face;
  }
  for (glm::vec3& normal : normals) {
    const float length = glm::length(normal);
    normal = length > 1e-12f ? normal / length : glm::vec3(0.0f, 1.0f, 0.0f);
  }
  return normals;
}

}  // namespace footwork::render
