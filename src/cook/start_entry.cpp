#include "footwork/cook/start_entry.h"

#include "footwork/anim/curve_names.h"
#include "footwork/cook/steadier_plants.h"

namespace footwork::cook {

Result<CookedClip> CookStartOnTheSteadierFoot(const CookStartEnteredOn& cook, float margin_cm) {
  Result<CookedClip> right = cook(anim::curve_names::kMarkerFootRight);
  if (!right)
    return right;
  if (!HighestLockedSole(right->report))
    return right;
  Result<CookedClip> left = cook(anim::curve_names::kMarkerFootLeft);
  if (!left)
    return left;
  return KeepSteadierPlants(std::move(*right), std::move(*left), margin_cm,
                            "entered on the left foot");
}

}  // namespace footwork::cook
