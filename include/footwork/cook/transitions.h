#pragma once
// Stops and starts synthesised from a cycle and the idle, for packs that have only cycles. A stop
// plays the cycle with a playback rate falling linearly to 0 (so the root decelerates uniformly
// and comes to rest) while the pose blends into the idle; a start does the reverse, optionally
// adding root yaw so the character turns into its first steps.

#include "footwork/anim/clip.h"
#include "footwork/anim/skeleton.h"
#include "footwork/cook/character_description.h"
#include "footwork/core/error.h"

namespace footwork::cook {

// When a stop's pose blends from the cycle into the idle.
enum class StopIdleBlend {
  // Over the last idle_blend_s of the deceleration: the pose reaches the idle as the root stops.
  kBeforeRest,
  // Over idle_blend_s after it (the clip is that much longer): the root stops on the cycle's
  // last plant, and the blend that follows is the settle step's (settle_step.h).
  kAfterRest,
};

// A stop from `cycle` (looping, with root motion) entered at cycle time start_time_s: the
// playback rate falls from 1 to 0 over stop_cycles * cycle duration, then the idle pose is held
// for stop_settle_s.
Result<anim::Clip> SynthesizeStop(const anim::Skeleton& skeleton, const anim::Clip& cycle,
                                  const anim::Clip& idle, float start_time_s,
                                  const TransitionDescription& settings, const std::string& name,
                                  float rate_hz,
                                  StopIdleBlend idle_blend = StopIdleBlend::kBeforeRest);

// A start from the idle into `cycle` entered at cycle time start_time_s: the playback rate rises
// from 0 to 1 over start_ramp_s, then stays 1 for start_cruise_s; the pose blends from the idle
// over idle_blend_s. The root turns by turn_deg (positive = left) during the ramp (smoothstep).
Result<anim::Clip> SynthesizeStart(const anim::Skeleton& skeleton, const anim::Clip& cycle,
                                   const anim::Clip& idle, float start_time_s, float turn_deg,
                                   const TransitionDescription& settings, const std::string& name,
                                   float rate_hz);

}  // namespace footwork::cook
