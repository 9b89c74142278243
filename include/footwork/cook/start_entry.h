#pragma once
// Which foot a derived start is entered on. A start (transitions.h) enters its cycle as one foot
// goes down, so that foot stands while the root ramps up (and turns) and the other steps off. By
// convention it is the right foot; but a rig whose hip the start's turn swings away from that
// plant, or whose cycle plants that foot higher, stands it well over the floor, which the runtime
// then shows as a floating or sliding foot. So both entries are cooked and measured.

#include <functional>

#include "footwork/cook/cook_clip.h"
#include "footwork/cook/steadier_plants.h"
#include "footwork/core/error.h"

namespace footwork::cook {

// Cooks a start entered on a foot: `entry_marker` is the foot marker (Foot_L or Foot_R) at which
// it enters its cycle.
using CookStartEnteredOn = std::function<Result<CookedClip>(const char* entry_marker)>;

// Cooks the start entered on each foot and keeps the right-foot entry unless the left-foot one's
// planted feet stand at least `margin_cm` lower (CookSteadierPlants); a report note says when
// the left won and by how much. Without measured soles only the right entry is cooked.
Result<CookedClip> CookStartOnTheSteadierFoot(const CookStartEnteredOn& cook,
                                              float margin_cm = 1.0f);

}  // namespace footwork::cook
