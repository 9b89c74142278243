#include "footwork/cook/steadier_plants.h"

#include <algorithm>

#include <fmt/format.h>

namespace footwork::cook {

std::optional<float> HighestLockedSole(const ClipReport& report) {
  const std::optional<float>& left = report.quality.locked_sole_height_cm_left;
  const std::optional<float>& right = report.quality.locked_sole_height_cm_right;
  if (left && right)
    return std::max(*left, *right);
  return left ? left : right;
}

CookedClip KeepSteadierPlants(CookedClip preferred, CookedClip alternative, float margin_cm,
                              const std::string& what) {
  const std::optional<float> preferred_sole = HighestLockedSole(preferred.report);
  const std::optional<float> alternative_sole = HighestLockedSole(alternative.report);
  if (!preferred_sole || !alternative_sole || *alternative_sole > *preferred_sole - margin_cm)
    return preferred;
  alternative.report.notes.push_back(
      fmt::format("{}: planted soles stand {:.1f} cm up at most, {:.1f} cm without", what,
                  *alternative_sole, *preferred_sole));
  return alternative;
}

}  // namespace footwork::cook
