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

Result<CookedClip> CookSteadierPlants(Result<CookedClip> preferred,
                                      const CookAlternative& alternative, float margin_cm,
                                      const std::string& what) {
  if (!preferred)
    return preferred;
  const std::optional<float> preferred_sole = HighestLockedSole(preferred->report);
  if (!preferred_sole)
    return preferred;
  Result<CookedClip> other = alternative();
  if (!other)
    return other;
  const std::optional<float> other_sole = HighestLockedSole(other->report);
  if (!other_sole || *other_sole > *preferred_sole - margin_cm)
    return preferred;
  other->report.notes.push_back(
      fmt::format("{}: planted soles stand {:.1f} cm up at most, {:.1f} cm without", what,
                  *other_sole, *preferred_sole));
  return other;
}

}  // namespace footwork::cook
