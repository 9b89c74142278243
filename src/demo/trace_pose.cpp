#include "footwork/demo/trace_pose.h"

#include <string>

#include "footwork/core/angles.h"

namespace footwork::demo {

Result<FramePose> PoseOfFrame(const sim::TraceFrame& frame, const anim::Skeleton& skeleton,
                              float capsule_bottom_offset_m) {
  const auto joints = static_cast<std::size_t>(skeleton.num_joints());
  if (!frame.joints_model || frame.joints_model->size() != joints ||
      frame.local_rotations.size() != joints) {
    return Error{"trace frame at t=" + std::to_string(frame.t) +
                 ": needs joints_model and local "
                 "rotations for " +
                 std::to_string(joints) +
                 " joints (simulate with --joints; the internal fields are needed too)"};
  }
  FramePose pose;
  pose.model.resize(joints);
  for (std::size_t j = 0; j < joints; ++j) {
    const int parent = skeleton.parents[j];
    const glm::quat local = frame.local_rotations[j];
    pose.model[j].rotation =
        parent == anim::kNoParent
            ? local
            : glm::normalize(pose.model[static_cast<std::size_t>(parent)].rotation * local);
    pose.model[j].translation = (*frame.joints_model)[j];
  }
  pose.world.translation = frame.position - glm::vec3(0.0f, capsule_bottom_offset_m, 0.0f);
  pose.world.rotation = QuatFromYaw(Radians(frame.actor_yaw_deg));
  return pose;
}

std::vector<Transform> LocalFromModel(const anim::Skeleton& skeleton,
                                      const std::vector<Transform>& model) {
  std::vector<Transform> local(model.size());
  for (std::size_t j = 0; j < model.size(); ++j) {
    const int parent = skeleton.parents[j];
    if (parent == anim::kNoParent) {
      local[j] = model[j];
      continue;
    }
    const Transform& p = model[static_cast<std::size_t>(parent)];
    const glm::quat inverse = glm::inverse(p.rotation);
    local[j].translation = inverse * (model[j].translation - p.translation);
    local[j].rotation = glm::normalize(inverse * model[j].rotation);
  }
  return local;
}

}  // namespace footwork::demo
