#include "footwork/anim/layered_blend.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "anim/pose_math.h"

namespace footwork::anim {

Result<std::vector<float>> BuildBranchMask(const Skeleton& skeleton,
                                           std::span<const BranchFilter> branches) {
  const int num_joints = skeleton.num_joints();
  if (static_cast<int>(skeleton.parents.size()) != num_joints) {
    return Error{"branch mask: skeleton parents and names differ in size"};
  }
  std::vector<float> weights(static_cast<std::size_t>(num_joints), 0.0f);
  // Steps below the current branch root, or -1 outside the branch.
  std::vector<int> steps(static_cast<std::size_t>(num_joints), -1);
  for (const BranchFilter& branch : branches) {
    const int root = skeleton.FindJoint(branch.joint_name);
    if (root < 0) {
      return Error{fmt::format("branch mask: the skeleton has no joint '{}'", branch.joint_name)};
    }
    if (branch.blend_depth < 0) {
      return Error{fmt::format("branch mask: joint '{}' has blend depth {} (must be >= 0)",
                               branch.joint_name, branch.blend_depth)};
    }
    std::fill(steps.begin(), steps.end(), -1);
    steps[root] = 0;
    // Parents precede children, so one forward pass finds every descendant.
    for (int j = root; j < num_joints; ++j) {
      const int parent = skeleton.parents[j];
      if (j != root && parent >= 0 && steps[parent] >= 0)
        steps[j] = steps[parent] + 1;
      if (steps[j] < 0)
        continue;
      const float weight = branch.blend_depth <= 1
                               ? 1.0f
                               : std::min(1.0f, static_cast<float>(steps[j] + 1) /
                                                    static_cast<float>(branch.blend_depth));
      weights[j] = std::max(weights[j], weight);
    }
  }
  return weights;
}

Status LayeredBlendJob::Validate() const {
  if (skeleton == nullptr)
    return Error{"layered blend: no skeleton"};
  const std::size_t num_joints = skeleton->parents.size();
  if (base.size() != num_joints || layer.size() != num_joints || output.size() != num_joints) {
    return Error{
        fmt::format("layered blend: base {}, layer {} and output {} joints; the skeleton has {}",
                    base.size(), layer.size(), output.size(), num_joints)};
  }
  if (joint_weights.size() != num_joints) {
    return Error{fmt::format("layered blend: {} joint weights for {} joints", joint_weights.size(),
                             num_joints)};
  }
  if (!std::isfinite(alpha) || alpha < 0.0f || alpha > 1.0f) {
    return Error{fmt::format("layered blend: alpha {} outside [0, 1]", alpha)};
  }
  if (mesh_space_rotation &&
      scratch.size() < static_cast<std::size_t>(ScratchSize(static_cast<int>(num_joints)))) {
    return Error{
        fmt::format("layered blend: mesh-space rotation needs {} scratch rotations, got {}",
                    ScratchSize(static_cast<int>(num_joints)), scratch.size())};
  }
  return Status::Ok();
}

Status LayeredBlendJob::Run() const {
  if (Status status = Validate(); !status)
    return status;
  const std::size_t num_joints = output.size();
  if (!mesh_space_rotation) {
    for (std::size_t j = 0; j < num_joints; ++j) {
      const float weight = alpha * joint_weights[j];
      const Transform& from = base[j];
      const Transform& to = layer[j];
      Transform& out = output[j];
      out.translation = from.translation + (to.translation - from.translation) * weight;
      out.rotation = detail::Nlerp(from.rotation, to.rotation, weight);
      out.scale = from.scale + (to.scale - from.scale) * weight;
    }
    return Status::Ok();
  }
  glm::quat* base_model = scratch.data();
  glm::quat* layer_model = base_model + num_joints;
  glm::quat* output_model = layer_model + num_joints;
  const int* parents = skeleton->parents.data();
  for (std::size_t j = 0; j < num_joints; ++j) {
    const float weight = alpha * joint_weights[j];
    const Transform& from = base[j];
    const Transform& to = layer[j];
    const int parent = parents[j];
    base_model[j] = parent < 0 ? from.rotation : base_model[parent] * from.rotation;
    layer_model[j] = parent < 0 ? to.rotation : layer_model[parent] * to.rotation;
    output_model[j] = detail::Nlerp(base_model[j], layer_model[j], weight);
    Transform& out = output[j];
    out.rotation =
        parent < 0
            ? output_model[j]
            : detail::NormalizeFast(detail::Conjugate(output_model[parent]) * output_model[j]);
    out.translation = from.translation + (to.translation - from.translation) * weight;
    out.scale = from.scale + (to.scale - from.scale) * weight;
  }
  return Status::Ok();
}

}  // namespace footwork::anim
