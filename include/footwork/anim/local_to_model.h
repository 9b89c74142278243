#pragma once
// Converting a pose between local space (relative to each parent) and model space (relative to
// the skeleton's root space) in one pass, relying on parents[i] < i.

#include <span>

#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::anim {

// model[i] = model[parent[i]] * local[i]; roots get root * local[i].
struct LocalToModelJob {
  const Skeleton* skeleton = nullptr;
  std::span<const Transform> input;
  // Placed above every root joint (e.g. the character's world transform).
  Transform root = Transform::Identity();
  // Same size as input; must not alias it.
  std::span<Transform> output;

  Status Validate() const;
  Status Run() const;
};

// local[i] = inverse(model[parent[i]]) * model[i]; roots get inverse(root) * model[i].
// Exact for uniform scale (see Transform::Inverse).
struct ModelToLocalJob {
  const Skeleton* skeleton = nullptr;
  std::span<const Transform> input;
  Transform root = Transform::Identity();
  // Same size as input; may alias input (converted in place, children first).
  std::span<Transform> output;

  Status Validate() const;
  Status Run() const;
};

}  // namespace footwork::anim
