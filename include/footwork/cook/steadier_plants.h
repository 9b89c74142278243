#pragma once
// Choosing between two cooks of one derived clip by how high their planted feet stand: the
// cook's locked-sole figure (ClipQuality::locked_sole_height_cm_*) is what the runtime shows as a
// floating foot, or as a slide where the IK pulls the foot down within the leg's reach.

#include <functional>
#include <optional>
#include <string>

#include "footwork/cook/cook_clip.h"
#include "footwork/core/error.h"

namespace footwork::cook {

// The highest of a cooked clip's locked-sole heights (cm; none when neither was measured).
std::optional<float> HighestLockedSole(const ClipReport& report);

// Cooks the other way of making a clip.
using CookAlternative = std::function<Result<CookedClip>()>;

// `preferred` unless the alternative's planted feet stand at least `margin_cm` lower; then the
// alternative, with a report note "<what>: planted soles stand A cm up at most, B cm without".
// The alternative is cooked only when `preferred` cooked and its soles were measured; errors of
// either are returned.
Result<CookedClip> CookSteadierPlants(Result<CookedClip> preferred,
                                      const CookAlternative& alternative, float margin_cm,
                                      const std::string& what);

}  // namespace footwork::cook
