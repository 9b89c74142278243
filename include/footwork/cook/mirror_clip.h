#pragma once
// Mirrored clips: a left-foot-lead cycle becomes a right-foot-lead one, a left turn a right turn,
// for packs that author only one side.

#include "footwork/anim/clip.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"

namespace footwork::cook {

// The clip's poses mirrored through the binding (MirrorJob) and its root motion reflected across
// the character's sagittal plane (x -> -x, yaw -> -yaw), sampled at rate_hz into a new clip named
// `name`. Curves and markers are not copied: the cooker re-derives them from the mirrored motion.
Result<anim::Clip> MirrorClip(const anim::Skeleton& skeleton, const anim::RigBinding& binding,
                              const anim::Clip& clip, const std::string& name, float rate_hz);

}  // namespace footwork::cook
