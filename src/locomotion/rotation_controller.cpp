#include "footwork/locomotion/rotation_controller.h"

#include "footwork/core/angles.h"

namespace footwork::locomotion {

const char* RotationModeName(RotationMode mode) {
  return mode == RotationMode::kStrafing ? "strafing" : "velocity_direction";
}

void BeginStart(RotationState& state, float last_input_yaw, float actor_yaw) {
  state.primary_yaw = NormalizeAngle(last_input_yaw);
  state.start_angle = NormalizedDeltaAngle(last_input_yaw, actor_yaw);
}

float SmoothVelocityRotation(RotationState& state, float actor_yaw, float last_velocity_yaw,
                             float rotate_alpha, float dt, const RotationSettings& settings) {
  // Constant rate, never a snap: RInterpTo at 800 would jump back to the old velocity in one
  // frame and pull the actor the wrong way (the seed's worked example).
  state.primary_yaw =
      YawInterpConstantTo(state.primary_yaw, last_velocity_yaw, dt, settings.velocity_primary_rate);
  const float target = state.primary_yaw - rotate_alpha * state.start_angle;
  return YawInterpTo(actor_yaw, target, dt, settings.velocity_actor_interp_speed);
}

float SmoothControlRotation(RotationState& state, float actor_yaw, float control_yaw, float dt,
                            const RotationSettings& settings) {
  state.primary_yaw =
      YawInterpConstantTo(state.primary_yaw, control_yaw, dt, settings.control_primary_rate);
  return YawInterpTo(actor_yaw, state.primary_yaw, dt, settings.control_actor_interp_speed);
}

void SetRotationMode(RotationState& state, RotationMode mode) {
  if (state.mode == mode)
    return;
  state.previous_mode = state.mode;
  state.mode = mode;
}

}  // namespace footwork::locomotion
