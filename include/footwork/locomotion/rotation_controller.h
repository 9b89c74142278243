#pragma once
// The seed's rotation framework (Part05): a primary rotation that follows the velocity (Rotating
// mode) or the camera (Strafing mode) at a constant rate, and an actor yaw interpolated toward it.
// In Rotating mode the actor target subtracts RotateAlpha x StartAngle, so during a turning start
// the capsule waits for the clip's turn instead of jerking toward the old velocity first.

#include <cstdint>

#include "footwork/locomotion/locomotion_settings.h"

namespace footwork::locomotion {

enum class RotationMode : std::uint8_t { kRotating, kStrafing };
const char* RotationModeName(RotationMode mode);

// One character's rotation state; yaws in radians.
struct RotationState {
  RotationMode mode = RotationMode::kRotating;
  RotationMode previous_mode = RotationMode::kRotating;
  float primary_yaw = 0.0f;
  // The turn a start clip performs (AnimSetup_Start): input yaw - actor yaw at the start.
  float start_angle = 0.0f;
};

// AnimSetup_Start: the primary rotation jumps to the input direction and the start angle is
// the turn still to make.
void BeginStart(RotationState& state, float last_input_yaw, float actor_yaw);

// SmoothVelocityRotation: returns the new actor yaw.
float SmoothVelocityRotation(RotationState& state, float actor_yaw, float last_velocity_yaw,
                             float rotate_alpha, float dt, const RotationSettings& settings);

// SmoothControlRotation: returns the new actor yaw.
float SmoothControlRotation(RotationState& state, float actor_yaw, float control_yaw, float dt,
                            const RotationSettings& settings);

// Sets the mode, remembering the previous one (the seed's SetRotationMode).
void SetRotationMode(RotationState& state, RotationMode mode);

}  // namespace footwork::locomotion
