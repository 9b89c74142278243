#pragma once
// Additive poses: the difference between a pose and a base pose (e.g. a lean or an aim offset
// minus its reference frame), later added on top of another pose with a weight.
//
// Representation (Unreal's, so authored additives behave as artists expect): per joint,
//   rotation    = pose.rotation * inverse(base.rotation)   (a pre-multiplied rotation delta)
//   translation = pose.translation - base.translation
//   scale       = pose.scale / base.scale
// In kLocal space the rotation delta is taken between local rotations. In kMesh space it is taken
// between model-space rotations, and applying it rotates each joint's model-space orientation, so
// a mesh-space lean keeps its world direction whatever the target's spine does. Translation and
// scale deltas are local in both spaces. Model rotations ignore scale (uniform scale assumed).

#include <span>

#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::anim {

enum class AdditiveSpace { kLocal, kMesh };

// Builds the additive delta of `pose` relative to `base`.
struct MakeAdditiveJob {
  // Required for kMesh (parents); optional for kLocal.
  const Skeleton* skeleton = nullptr;
  AdditiveSpace space = AdditiveSpace::kLocal;
  std::span<const Transform> pose;
  std::span<const Transform> base;
  // kMesh only: ScratchSize(num_joints) rotations of working memory.
  std::span<glm::quat> scratch;
  // Same size as pose and base.
  std::span<Transform> output;

  static int ScratchSize(int num_joints) { return 2 * num_joints; }
  Status Validate() const;
  Status Run() const;
};

// Adds `additive` (from MakeAdditiveJob in the same space) onto `target` with `weight`:
// weight 0 gives target, weight 1 on the base it was made from gives the original pose.
struct ApplyAdditiveJob {
  // Required for kMesh (parents); optional for kLocal.
  const Skeleton* skeleton = nullptr;
  AdditiveSpace space = AdditiveSpace::kLocal;
  std::span<const Transform> target;
  std::span<const Transform> additive;
  // In [0, 1]; the rotation delta is nlerped from identity, translation and scale scaled.
  float weight = 1.0f;
  // kMesh only: ScratchSize(num_joints) rotations of working memory.
  std::span<glm::quat> scratch;
  // Same size as target; may alias target.
  std::span<Transform> output;

  static int ScratchSize(int num_joints) { return 2 * num_joints; }
  Status Validate() const;
  Status Run() const;
};

}  // namespace footwork::anim
