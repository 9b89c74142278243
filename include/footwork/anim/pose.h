#pragma once
// A pose: one local-space Transform per skeleton joint, in skeleton order. Jobs read poses as
// std::span<const Transform> and write caller-owned std::span<Transform>, so any storage works.

#include <span>
#include <vector>

#include "footwork/anim/skeleton.h"
#include "footwork/core/transform.h"

namespace footwork::anim {

// Owning pose storage for callers that want one; every job takes spans.
using Pose = std::vector<Transform>;

// A copy of the skeleton's rest pose (allocates; not for the hot path).
Pose MakeRestPose(const Skeleton& skeleton);

}  // namespace footwork::anim
