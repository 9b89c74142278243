#pragma once
// Weighted blend of N local-space poses (what a blend space or a crossfade needs).

#include <span>

#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::anim {

// One input of a blend: a pose and its weight (>= 0; weights are normalised by their sum).
struct BlendLayer {
  std::span<const Transform> pose;
  float weight = 1.0f;
};

// output = sum(w_i * pose_i) / sum(w_i) per joint: translations and scales lerp, rotations are
// summed after sign-aligning each to the first layer's rotation, then normalised (nlerp).
struct BlendingJob {
  // At least one layer; every pose has output.size() joints.
  std::span<const BlendLayer> layers;
  // Caller-owned; may not alias a layer's pose.
  std::span<Transform> output;

  // Checks: a layer exists, pose sizes match the output, weights finite and >= 0, sum > 0.
  Status Validate() const;
  Status Run() const;
};

}  // namespace footwork::anim
