#include "footwork/graph/modify_curve_node.h"

#include <cmath>

#include <fmt/format.h>

#include "node_checks.h"

namespace footwork::graph {
namespace {
constexpr const char* kNode = "modify curve";
}

Status ModifyCurveNode::Setup(const CurveLayout& layout, const std::vector<std::string>& curves,
                              CurveModifyMode mode) {
  std::vector<int> indices;
  indices.reserve(curves.size());
  for (const std::string& curve : curves) {
    auto index = layout.Require(curve);
    if (!index.ok())
      return WithContext(kNode, index.error());
    indices.push_back(*index);
  }
  indices_ = std::move(indices);
  layout_size_ = layout.size();
  mode_ = mode;
  return {};
}

Status ModifyCurveNode::Apply(std::span<float> values, std::span<const float> targets,
                              float alpha) const {
  if (Status status = detail::CheckUnit(kNode, "alpha", alpha); !status.ok())
    return status;
  if (values.size() != layout_size_ || targets.size() != indices_.size()) {
    return Error{fmt::format("modify curve: expected {} curve values and {} targets, got {} and {}",
                             layout_size_, indices_.size(), values.size(), targets.size())};
  }
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (!std::isfinite(targets[i])) {
      return Error{
          fmt::format("modify curve: target {} (layout curve {}) is not finite", i, indices_[i])};
    }
  }
  for (std::size_t i = 0; i < indices_.size(); ++i) {
    float& value = values[static_cast<std::size_t>(indices_[i])];
    switch (mode_) {
      case CurveModifyMode::kBlend:
        value += alpha * (targets[i] - value);
        break;
      case CurveModifyMode::kAdd:
        value += alpha * targets[i];
        break;
      case CurveModifyMode::kScale:
        value *= 1.0f + alpha * (targets[i] - 1.0f);
        break;
    }
  }
  return {};
}

}  // namespace footwork::graph
