#pragma once
// Apply additive as a graph node (over anim::ApplyAdditiveJob): adds an additive pose (a lean,
// an aim offset; see anim/additive.h for the representation) onto a base pose with an alpha.
// Also makes additives from a pose and its reference at run time. Scratch memory is sized at
// Setup; Evaluate does not allocate.

#include <span>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/additive.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::graph {

class ApplyAdditiveNode {
 public:
  // `space` must match the space the additives were made in. The skeleton must outlive the node.
  Status Setup(const anim::Skeleton& skeleton,
               anim::AdditiveSpace space = anim::AdditiveSpace::kLocal);

  // output = base + alpha * additive (alpha finite, in [0, 1]; 0 gives base). Spans have the
  // skeleton's joint count; output may alias base.
  Status Evaluate(std::span<const Transform> base, std::span<const Transform> additive, float alpha,
                  std::span<Transform> output);
  // additive = pose - reference in this node's space (for clips authored as full poses).
  Status MakeAdditive(std::span<const Transform> pose, std::span<const Transform> reference,
                      std::span<Transform> additive);
  // Curves: output = base + alpha * additive. Same sizes; output may alias base.
  Status EvaluateCurves(std::span<const float> base, std::span<const float> additive, float alpha,
                        std::span<float> output) const;

  anim::AdditiveSpace space() const { return space_; }

 private:
  const anim::Skeleton* skeleton_ = nullptr;
  anim::AdditiveSpace space_ = anim::AdditiveSpace::kLocal;
  std::vector<glm::quat> scratch_;
};

}  // namespace footwork::graph
