#include "footwork/locomotion/stride_warp_driver.h"

#include <cmath>

#include "footwork/core/angles.h"

namespace footwork::locomotion {

Result<std::optional<ik::StrideWarpRequest>> StrideWarpDriver::Update(
    const LocomotionCharacter& character, float dt, bool reset) {
  if (!(dt > 0.0f) || !std::isfinite(dt))
    return Error{"stride warping: time step must be a positive finite number of seconds"};
  const ik::StrideWarpingSettings& settings = character.assets().settings().stride_warping;
  const movement::MovementState& movement = character.movement();
  if (reset)
    ratio_ = 1.0f;

  // The clip's root speed over this frame. The character reports no root motion on the frame
  // its clip changes; the last measured speed stands in for that one frame.
  const int clip = character.player().clip;
  if (clip >= 0 && clip == clip_) {
    const glm::vec3 moved = character.output().root_motion.translation;
    const float speed = std::sqrt(moved.x * moved.x + moved.z * moved.z) / dt;
    animation_speed_m_s_ = std::isfinite(speed) ? speed : 0.0f;
  } else if (clip < 0) {
    animation_speed_m_s_ = 0.0f;
  }
  clip_ = clip;

  const bool grounded = movement.mode == movement::MovementMode::kWalking;
  const glm::vec3 velocity(movement.velocity.x, 0.0f, movement.velocity.z);
  const float capsule_speed = glm::length(velocity);
  target_ =
      grounded ? ik::StrideWarpTargetRatio(capsule_speed, animation_speed_m_s_, settings) : 1.0f;
  auto ratio = ik::UpdateStrideWarpRatio(ratio_, target_, dt, settings);
  if (!ratio)
    return ratio.error();
  ratio_ = *ratio;
  if (!grounded || ratio_ == 1.0f || !(capsule_speed > 0.0f) || !std::isfinite(capsule_speed))
    return std::optional<ik::StrideWarpRequest>();

  ik::StrideWarpRequest request;
  // Into the model's frame (the actor's yaw).
  request.direction_model = glm::inverse(QuatFromYaw(character.actor_yaw())) * velocity;
  request.ratio = ratio_;
  request.settings = settings;
  return std::optional<ik::StrideWarpRequest>(request);
}

}  // namespace footwork::locomotion
