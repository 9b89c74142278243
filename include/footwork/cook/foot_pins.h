#pragma once
// The legs the cooker pins while their feet are planted: one FootPin per leg from the rig
// profile's thigh/calf/foot (and ball) joints and that foot's plants, for PinFeet and the pose
// cleanup.

#include <vector>

#include "footwork/anim/mirror.h"
#include "footwork/anim/skeleton.h"
#include "footwork/cook/foot_pinning.h"
#include "footwork/cook/foot_plants.h"
#include "footwork/core/error.h"

namespace footwork::cook {

// Left then right: the chain thigh_<side> -> calf_<side> -> foot_<side>, the ball_<side> joint
// (-1 when the profile has none), held where `plants.lock` is set, on the ball when the foot
// plants only its ball (lock_on_ball). None when the profile names no thigh, calf or foot (the
// clip is then left as it is); an error naming the profile when they are not parent and child.
Result<std::vector<FootPin>> FootPinsFromPlants(const anim::Skeleton& skeleton,
                                                const anim::RigBinding& binding,
                                                const FootPlants& left, const FootPlants& right);

}  // namespace footwork::cook
