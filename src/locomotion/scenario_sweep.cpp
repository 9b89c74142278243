#include "footwork/locomotion/scenario_sweep.h"

#include <cmath>

#include <fmt/format.h>

namespace footwork::locomotion {

Result<std::vector<Scenario>> SweepStartPositions(const Scenario& base, const glm::vec3& span,
                                                  int steps) {
  constexpr int kMaxSteps = 1000;
  if (steps < 2 || steps > kMaxSteps)
    return Error{fmt::format("sweep: {} steps; give 2 to {}", steps, kMaxSteps)};
  if (!std::isfinite(span.x) || !std::isfinite(span.y) || !std::isfinite(span.z))
    return Error{"sweep: the span is not finite"};
  std::vector<Scenario> runs(static_cast<std::size_t>(steps), base);
  for (int i = 0; i < steps; ++i) {
    const float share = static_cast<float>(i) / static_cast<float>(steps - 1);
    runs[static_cast<std::size_t>(i)].start_position = base.start_position + span * share;
  }
  return runs;
}

}  // namespace footwork::locomotion
