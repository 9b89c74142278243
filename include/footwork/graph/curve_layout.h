#pragma once
// The named float curves a graph outputs (Distance, RotateAlpha, FootLock_L, ...), fixed at setup
// and shared by every character. Nodes write curve values into a caller-owned span aligned with
// the layout: values[i] is the curve names()[i]. Clips are bound to a layout once per clip
// switch, so evaluating curves each frame costs no name lookups and no allocation.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/core/error.h"

namespace footwork::graph {

class CurveLayout {
 public:
  CurveLayout() = default;
  explicit CurveLayout(std::vector<std::string> names) : names_(std::move(names)) {}

  const std::vector<std::string>& names() const { return names_; }
  std::size_t size() const { return names_.size(); }
  // The index of `name`, or -1.
  int Find(std::string_view name) const;
  // The index of `name`, or an error naming the curve and the layout's curves.
  Result<int> Require(std::string_view name) const;

 private:
  std::vector<std::string> names_;
};

// bound[i] = the clip's curve named layout.names()[i], or nullptr when the clip lacks it (its
// value is then 0). bound.size() must equal layout.size(); does not allocate.
void BindCurves(const anim::Clip& clip, const CurveLayout& layout,
                std::span<const anim::FloatCurve*> bound);

// values[i] = bound[i] evaluated at time_s (already wrapped or clamped into the clip), 0 when
// unbound. values.size() must equal bound.size().
void EvaluateBoundCurves(std::span<const anim::FloatCurve* const> bound, float time_s,
                         std::span<float> values);

}  // namespace footwork::graph
