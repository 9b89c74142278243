#pragma once
// How fast a swinging leg's knee may bend or straighten. Near full extension a leg's knee angle is
// very sensitive to its reach: the KayKit Knight's leg (23 + 15 cm) turns its knee 20 degrees for
// the last 1.3 cm, so a target that moves a centimetre or two in one frame (a capsule dropping off
// a step while the pelvis is held in the world) snaps the knee straight or bends it sharply. A
// foot in the air need not reach its target exactly; its knee is held to a speed, and the foot
// stops short of (or beyond) its target along the hip-to-target line instead.

#include <limits>

#include <glm/glm.hpp>

namespace footwork::ik {

// The interior angle at the knee (0 folded shut, pi straight), radians.
float KneeAngle(const glm::vec3& hip, const glm::vec3& knee, const glm::vec3& ankle);

// Reaches (hip to ankle, metres) of a leg whose knee angle is within a step of an angle.
struct ReachRange {
  float min_m = 0.0f;
  float max_m = std::numeric_limits<float>::infinity();
};

// The reaches of a leg with these bone lengths whose knee angle is within max_step_rad of
// previous_knee_rad: unbounded below when the step allows the knee folded shut, above when it
// allows it straight, and on both sides for a step that is not a finite positive number.
ReachRange KneeStepReachRange(float upper_m, float lower_m, float previous_knee_rad,
                              float max_step_rad);

}  // namespace footwork::ik
