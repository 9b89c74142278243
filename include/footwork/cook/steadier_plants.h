#pragma once
// Choosing between two cooks of one derived clip by how high their planted feet stand: the
// cook's locked-sole figure (ClipQuality::locked_sole_height_cm_*) is what the runtime shows as a
// floating foot, or as a slide where the IK pulls the foot down within the leg's reach.

#include <optional>
#include <string>

#include "footwork/cook/cook_clip.h"

namespace footwork::cook {

// The highest of a cooked clip's locked-sole heights (cm; none when neither was measured).
std::optional<float> HighestLockedSole(const ClipReport& report);

// `preferred` unless `alternative`'s planted feet stand at least `margin_cm` lower; then the
// alternative, with a report note "<what>: planted soles stand A cm up at most, B cm without".
// Without a measured figure on either, `preferred`.
CookedClip KeepSteadierPlants(CookedClip preferred, CookedClip alternative, float margin_cm,
                              const std::string& what);

}  // namespace footwork::cook
