#include "footwork/graph/apply_additive_node.h"

#include <algorithm>

#include <fmt/format.h>

#include "node_checks.h"

namespace footwork::graph {
namespace {
constexpr const char* kNode = "apply additive";
}

Status ApplyAdditiveNode::Setup(const anim::Skeleton& skeleton, anim::AdditiveSpace space) {
  skeleton_ = &skeleton;
  space_ = space;
  const int size = std::max(anim::ApplyAdditiveJob::ScratchSize(skeleton.num_joints()),
                            anim::MakeAdditiveJob::ScratchSize(skeleton.num_joints()));
  scratch_.assign(space == anim::AdditiveSpace::kMesh ? static_cast<std::size_t>(size) : 0,
                  glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  return {};
}

Status ApplyAdditiveNode::Evaluate(std::span<const Transform> base,
                                   std::span<const Transform> additive, float alpha,
                                   std::span<Transform> output) {
  if (skeleton_ == nullptr)
    return Error{"apply additive: not set up (call Setup first)"};
  if (Status status = detail::CheckUnit(kNode, "alpha", alpha); !status.ok())
    return status;
  anim::ApplyAdditiveJob job;
  job.skeleton = skeleton_;
  job.space = space_;
  job.target = base;
  job.additive = additive;
  job.weight = alpha;
  job.scratch = scratch_;
  job.output = output;
  if (Status status = job.Run(); !status.ok())
    return WithContext(kNode, status.error());
  return {};
}

Status ApplyAdditiveNode::MakeAdditive(std::span<const Transform> pose,
                                       std::span<const Transform> reference,
                                       std::span<Transform> additive) {
  if (skeleton_ == nullptr)
    return Error{"apply additive: not set up (call Setup first)"};
  anim::MakeAdditiveJob job;
  job.skeleton = skeleton_;
  job.space = space_;
  job.pose = pose;
  job.base = reference;
  job.scratch = scratch_;
  job.output = additive;
  if (Status status = job.Run(); !status.ok())
    return WithContext(kNode, status.error());
  return {};
}

Status ApplyAdditiveNode::EvaluateCurves(std::span<const float> base,
                                         std::span<const float> additive, float alpha,
                                         std::span<float> output) const {
  if (Status status = detail::CheckUnit(kNode, "alpha", alpha); !status.ok())
    return status;
  if (base.size() != output.size() || additive.size() != output.size()) {
    return Error{fmt::format("apply additive: curve sizes differ (base {}, additive {}, output {})",
                             base.size(), additive.size(), output.size())};
  }
  for (std::size_t i = 0; i < output.size(); ++i)
    output[i] = base[i] + alpha * additive[i];
  return {};
}

}  // namespace footwork::graph
