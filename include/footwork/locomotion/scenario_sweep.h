#pragma once
// Copies of a scenario started at evenly spaced positions: one script played at many phases of
// the level (a stair's riser under another step of the walk each time), so a result that holds
// only at the one start a scenario file names shows as what it is. `footwork sweep` runs them.

#include <vector>

#include <glm/glm.hpp>

#include "footwork/core/error.h"
#include "footwork/locomotion/scenario.h"

namespace footwork::locomotion {

// `steps` copies of `base` whose start positions go from base's to base's + span (metres, world)
// in equal steps; everything else is unchanged. Errors: steps outside [2, 1000], span not finite.
Result<std::vector<Scenario>> SweepStartPositions(const Scenario& base, const glm::vec3& span,
                                                  int steps);

}  // namespace footwork::locomotion
