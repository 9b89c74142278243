#include "footwork/graph/curve_layout.h"

#include <algorithm>
#include <cassert>

#include "footwork/anim/curve.h"

namespace footwork::graph {

int CurveLayout::Find(std::string_view name) const {
  const auto found = std::find(names_.begin(), names_.end(), name);
  return found == names_.end() ? -1 : static_cast<int>(found - names_.begin());
}

Result<int> CurveLayout::Require(std::string_view name) const {
  const int index = Find(name);
  if (index >= 0)
    return index;
  std::string known;
  for (const std::string& entry : names_)
    known += (known.empty() ? "" : ", ") + entry;
  return Error{"curve '" + std::string(name) + "' is not in the graph's curve layout (" +
               (known.empty() ? std::string("no curves") : known) + ")"};
}

void BindCurves(const anim::Clip& clip, const CurveLayout& layout,
                std::span<const anim::FloatCurve*> bound) {
  assert(bound.size() == layout.size());
  for (std::size_t i = 0; i < bound.size() && i < layout.size(); ++i)
    bound[i] = clip.FindCurve(layout.names()[i]);
}

void EvaluateBoundCurves(std::span<const anim::FloatCurve* const> bound, float time_s,
                         std::span<float> values) {
  assert(bound.size() == values.size());
  for (std::size_t i = 0; i < bound.size() && i < values.size(); ++i)
    values[i] = bound[i] != nullptr ? anim::EvaluateCurve(*bound[i], time_s) : 0.0f;
}

}  // namespace footwork::graph
