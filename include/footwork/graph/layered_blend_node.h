#pragma once
// Layered blend per bone as a graph node (over anim::LayeredBlendJob): a layer pose replaces the
// base pose on chosen skeleton branches (e.g. the upper body from the spine up) with an overall
// alpha; curves blend by the same alpha. The branch mask is built once at Setup (allocates);
// Evaluate does not allocate.

#include <span>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/layered_blend.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::graph {

struct LayeredBlendSettings {
  // Branches the layer drives (joint and descendants, with an optional blend depth).
  std::vector<anim::BranchFilter> branches;
  // Blend rotations in model space so the layered branch keeps its world orientation.
  bool mesh_space_rotation = false;
};

class LayeredBlendNode {
 public:
  // Builds the per-joint mask. Errors name a joint the skeleton lacks or a negative depth. The
  // skeleton must outlive the node.
  Status Setup(const anim::Skeleton& skeleton, const LayeredBlendSettings& settings);

  // output = base with the masked joints blended towards layer by alpha (finite, [0, 1]).
  // All spans have the skeleton's joint count; output may alias base or layer.
  Status Evaluate(std::span<const Transform> base, std::span<const Transform> layer, float alpha,
                  std::span<Transform> output);
  // Curves: output = base + alpha * (layer - base). Same sizes; output may alias either.
  Status EvaluateCurves(std::span<const float> base, std::span<const float> layer, float alpha,
                        std::span<float> output) const;

  std::span<const float> joint_weights() const { return joint_weights_; }

 private:
  const anim::Skeleton* skeleton_ = nullptr;
  std::vector<float> joint_weights_;
  std::vector<glm::quat> scratch_;
  bool mesh_space_rotation_ = false;
};

}  // namespace footwork::graph
