#pragma once
// Cleaning up a clip's sampled poses before it is rebuilt: joint pops are spread over their
// neighbours (joint_step_limit.h) and planted feet are held still with two-bone IK
// (foot_pinning.h). The two interact: pinning a leg can make its knee pop, and smoothing a planted
// leg moves its foot. This unit orders them so that both bars hold where the motion allows.

#include <string>
#include <vector>

#include "footwork/anim/skeleton.h"
#include "footwork/cook/foot_pinning.h"
#include "footwork/cook/sample_motion.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::cook {

struct PoseCleanupSettings {
  // Largest joint rotation between two frames the cleanup aims for (radians).
  float step_limit_rad = 0.0f;
  // The joint-step bar itself (a little above the limit): a cleanup over it is redone.
  float step_bar_rad = 0.0f;
  // Foot pinning's IK blend before touchdown and after lift-off (s).
  float foot_pin_blend_s = 0.1f;
};

struct PoseCleanup {
  // Whether any pose changed (the clip must then be rebuilt from the poses).
  bool changed = false;
  // What was done, for the clip's report.
  std::vector<std::string> notes;
};

// Tries, in order, until no joint turns faster than step_bar_rad (else keeps the best):
// 1. limit joint steps with the planted legs frozen (smoothing them would move the feet), pin the
//    planted feet at their preferred plants, limit again around the contacts, legs frozen;
// 2. the same, each plant moved sideways or along (never up or down, which would change where
//    the foot touches down) to where the pinned leg stays under the step limit, then limit every
//    joint, the planted legs too, and pin again;
// 3. as 2, plants also free to move up and down.
// Clips clean after step 1 are exactly what pinning alone makes of them.
// `root` is the root-motion transform per frame; `pins` may be empty (nothing is pinned).
Result<PoseCleanup> CleanUpPoses(const anim::Skeleton& skeleton, SampledPoses& poses,
                                 const std::vector<Transform>& root,
                                 const std::vector<FootPin>& pins, bool looping,
                                 const PoseCleanupSettings& settings);

}  // namespace footwork::cook
