#include "footwork/anim/additive.h"

#include <cmath>

#include <fmt/format.h>

#include "anim/pose_math.h"

namespace footwork::anim {
namespace {

// Shared checks: sizes agree, and mesh space has a matching skeleton and enough scratch.
Status ValidateSpaces(const char* job, const Skeleton* skeleton, AdditiveSpace space,
                      std::size_t size_a, std::size_t size_b, std::size_t output_size,
                      std::size_t scratch_size, std::size_t scratch_needed) {
  if (size_a != output_size || size_b != output_size) {
    return Error{fmt::format("{}: input poses have {} and {} joints, output has {}", job, size_a,
                             size_b, output_size)};
  }
  if (space == AdditiveSpace::kMesh) {
    if (skeleton == nullptr)
      return Error{fmt::format("{}: mesh space needs a skeleton", job)};
    if (skeleton->parents.size() != output_size) {
      return Error{fmt::format("{}: skeleton has {} joints, poses have {}", job,
                               skeleton->parents.size(), output_size)};
    }
    if (scratch_size < scratch_needed) {
      return Error{fmt::format("{}: mesh space needs {} scratch rotations, got {}", job,
                               scratch_needed, scratch_size)};
    }
  }
  return Status::Ok();
}

// Model-space rotations of a local pose (scale ignored).
void ModelRotations(std::span<const int> parents, std::span<const Transform> local,
                    glm::quat* model) {
  for (std::size_t j = 0; j < local.size(); ++j) {
    const int parent = parents[j];
    model[j] = parent < 0 ? local[j].rotation : model[parent] * local[j].rotation;
  }
}

}  // namespace

Status MakeAdditiveJob::Validate() const {
  return ValidateSpaces("make additive", skeleton, space, pose.size(), base.size(), output.size(),
                        scratch.size(), 2 * output.size());
}

Status MakeAdditiveJob::Run() const {
  if (Status status = Validate(); !status)
    return status;
  const std::size_t num_joints = output.size();
  const glm::quat* pose_model = nullptr;
  const glm::quat* base_model = nullptr;
  if (space == AdditiveSpace::kMesh) {
    ModelRotations(skeleton->parents, pose, scratch.data());
    ModelRotations(skeleton->parents, base, scratch.data() + num_joints);
    pose_model = scratch.data();
    base_model = scratch.data() + num_joints;
  }
  for (std::size_t j = 0; j < num_joints; ++j) {
    const Transform& from = base[j];
    const Transform& to = pose[j];
    Transform& delta = output[j];
    const glm::quat to_rotation = pose_model != nullptr ? pose_model[j] : to.rotation;
    const glm::quat from_rotation = base_model != nullptr ? base_model[j] : from.rotation;
    delta.rotation = detail::NormalizeFast(to_rotation * detail::Conjugate(from_rotation));
    delta.translation = to.translation - from.translation;
    delta.scale = to.scale / from.scale;
  }
  return Status::Ok();
}

Status ApplyAdditiveJob::Validate() const {
  if (Status status =
          ValidateSpaces("apply additive", skeleton, space, target.size(), additive.size(),
                         output.size(), scratch.size(), 2 * output.size());
      !status) {
    return status;
  }
  if (!std::isfinite(weight) || weight < 0.0f || weight > 1.0f) {
    return Error{fmt::format("apply additive: weight {} outside [0, 1]", weight)};
  }
  return Status::Ok();
}

Status ApplyAdditiveJob::Run() const {
  if (Status status = Validate(); !status)
    return status;
  const std::size_t num_joints = output.size();
  if (space == AdditiveSpace::kLocal) {
    for (std::size_t j = 0; j < num_joints; ++j) {
      const Transform& delta = additive[j];
      const Transform& in = target[j];
      const glm::quat rotation_delta = detail::ScaleRotation(delta.rotation, weight);
      Transform& out = output[j];
      // A product of unit quaternions stays unit to float precision: no renormalisation.
      out.rotation = rotation_delta * in.rotation;
      out.translation = in.translation + delta.translation * weight;
      out.scale = in.scale * (1.0f + (delta.scale - 1.0f) * weight);
    }
    return Status::Ok();
  }
  // Mesh space: rotate each joint's original model orientation by the delta, then express it
  // under the already-modified parent.
  glm::quat* target_model = scratch.data();
  glm::quat* output_model = scratch.data() + num_joints;
  const int* parents = skeleton->parents.data();
  for (std::size_t j = 0; j < num_joints; ++j) {
    const Transform& delta = additive[j];
    const Transform& in = target[j];
    const int parent = parents[j];
    target_model[j] = parent < 0 ? in.rotation : target_model[parent] * in.rotation;
    const glm::quat rotation_delta = detail::ScaleRotation(delta.rotation, weight);
    output_model[j] = rotation_delta * target_model[j];
    Transform& out = output[j];
    out.rotation =
        parent < 0
            ? output_model[j]
            : detail::NormalizeFast(detail::Conjugate(output_model[parent]) * output_model[j]);
    out.translation = in.translation + delta.translation * weight;
    out.scale = in.scale * (1.0f + (delta.scale - 1.0f) * weight);
  }
  return Status::Ok();
}

}  // namespace footwork::anim
