#include "footwork/cook/start_entry.h"

#include "footwork/anim/curve_names.h"
#include "footwork/cook/steadier_plants.h"

namespace footwork::cook {

Result<CookedClip> CookStartOnTheSteadierFoot(const CookStartEnteredOn& cook, float margin_cm) {
  return CookSteadierPlants(
      cook(anim::curve_names::kMarkerFootRight),
      [&] { return cook(anim::curve_names::kMarkerFootLeft); }, margin_cm,
      "entered on the left foot");
}

}  // namespace footwork::cook
