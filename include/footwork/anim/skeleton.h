#pragma once
// A skeleton: joint names, parents and the rest (bind) pose in local space. Read-only and shared
// by every character that uses it.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::anim {

inline constexpr int kNoParent = -1;

struct Skeleton {
  // Joint names, unique. Index i is joint i everywhere (poses, tracks, masks).
  std::vector<std::string> joint_names;
  // Parent index of each joint, kNoParent for roots. Joints are sorted so that parents[i] < i,
  // which lets local-to-model run in one forward pass.
  std::vector<int> parents;
  // Local transform of each joint in the rest pose.
  std::vector<Transform> rest_pose;

  int num_joints() const { return static_cast<int>(joint_names.size()); }
  // Index of the joint with this exact name, or -1.
  int FindJoint(std::string_view name) const;
  // Checks sizes agree, parents precede children, names are unique and non-empty, transforms
  // are finite with unit rotations. The error names the first offending joint.
  Status Validate() const;
};

}  // namespace footwork::anim
