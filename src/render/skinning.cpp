#include "footwork/render/skinning.h"

#include <string>

namespace footwork::render {

Status ComputeSkinningMatrices(std::span<const Transform> model_pose,
                               std::span<const glm::mat4> inverse_bind, const glm::mat4& world,
                               std::span<glm::mat4> output) {
  if (model_pose.size() != inverse_bind.size() || output.size() != inverse_bind.size()) {
    return Error{"skinning: pose has " + std::to_string(model_pose.size()) + " joints, mesh has " +
                 std::to_string(inverse_bind.size()) + " inverse bind matrices and output " +
                 std::to_string(output.size()) + "; all must match the skeleton"};
  }
  for (std::size_t joint = 0; joint < output.size(); ++joint) {
    output[joint] = world * model_pose[joint].ToMatrix() * inverse_bind[joint];
  }
  return Status::Ok();
}

}  // namespace footwork::render
