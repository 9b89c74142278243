#pragma once
// The seed's UpdateEssentialData: what every other locomotion decision reads each frame, derived
// from the movement state, the move input and the pose's feet. Plain data, one per character.

#include <cstdint>

#include <glm/glm.hpp>

#include "footwork/locomotion/locomotion_settings.h"
#include "footwork/movement/character_mover.h"

namespace footwork::locomotion {

enum class CardinalDirection : std::uint8_t { kForward, kBackward, kLeft, kRight };
const char* CardinalDirectionName(CardinalDirection direction);

struct EssentialData {
  float ground_speed_m_s = 0.0f;
  bool is_moving = false;
  // Yaw (radians) of the last non-zero velocity and of the last non-zero input.
  float last_velocity_yaw = 0.0f;
  float last_input_yaw = 0.0f;
  bool has_input = false;
  float analog_input_modifier = 0.0f;
  glm::vec3 acceleration{0.0f};
  // Velocity against acceleration: the move-idle-move pivot (Part03).
  bool should_turn = false;
  // The left foot leads along the velocity (Part04), chooses the stop clip.
  bool is_left_foot_up = false;
  // CalculateDirection(velocity, actor yaw), radians, positive to the character's left.
  float velocity_locomotion_angle = 0.0f;
  CardinalDirection cardinal_direction = CardinalDirection::kForward;
  bool is_falling = false;
  // Capsule bottom to the floor below, refreshed only while falling and not rising fast (the
  // seed's DistanceToFloor, Part20); keeps its value otherwise.
  float distance_to_floor_m = 0.0f;
};

// Inputs of one refresh besides the settings.
struct EssentialInputs {
  const movement::MovementState* movement = nullptr;
  // The world move direction requested this frame (length = stick deflection, 0..1).
  glm::vec3 input_direction{0.0f};
  float actor_yaw = 0.0f;
  // Model-space (component-space) positions of the feet in the current pose.
  glm::vec3 foot_left_model{0.0f};
  glm::vec3 foot_right_model{0.0f};
};

// Refreshes `data` in place (last rotations persist while not moving / no input).
void RefreshEssentialData(EssentialData& data, const EssentialInputs& inputs,
                          const EssentialSettings& settings);

// The seed's bIsLeftFootUp: the foot whose horizontal direction from the root agrees more with
// the local velocity direction is ahead.
bool IsLeftFootUp(const glm::vec3& foot_left_model, const glm::vec3& foot_right_model,
                  const glm::vec3& velocity, float actor_yaw);

// The seed's SelectCardinalDirection (Part18): forward within 45 + dead zone, backward beyond
// 135 - dead zone, the dead zone doubled for the current forward/backward direction.
CardinalDirection SelectCardinalDirection(CardinalDirection current, float angle, float dead_zone,
                                          bool use_current_direction);

}  // namespace footwork::locomotion
