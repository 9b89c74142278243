#include "footwork/ik/knee_direction.h"

#include <cmath>

#include "footwork/core/transform.h"

namespace footwork::ik {
namespace {

// Below this share of the forward axis across the leg's line, the line has no forward side.
constexpr float kKneeForwardMinShare = 0.2f;

}  // namespace

glm::vec3 KneeForwardOfLine(const glm::vec3& pole, const glm::vec3& hip_to_target) {
  if (!IsFinite(pole) || !IsFinite(hip_to_target))
    return pole;
  const float length = glm::length(hip_to_target);
  if (!(length > 1e-4f))
    return pole;
  const glm::vec3 line = hip_to_target / length;
  const glm::vec3 forward(0.0f, 0.0f, 1.0f);
  glm::vec3 ahead = forward - glm::dot(forward, line) * line;
  const float ahead_length = glm::length(ahead);
  if (!(ahead_length > kKneeForwardMinShare))
    return pole;
  ahead /= ahead_length;
  glm::vec3 across = pole - glm::dot(pole, line) * line;
  const float back = glm::dot(across, ahead);
  if (back >= 0.0f)
    return pole;
  across -= back * ahead;
  return across + kKneeForwardBiasM * ahead;
}

glm::vec3 KneePole(const glm::vec3& knee_offset, const glm::vec3& thigh_axis, const glm::vec3& line,
                   float weight_m) {
  glm::vec3 offset = knee_offset;
  glm::vec3 forward = thigh_axis - glm::dot(thigh_axis, line) * line;
  const float forward_length = glm::length(forward);
  if (forward_length > 1e-4f) {
    forward /= forward_length;
    const float along = glm::dot(offset, forward);
    if (along < 0.0f)
      offset -= along * forward;
  }
  return offset + weight_m * thigh_axis;
}

}  // namespace footwork::ik
