#include "footwork/locomotion/stride_warp_driver.h"

#include <cmath>

#include "footwork/anim/root_motion.h"
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

  // The clip's root speed over this frame. A looping clip that wrapped played on through its
  // end (the character's own root_motion reads that frame backwards). When the clip changed this
  // frame, the last measured speed stands in for that one frame.
  const ClipPlayer& player = character.player();
  if (player.clip >= 0 && player.clip == clip_) {
    const anim::Clip& clip =
        character.assets().library().clips[static_cast<std::size_t>(player.clip)];
    float elapsed = player.time_s - time_s_;
    if (player.looping && elapsed < 0.0f)
      elapsed += clip.duration_s;
    const Transform moved = anim::ExtractRootMotion(
        clip, time_s_, elapsed, player.looping ? anim::WrapMode::kLoop : anim::WrapMode::kClamp);
    const float speed = std::hypot(moved.translation.x, moved.translation.z) / dt;
    animation_speed_m_s_ = std::isfinite(speed) ? speed : 0.0f;
  } else if (player.clip < 0) {
    animation_speed_m_s_ = 0.0f;
  }
  clip_ = player.clip;
  time_s_ = player.time_s;

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
