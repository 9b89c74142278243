#include "footwork/locomotion/essential_data.h"

#include <cmath>

#include "footwork/core/angles.h"

namespace footwork::locomotion {

const char* CardinalDirectionName(CardinalDirection direction) {
  switch (direction) {
    case CardinalDirection::kForward:
      return "forward";
    case CardinalDirection::kBackward:
      return "backward";
    case CardinalDirection::kLeft:
      return "left";
    case CardinalDirection::kRight:
      return "right";
  }
  return "forward";
}

bool IsLeftFootUp(const glm::vec3& foot_left_model, const glm::vec3& foot_right_model,
                  const glm::vec3& velocity, float actor_yaw) {
  constexpr float kTolerance = 1e-4f;
  const glm::vec3 left = SafeNormal2D(foot_left_model, kTolerance);
  const glm::vec3 right = SafeNormal2D(foot_right_model, kTolerance);
  const glm::vec3 world_direction = SafeNormal2D(velocity, kTolerance);
  // Unrotate into the character's space (model space faces +Z).
  const glm::vec3 local_direction = glm::inverse(QuatFromYaw(actor_yaw)) * world_direction;
  return glm::dot(left, local_direction) > glm::dot(local_direction, right);
}

CardinalDirection SelectCardinalDirection(CardinalDirection current, float angle, float dead_zone,
                                          bool use_current_direction) {
  const float absolute = std::abs(angle);
  float forward_dead_zone = dead_zone;
  float backward_dead_zone = dead_zone;
  if (use_current_direction) {
    if (current == CardinalDirection::kForward)
      forward_dead_zone *= 2.0f;
    if (current == CardinalDirection::kBackward)
      backward_dead_zone *= 2.0f;
  }
  const float quarter = kPi / 4.0f;
  if (absolute <= quarter + forward_dead_zone)
    return CardinalDirection::kForward;
  if (absolute >= 3.0f * quarter - backward_dead_zone)
    return CardinalDirection::kBackward;
  // Positive angles are toward the character's left in Footwork's frame.
  return angle > 0.0f ? CardinalDirection::kLeft : CardinalDirection::kRight;
}

void RefreshEssentialData(EssentialData& data, const EssentialInputs& inputs,
                          const EssentialSettings& settings) {
  const movement::MovementState& movement = *inputs.movement;
  const glm::vec3& velocity = movement.velocity;
  data.ground_speed_m_s = Length2D(velocity);
  data.is_moving = data.ground_speed_m_s > settings.moving_speed_m_s;
  if (data.is_moving)
    data.last_velocity_yaw = YawFromDirection(velocity);

  data.analog_input_modifier = movement.analog_input_modifier;
  data.has_input = Length2D(inputs.input_direction) > 0.0f;
  if (data.has_input)
    data.last_input_yaw = YawFromDirection(inputs.input_direction);

  data.acceleration = movement.acceleration;
  const float tolerance = settings.safe_normal_tolerance;
  const glm::vec3 velocity_direction =
      glm::length(velocity) > tolerance ? glm::normalize(velocity) : glm::vec3(0.0f);
  const glm::vec3 acceleration_direction = glm::length(movement.acceleration) > tolerance
                                               ? glm::normalize(movement.acceleration)
                                               : glm::vec3(0.0f);
  data.should_turn =
      glm::dot(velocity_direction, acceleration_direction) < settings.should_turn_dot;

  data.is_left_foot_up =
      IsLeftFootUp(inputs.foot_left_model, inputs.foot_right_model, velocity, inputs.actor_yaw);
  data.velocity_locomotion_angle = CalculateDirection(velocity, inputs.actor_yaw);
  data.cardinal_direction =
      SelectCardinalDirection(data.cardinal_direction, data.velocity_locomotion_angle,
                              settings.cardinal_dead_zone, data.is_moving);
  data.is_falling = movement.mode == movement::MovementMode::kFalling;
}

}  // namespace footwork::locomotion
