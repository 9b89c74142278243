#include "footwork/anim/skeleton.h"

#include <cmath>
#include <string>
#include <unordered_set>

#include <fmt/format.h>

namespace footwork::anim {

int Skeleton::FindJoint(std::string_view name) const {
  for (int i = 0; i < num_joints(); ++i) {
    if (joint_names[i] == name) return i;
  }
  return -1;
}

Status Skeleton::Validate() const {
  if (joint_names.empty()) return Error{"skeleton has no joints"};
  if (parents.size() != joint_names.size() || rest_pose.size() != joint_names.size()) {
    return Error{fmt::format("skeleton: {} names, {} parents, {} rest transforms (must agree)",
                             joint_names.size(), parents.size(), rest_pose.size())};
  }
  std::unordered_set<std::string_view> seen;
  for (int i = 0; i < num_joints(); ++i) {
    const std::string& name = joint_names[i];
    if (name.empty()) return Error{fmt::format("skeleton: joint {} has an empty name", i)};
    if (!seen.insert(name).second) {
      return Error{fmt::format("skeleton: joint name '{}' appears twice", name)};
    }
    if (parents[i] != kNoParent && (parents[i] < 0 || parents[i] >= i)) {
      return Error{fmt::format(
          "skeleton: joint '{}' ({}) has parent {}; parents must come before children", name, i,
          parents[i])};
    }
    const Transform& rest = rest_pose[i];
    if (!IsFinite(rest)) {
      return Error{fmt::format("skeleton: joint '{}' has a non-finite rest transform", name)};
    }
    if (std::fabs(glm::length(rest.rotation) - 1.0f) > 1e-3f) {
      return Error{fmt::format("skeleton: joint '{}' rest rotation is not a unit quaternion",
                               name)};
    }
  }
  return Status::Ok();
}

}  // namespace footwork::anim
