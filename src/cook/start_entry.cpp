#include "footwork/cook/start_entry.h"

#include <algorithm>

#include <fmt/format.h>

#include "footwork/anim/curve_names.h"

namespace footwork::cook {

std::optional<float> HighestLockedSole(const ClipReport& report) {
  const std::optional<float>& left = report.quality.locked_sole_height_cm_left;
  const std::optional<float>& right = report.quality.locked_sole_height_cm_right;
  if (left && right)
    return std::max(*left, *right);
  return left ? left : right;
}

Result<CookedClip> CookStartOnTheSteadierFoot(const CookStartEnteredOn& cook, float margin_cm) {
  Result<CookedClip> right = cook(anim::curve_names::kMarkerFootRight);
  if (!right)
    return right;
  const std::optional<float> right_sole = HighestLockedSole(right->report);
  if (!right_sole)
    return right;
  Result<CookedClip> left = cook(anim::curve_names::kMarkerFootLeft);
  if (!left)
    return left;
  const std::optional<float> left_sole = HighestLockedSole(left->report);
  if (!left_sole || *left_sole > *right_sole - margin_cm)
    return right;
  left->report.notes.push_back(
      fmt::format("entered on the left foot: its planted soles stand {:.1f} cm up at most, "
                  "{:.1f} cm entered on the right",
                  *left_sole, *right_sole));
  return left;
}

}  // namespace footwork::cook
