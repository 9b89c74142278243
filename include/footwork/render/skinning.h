#pragma once
// Skinning matrices for linear blend skinning: joint j moves bind-pose vertices by
// world * model_pose[j] * inverse_bind[j]. Pure CPU math, shared by the renderer and its tests.

#include <span>

#include <glm/glm.hpp>

#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::render {

// Fills `output` (one per joint). Sizes of model_pose, inverse_bind and output must agree.
Status ComputeSkinningMatrices(std::span<const Transform> model_pose,
                               std::span<const glm::mat4> inverse_bind, const glm::mat4& world,
                               std::span<glm::mat4> output);

}  // namespace footwork::render
