#include "footwork/anim/blending.h"

#include <cmath>

#include <fmt/format.h>

#include "anim/pose_math.h"

namespace footwork::anim {

Status BlendingJob::Validate() const {
  if (layers.empty())
    return Error{"blending: no layers"};
  float total_weight = 0.0f;
  for (std::size_t l = 0; l < layers.size(); ++l) {
    const BlendLayer& layer = layers[l];
    if (layer.pose.size() != output.size()) {
      return Error{fmt::format("blending: layer {} has {} joints, output has {}", l,
                               layer.pose.size(), output.size())};
    }
    if (!std::isfinite(layer.weight) || layer.weight < 0.0f) {
      return Error{
          fmt::format("blending: layer {} weight {} must be finite and >= 0", l, layer.weight)};
    }
    total_weight += layer.weight;
  }
  if (!(total_weight > 0.0f))
    return Error{"blending: the weights sum to 0"};
  return Status::Ok();
}

Status BlendingJob::Run() const {
  if (Status status = Validate(); !status)
    return status;
  float total_weight = 0.0f;
  for (const BlendLayer& layer : layers)
    total_weight += layer.weight;
  const float normaliser = 1.0f / total_weight;
  const std::size_t num_joints = output.size();
  Transform* out = output.data();
  // Layer by layer over contiguous poses (streams memory, vectorises); rotations accumulate
  // unnormalised in the output and are normalised once at the end.
  const Transform* first = layers[0].pose.data();
  const float first_weight = layers[0].weight * normaliser;
  for (std::size_t j = 0; j < num_joints; ++j) {
    const glm::quat& q = first[j].rotation;
    out[j].translation = first[j].translation * first_weight;
    out[j].rotation =
        glm::quat(q.w * first_weight, q.x * first_weight, q.y * first_weight, q.z * first_weight);
    out[j].scale = first[j].scale * first_weight;
  }
  for (std::size_t l = 1; l < layers.size(); ++l) {
    const Transform* input = layers[l].pose.data();
    const float weight = layers[l].weight * normaliser;
    for (std::size_t j = 0; j < num_joints; ++j) {
      const glm::quat& q = input[j].rotation;
      // Sign-align with the first pose so opposite-hemisphere quaternions do not cancel.
      const float rotation_weight = detail::Dot(first[j].rotation, q) < 0.0f ? -weight : weight;
      glm::quat& sum = out[j].rotation;
      sum.w += q.w * rotation_weight;
      sum.x += q.x * rotation_weight;
      sum.y += q.y * rotation_weight;
      sum.z += q.z * rotation_weight;
      out[j].translation += input[j].translation * weight;
      out[j].scale += input[j].scale * weight;
    }
  }
  for (std::size_t j = 0; j < num_joints; ++j)
    out[j].rotation = detail::NormalizeFast(out[j].rotation);
  return Status::Ok();
}

}  // namespace footwork::anim
