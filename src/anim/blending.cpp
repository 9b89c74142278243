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
  const std::size_t num_layers = layers.size();
  const Transform* first = layers[0].pose.data();
  const float first_weight = layers[0].weight * normaliser;
  for (std::size_t j = 0; j < num_joints; ++j) {
    const glm::quat reference = first[j].rotation;
    glm::vec3 translation = first[j].translation * first_weight;
    glm::quat rotation(reference.w * first_weight, reference.x * first_weight,
                       reference.y * first_weight, reference.z * first_weight);
    glm::vec3 scale = first[j].scale * first_weight;
    for (std::size_t l = 1; l < num_layers; ++l) {
      const Transform& input = layers[l].pose[j];
      const float weight = layers[l].weight * normaliser;
      // Sign-align with the first pose so opposite-hemisphere quaternions do not cancel.
      const float rotation_weight =
          detail::Dot(reference, input.rotation) < 0.0f ? -weight : weight;
      translation += input.translation * weight;
      rotation.w += input.rotation.w * rotation_weight;
      rotation.x += input.rotation.x * rotation_weight;
      rotation.y += input.rotation.y * rotation_weight;
      rotation.z += input.rotation.z * rotation_weight;
      scale += input.scale * weight;
    }
    Transform& out = output[j];
    out.translation = translation;
    out.rotation = detail::NormalizeFast(rotation);
    out.scale = scale;
  }
  return Status::Ok();
}

}  // namespace footwork::anim
