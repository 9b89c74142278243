#pragma once
// Strafing cycles derived from a forward cycle, for packs that lack them. Backward: the forward
// cycle played in reverse with its root motion reversed (a planted foot stays planted, so foot
// lock holds exactly). Sideways: the lower body turns toward the travel direction, the feet follow
// the forward cycle's footfalls turned onto the travel direction (two-bone IK), and the spine
// turns the upper body back so the chest and head keep facing forward.

#include <string>

#include "footwork/anim/clip.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"

namespace footwork::cook {

struct SidewaysSettings {
  // How far the pelvis and feet turn toward the travel direction (degrees, 0..90); the spine
  // chain takes the same amount back, spread evenly over its joints.
  float pelvis_yaw_deg = 45.0f;
};

// `cycle` (looping, with root motion) reversed: named `name`, looping, keyed at rate_hz.
Result<anim::Clip> SynthesizeBackwardCycle(const anim::Skeleton& skeleton, const anim::Clip& cycle,
                                           const std::string& name, float rate_hz);

// `cycle` travelling travel_deg off its facing (+90 = to the character's left, -90 = right)
// while the upper body keeps facing forward. Errors when the rig lacks legs or a pelvis.
Result<anim::Clip> SynthesizeSidewaysCycle(const anim::Skeleton& skeleton,
                                           const anim::RigBinding& binding, const anim::Clip& cycle,
                                           float travel_deg, const SidewaysSettings& settings,
                                           const std::string& name, float rate_hz);

}  // namespace footwork::cook
