#include "footwork/movement/ground_physics.h"

#include <algorithm>
#include <cmath>

#include "footwork/core/angles.h"

namespace footwork::movement {
namespace {

// Unreal's MIN_TICK_TIME: shorter braking steps are skipped.
constexpr float kMinTickTimeS = 1.0e-6f;
// Unreal's KINDA_SMALL_NUMBER on squared speed in cm2/s2, converted to m2/s2.
constexpr float kNearlyZeroSpeedSquared = 1.0e-8f;

glm::vec3 SafeNormal(const glm::vec3& v) {
  const float length_squared = glm::dot(v, v);
  return length_squared > kSmallNumber ? v / std::sqrt(length_squared) : glm::vec3(0.0f);
}

glm::vec3 ClampedToMaxSize(const glm::vec3& v, float max_size) {
  if (max_size < kKindaSmallNumber)
    return glm::vec3(0.0f);
  const float length_squared = glm::dot(v, v);
  if (length_squared > max_size * max_size)
    return v * (max_size / std::sqrt(length_squared));
  return v;
}

bool IsZero(const glm::vec3& v) {
  return v.x == 0.0f && v.y == 0.0f && v.z == 0.0f;
}

}  // namespace

VelocityStep WalkingStep(const GaitSettings& gait, const MovementSettings& settings,
                         const glm::vec3& acceleration, float analog_input_modifier) {
  VelocityStep step;
  step.acceleration = acceleration;
  step.analog_input_modifier = analog_input_modifier;
  step.max_speed_m_s = gait.max_speed_m_s;
  step.friction = gait.ground_friction;
  step.braking_deceleration_m_s2 = gait.braking_deceleration_m_s2;
  step.braking_friction_factor = gait.braking_friction_factor;
  step.use_separate_braking_friction = gait.use_separate_braking_friction;
  step.braking_friction = gait.braking_friction;
  step.braking_substep_s = settings.braking_substep_s;
  step.brake_to_stop_speed_m_s = settings.brake_to_stop_speed_m_s;
  return step;
}

glm::vec3 ApplyVelocityBraking(const glm::vec3& velocity, float dt, float friction,
                               float braking_friction_factor, float braking_deceleration_m_s2,
                               float braking_substep_s, float brake_to_stop_speed_m_s) {
  if (IsZero(velocity) || dt < kMinTickTimeS)
    return velocity;
  const float effective_friction =
      std::max(0.0f, friction * std::max(0.0f, braking_friction_factor));
  const float deceleration = std::max(0.0f, braking_deceleration_m_s2);
  const bool zero_friction = effective_friction == 0.0f;
  const bool zero_braking = deceleration == 0.0f;
  if (zero_friction && zero_braking)
    return velocity;

  const glm::vec3 old_velocity = velocity;
  glm::vec3 result = velocity;
  // Substeps keep braking with friction consistent at low frame rates, as Unreal does.
  const float max_step = std::clamp(braking_substep_s, 1.0f / 75.0f, 1.0f / 20.0f);
  // The deceleration direction is fixed at the start, as in Unreal.
  const glm::vec3 reverse_acceleration =
      zero_braking ? glm::vec3(0.0f) : -deceleration * SafeNormal(velocity);
  float remaining = dt;
  while (remaining >= kMinTickTimeS) {
    // Zero friction is constant deceleration: one step is exact.
    const float step =
        (remaining > max_step && !zero_friction) ? std::min(max_step, remaining * 0.5f) : remaining;
    remaining -= step;
    result = result + (-effective_friction * result + reverse_acceleration) * step;
    if (glm::dot(result, old_velocity) <= 0.0f)
      return glm::vec3(0.0f);
  }
  const float speed_squared = glm::dot(result, result);
  if (speed_squared <= kNearlyZeroSpeedSquared ||
      (!zero_braking && speed_squared <= brake_to_stop_speed_m_s * brake_to_stop_speed_m_s)) {
    return glm::vec3(0.0f);
  }
  return result;
}

glm::vec3 CalcVelocity(const glm::vec3& velocity, float dt, const VelocityStep& step) {
  const float friction = std::max(0.0f, step.friction);
  const float max_input_speed = step.max_speed_m_s * step.analog_input_modifier;
  const bool zero_acceleration = IsZero(step.acceleration);
  // Unreal's IsExceedingMaxSpeed allows 1% slack on the squared speed for rounding.
  auto exceeding = [&](float max_speed) {
    const float limit = std::max(0.0f, max_speed);
    return glm::dot(velocity, velocity) > limit * limit * 1.01f;
  };
  const bool over_max = exceeding(max_input_speed);

  glm::vec3 result = velocity;
  if (zero_acceleration || over_max) {
    const float braking_friction =
        step.use_separate_braking_friction ? step.braking_friction : friction;
    result = ApplyVelocityBraking(result, dt, braking_friction, step.braking_friction_factor,
                                  step.braking_deceleration_m_s2, step.braking_substep_s,
                                  step.brake_to_stop_speed_m_s);
    // Braking must not take a character that is still pushing forward below max speed.
    if (over_max && glm::dot(result, result) < max_input_speed * max_input_speed &&
        glm::dot(step.acceleration, velocity) > 0.0f) {
      result = SafeNormal(velocity) * max_input_speed;
    }
  } else {
    // Friction turns the velocity toward the input direction, keeping its speed.
    const glm::vec3 acceleration_dir = SafeNormal(step.acceleration);
    const float speed = glm::length(result);
    result = result - (result - acceleration_dir * speed) * std::min(dt * friction, 1.0f);
  }

  if (!zero_acceleration) {
    const float new_max_input_speed = over_max ? glm::length(result) : max_input_speed;
    result += step.acceleration * dt;
    result = ClampedToMaxSize(result, new_max_input_speed);
  }
  return result;
}

glm::vec3 PredictGroundMovementStopLocation(const glm::vec3& velocity, const GaitSettings& gait) {
  float braking_friction =
      gait.use_separate_braking_friction ? gait.braking_friction : gait.ground_friction;
  braking_friction =
      std::max(0.0f, braking_friction * std::max(0.0f, gait.braking_friction_factor));
  const float deceleration = std::max(0.0f, gait.braking_deceleration_m_s2);
  const glm::vec3 velocity_2d(velocity.x, 0.0f, velocity.z);
  const float speed_2d = glm::length(velocity_2d);
  if (speed_2d <= 0.0f)
    return glm::vec3(0.0f);
  const glm::vec3 direction_2d = velocity_2d / speed_2d;
  const float divisor = braking_friction * speed_2d + deceleration;
  if (divisor <= 0.0f)
    return glm::vec3(0.0f);
  const float time_to_stop = speed_2d / divisor;
  return velocity_2d * time_to_stop +
         0.5f * (-braking_friction * velocity_2d - deceleration * direction_2d) * time_to_stop *
             time_to_stop;
}

glm::vec3 PredictGroundMovementPivotLocation(const glm::vec3& acceleration,
                                             const glm::vec3& velocity, float ground_friction) {
  const glm::vec3 acceleration_2d(acceleration.x, 0.0f, acceleration.z);
  const float acceleration_size = glm::length(acceleration_2d);
  if (acceleration_size <= 0.0f)
    return glm::vec3(0.0f);
  const glm::vec3 acceleration_dir = acceleration_2d / acceleration_size;
  const float velocity_along = glm::dot(velocity, acceleration_dir);
  if (velocity_along >= 0.0f)
    return glm::vec3(0.0f);
  const float speed_against = -velocity_along;
  const float divisor = acceleration_size + 2.0f * speed_against * ground_friction;
  const float time_to_change = speed_against / divisor;
  const glm::vec3 force =
      acceleration - (velocity - acceleration_dir * Length2D(velocity)) * ground_friction;
  return velocity * time_to_change + 0.5f * force * time_to_change * time_to_change;
}

}  // namespace footwork::movement
