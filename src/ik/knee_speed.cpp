#include "footwork/ik/knee_speed.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace footwork::ik {
namespace {

// The law of cosines: the reach of a knee bent to `angle` grows with it.
float ReachAtKneeAngle(float upper_m, float lower_m, float angle) {
  return std::sqrt(std::max(
      0.0f, upper_m * upper_m + lower_m * lower_m - 2.0f * upper_m * lower_m * std::cos(angle)));
}

}  // namespace

float KneeAngle(const glm::vec3& hip, const glm::vec3& knee, const glm::vec3& ankle) {
  const glm::vec3 up = hip - knee;
  const glm::vec3 down = ankle - knee;
  if (!(glm::length(up) * glm::length(down) > 0.0f))
    return std::numbers::pi_v<float>;
  // atan2 of the cross and dot products: exact near straight, where acos of the dot loses it.
  return std::atan2(glm::length(glm::cross(up, down)), glm::dot(up, down));
}

ReachRange KneeStepReachRange(float upper_m, float lower_m, float previous_knee_rad,
                              float max_step_rad) {
  ReachRange range;
  if (!(max_step_rad > 0.0f) || !std::isfinite(max_step_rad) || !std::isfinite(previous_knee_rad))
    return range;
  const float narrowest = previous_knee_rad - max_step_rad;
  const float widest = previous_knee_rad + max_step_rad;
  if (narrowest > 0.0f)
    range.min_m = ReachAtKneeAngle(upper_m, lower_m, narrowest);
  if (widest < std::numbers::pi_v<float>)
    range.max_m = ReachAtKneeAngle(upper_m, lower_m, widest);
  return range;
}

}  // namespace footwork::ik
