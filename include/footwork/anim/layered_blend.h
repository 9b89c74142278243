#pragma once
// Layered blend per bone (Unreal's node of that name): a layer pose replaces the base pose on
// chosen branches of the skeleton (e.g. the upper body from spine_01 up), with a per-joint weight
// mask, an optional blend depth that ramps the weight in down the chain, and an option to blend
// rotations in model space.

#include <span>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::anim {

// One branch of a mask: the named joint and all its descendants.
struct BranchFilter {
  std::string joint_name;
  // 0 or 1: full weight from the branch root. d > 1: the joint k steps below the root gets
  // min(1, (k + 1) / d), so the weight ramps from 1/d to 1 over d joints.
  int blend_depth = 0;
};

// Per-joint weights in [0, 1] for `branches` (the largest where branches overlap; 0 elsewhere).
// An error names a joint the skeleton lacks or a negative depth. Allocates: build once.
Result<std::vector<float>> BuildBranchMask(const Skeleton& skeleton,
                                           std::span<const BranchFilter> branches);

// output = base blended towards layer by alpha * joint_weights[j] per joint.
struct LayeredBlendJob {
  // Required (parents, for model-space rotation).
  const Skeleton* skeleton = nullptr;
  std::span<const Transform> base;
  std::span<const Transform> layer;
  // One weight in [0, 1] per joint, e.g. from BuildBranchMask.
  std::span<const float> joint_weights;
  // Overall layer weight in [0, 1].
  float alpha = 1.0f;
  // When true, each joint's model-space rotation is blended (base chain vs layer chain) and
  // re-expressed under the output's parent, so the layered branch keeps its world orientation
  // regardless of the base's spine. Translation and scale still blend in local space.
  bool mesh_space_rotation = false;
  // mesh_space_rotation only: ScratchSize(num_joints) rotations of working memory.
  std::span<glm::quat> scratch;
  // Same size as base; may alias base or layer.
  std::span<Transform> output;

  static int ScratchSize(int num_joints) { return 3 * num_joints; }
  Status Validate() const;
  Status Run() const;
};

}  // namespace footwork::anim
