#include "footwork/graph/layered_blend_node.h"

#include <fmt/format.h>

#include "node_checks.h"

namespace footwork::graph {
namespace {
constexpr const char* kNode = "layered blend";
}

Status LayeredBlendNode::Setup(const anim::Skeleton& skeleton,
                               const LayeredBlendSettings& settings) {
  auto mask = anim::BuildBranchMask(skeleton, settings.branches);
  if (!mask.ok())
    return WithContext(kNode, mask.error());
  joint_weights_ = std::move(*mask);
  scratch_.assign(
      settings.mesh_space_rotation
          ? static_cast<std::size_t>(anim::LayeredBlendJob::ScratchSize(skeleton.num_joints()))
          : 0,
      glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  mesh_space_rotation_ = settings.mesh_space_rotation;
  skeleton_ = &skeleton;
  return {};
}

Status LayeredBlendNode::Evaluate(std::span<const Transform> base, std::span<const Transform> layer,
                                  float alpha, std::span<Transform> output) {
  if (skeleton_ == nullptr)
    return Error{"layered blend: not set up (call Setup first)"};
  if (Status status = detail::CheckUnit(kNode, "alpha", alpha); !status.ok())
    return status;
  anim::LayeredBlendJob job;
  job.skeleton = skeleton_;
  job.base = base;
  job.layer = layer;
  job.joint_weights = joint_weights_;
  job.alpha = alpha;
  job.mesh_space_rotation = mesh_space_rotation_;
  job.scratch = scratch_;
  job.output = output;
  if (Status status = job.Run(); !status.ok())
    return WithContext(kNode, status.error());
  return {};
}

Status LayeredBlendNode::EvaluateCurves(std::span<const float> base, std::span<const float> layer,
                                        float alpha, std::span<float> output) const {
  if (Status status = detail::CheckUnit(kNode, "alpha", alpha); !status.ok())
    return status;
  if (base.size() != output.size() || layer.size() != output.size()) {
    return Error{fmt::format("layered blend: curve sizes differ (base {}, layer {}, output {})",
                             base.size(), layer.size(), output.size())};
  }
  for (std::size_t i = 0; i < output.size(); ++i)
    output[i] = base[i] + alpha * (layer[i] - base[i]);
  return {};
}

}  // namespace footwork::graph
