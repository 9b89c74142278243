#pragma once
// Drives stride warping (ik/stride_warping.h) from the locomotion character, one per character:
// the capsule's ground speed against the played clip's root speed this frame (clip root motion
// over the frame from the player's time, so a clamped start play rate, a capped gait-transition
// rate and distance matching are all included), turned into a clamped, interpolated ratio, and the
// locomotion direction (the velocity) in model space. The IK stage hands the request to
// CharacterIk, which warps before foot placement and foot lock.

#include <optional>

#include "footwork/core/error.h"
#include "footwork/ik/stride_warping.h"
#include "footwork/locomotion/locomotion_character.h"

namespace footwork::locomotion {

class StrideWarpDriver {
 public:
  // One frame after character.Update. `reset` (a teleport) starts the ratio over at 1. Returns
  // the request for this frame: none while the warp is disabled, the character is not on the
  // ground or the ratio is 1. Errors: dt not positive and finite.
  Result<std::optional<ik::StrideWarpRequest>> Update(const LocomotionCharacter& character,
                                                      float dt, bool reset);

  // The ratio now, the target it moves toward, and the animation speed (m/s) it was measured
  // against (the last one measured when the clip changed this frame).
  float ratio() const { return ratio_; }
  float target() const { return target_; }
  float animation_speed_m_s() const { return animation_speed_m_s_; }

 private:
  float ratio_ = 1.0f;
  float target_ = 1.0f;
  float animation_speed_m_s_ = 0.0f;
  // The played clip and its time last frame.
  int clip_ = -1;
  float time_s_ = 0.0f;
};

}  // namespace footwork::locomotion
