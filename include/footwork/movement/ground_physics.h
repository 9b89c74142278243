#pragma once
// Unreal's walking velocity model as free functions (CalcVelocity, ApplyVelocityBraking) and the
// ground prediction helpers Lyra's animation uses for distance matching. Pure math, no world.

#include <glm/glm.hpp>

#include "footwork/movement/movement_settings.h"

namespace footwork::movement {

// Inputs of one CalcVelocity call besides the velocity.
struct VelocityStep {
  // Input acceleration (m/s2): input direction * max acceleration * analog modifier.
  glm::vec3 acceleration{0.0f};
  // Stick deflection 0..1; max speed is scaled by it.
  float analog_input_modifier = 0.0f;
  float max_speed_m_s = 0.0f;
  // Friction for turning toward the input (ground friction while walking).
  float friction = 0.0f;
  // Deceleration when braking.
  float braking_deceleration_m_s2 = 0.0f;
  float braking_friction_factor = 1.0f;
  bool use_separate_braking_friction = false;
  float braking_friction = 0.0f;
  float braking_substep_s = 1.0f / 33.0f;
  float brake_to_stop_speed_m_s = 0.1f;
};

// The walking VelocityStep of a gait for an input acceleration.
VelocityStep WalkingStep(const GaitSettings& gait, const MovementSettings& settings,
                         const glm::vec3& acceleration, float analog_input_modifier);

// UMovementComponent::ApplyVelocityBraking: friction * factor and constant deceleration, in
// substeps no longer than braking_substep_s (clamped to [1/75, 1/20] s), never reversing.
glm::vec3 ApplyVelocityBraking(const glm::vec3& velocity, float dt, float friction,
                               float braking_friction_factor, float braking_deceleration_m_s2,
                               float braking_substep_s, float brake_to_stop_speed_m_s);

// UCharacterMovementComponent::CalcVelocity (no path following, no fluid): brakes when there is no
// input or the velocity exceeds max speed; otherwise turns the velocity toward the input with
// friction, adds the acceleration and clamps to max speed * analog modifier.
glm::vec3 CalcVelocity(const glm::vec3& velocity, float dt, const VelocityStep& step);

// Lyra's PredictGroundMovementStopLocation: where (relative to now) braking from this horizontal
// velocity comes to rest, from the closed form of v' = -friction * v - deceleration * v/|v|
// truncated to second order, as Lyra does. Exact when the braking friction is zero.
glm::vec3 PredictGroundMovementStopLocation(const glm::vec3& velocity, const GaitSettings& gait);

// Lyra's PredictGroundMovementPivotLocation: where the velocity component against the
// acceleration reaches zero (a pivot), relative to now; zero when not pivoting.
glm::vec3 PredictGroundMovementPivotLocation(const glm::vec3& acceleration,
                                             const glm::vec3& velocity, float ground_friction);

}  // namespace footwork::movement
