#pragma once
// Lifting feet out of the floor. Source clips and the cooker's own blends push a heel or a ball
// through the floor (a sprint's push-off sinks the ball 4 cm; a start blended from idle into a
// cycle pitches the foot about the ankle and drops the ball): the runtime can only lift such a
// foot frame by frame, which pops the leg. Here the whole clip is known, so each foot is lifted
// with two-bone IK, keeping its orientation, by an envelope over its sinking: never less than the
// sinking, rising and falling no faster than max_lift_speed_m_s. A locked foot may rise in the
// clip (a heel rolling onto its ball): the runtime's lock holds its place on the ground and lets
// its height follow the animation, and the cooker's locked-foot bar measures horizontal slide.

#include <array>
#include <vector>

#include "footwork/anim/skeleton.h"
#include "footwork/anim/two_bone_ik.h"
#include "footwork/cook/sample_motion.h"
#include "footwork/cook/standing_feet.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::cook {

struct SoleFloorGuardSettings {
  // The lift rises toward a sinking and falls after it no faster than this (m/s): 0.6 m/s is
  // 1 cm a frame at 60 Hz, which kept every cooked clip under the joint-step bar. Lower spreads
  // the lift over more of the stance, where a planted foot then floats.
  float max_lift_speed_m_s = 0.6f;
  // Sinking up to this deep is left alone (m).
  float tolerance_m = 0.002f;
};

// thigh -> calf -> foot of each leg, left then right.
using GuardedLegs = std::array<anim::TwoBoneIkChain, 2>;

struct SoleFloorLift {
  // The deepest sinking found and the largest lift applied, over both feet (m).
  float deepest_m = 0.0f;
  float largest_lift_m = 0.0f;
};

// The floor is y = 0 of the clip's start space (`root`, the root-motion transform per frame,
// applied to the model-space poses). The lift is computed on the unique frames of a looping clip
// (its last frame equals its first) and wraps around its end. Errors on size mismatches.
Result<SoleFloorLift> LiftSolesOutOfFloor(const anim::Skeleton& skeleton, SampledPoses& poses,
                                          const std::vector<Transform>& root,
                                          const GuardedLegs& legs, const StandingFeet& standing,
                                          bool looping, const SoleFloorGuardSettings& settings);

// The lift for per-frame sinking depths: the lowest curve that is at least depth[f] at every
// frame and changes by at most max_step_m between frames (wrapping when looping).
std::vector<float> LiftEnvelope(const std::vector<float>& depth, float max_step_m, bool looping);

}  // namespace footwork::cook
