#pragma once
// Smooth vertex normals for meshes that come without them (area-weighted face normals).

#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

namespace footwork::render {

// One unit normal per position; vertices on no triangle get +Y. Indices must be in range.
std::vector<glm::vec3> ComputeSmoothNormals(std::span<const glm::vec3> positions,
                                            std::span<const std::uint32_t> indices);

}  // namespace footwork::render
