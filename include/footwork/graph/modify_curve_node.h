#pragma once
// Modify curve (Unreal's node of that name): overrides, offsets or scales named curves of the
// graph's output by an alpha, e.g. forcing Enable_FootIK_L to 0 while a montage plays. Curve
// names are resolved against the CurveLayout once at Setup (a missing curve is an error there);
// Apply does not allocate.

#include <span>
#include <string>
#include <vector>

#include "footwork/core/error.h"
#include "footwork/graph/curve_layout.h"

namespace footwork::graph {

enum class CurveModifyMode {
  // value -> value + alpha * (target - value)
  kBlend,
  // value -> value + alpha * target
  kAdd,
  // value -> value * (1 + alpha * (target - 1))
  kScale,
};

class ModifyCurveNode {
 public:
  // Binds `curves` (names in `layout`) with `mode`. Errors name a curve missing from the layout.
  Status Setup(const CurveLayout& layout, const std::vector<std::string>& curves,
               CurveModifyMode mode);

  // Modifies values (layout size) in place: curve i of Setup gets targets[i]. Targets finite,
  // alpha finite in [0, 1]; otherwise an error and no change.
  Status Apply(std::span<float> values, std::span<const float> targets, float alpha) const;

  // The layout index of each bound curve, in Setup order.
  std::span<const int> indices() const { return indices_; }
  CurveModifyMode mode() const { return mode_; }

 private:
  std::vector<int> indices_;
  std::size_t layout_size_ = 0;
  CurveModifyMode mode_ = CurveModifyMode::kBlend;
};

}  // namespace footwork::graph
