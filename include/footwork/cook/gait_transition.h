#pragma once
// Walk-to-run and run-to-walk transitions from two cycles: a phase-aligned blend. Both cycles are
// played at the same phase (aligned on their left-foot-down markers) while the blend weight and
// the phase rate ramp from the first cycle's to the second's, so the feet keep their rhythm and
// the speed ramps with them: the root covers the blended stride per cycle of phase (the cycles'
// own root motion, blended), so MotionSpeed ramps from one gait's speed to the other's.

#include <string>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"

namespace footwork::cook {

struct GaitTransitionSettings {
  // Cycles of the first gait played before the blend, and of the second after it (the seed keeps
  // lead-in frames so the state machine's crossfade has something to blend from). Every frame is
  // a whole frame, so the tail can run up to one frame's phase longer.
  float lead_in_cycles = 0.5f;
  float tail_cycles = 0.5f;
  // Length of the blend, in cycles of phase.
  float blend_cycles = 1.0f;
};

struct GaitTransition {
  anim::Clip clip;
  // Blend weight toward the second cycle per frame (rate_hz): DisableSwitchGroundGait is 1 while
  // it is strictly between 0 and 1.
  std::vector<float> weight;
  // The root's horizontal speed per frame (m/s), exact: MotionSpeed is this, not the finite
  // difference of the float root positions, which wobbles by ~1e-6 m/s on the flat lead-in and so
  // would not be monotone for the locomotion's inverse lookup of the capsule's speed.
  std::vector<float> speed;
};

// From `from` to `to` (both looping cycles with root motion; their first "Foot_L" markers align the
// phase, 0 when missing), named `name`, keyed at rate_hz.
Result<GaitTransition> SynthesizeGaitTransition(const anim::Skeleton& skeleton,
                                                const anim::Clip& from, const anim::Clip& to,
                                                const GaitTransitionSettings& settings,
                                                const std::string& name, float rate_hz);

}  // namespace footwork::cook
