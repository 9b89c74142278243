#pragma once
// Falling and landing clips from a pack's jump clips: a fall loop (the jump loop with the legs
// reaching toward the touchdown pose), a heavy landing (the landing with its compression deepened,
// feet held where they land), and the heavy landing as an additive on the light one, so the
// runtime can add "heaviness" by fall speed (ApplyAdditiveJob, AdditiveSpace::kLocal, on the light
// landing at the same time, weight from 0 at a light fall to 1 at a heavy one).

#include <string>

#include "footwork/anim/clip.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"

namespace footwork::cook {

struct LandingSettings {
  // Fall loop: how far the legs move from the jump loop toward the landing's first pose (0..1).
  // Most of the way: the landing blends in over a few frames (air.land_blend_s), so whatever leg
  // pose is left to cover then turns the joints that much faster (0.35 popped the feet 23 deg in
  // a 60 Hz frame).
  float fall_leg_reach = 0.8f;
  // Heavy landing: the pelvis drop below its final standing height is scaled by this.
  float heavy_compression_scale = 1.6f;
};

// The jump loop (looping) with its legs blended toward `land`'s first pose; looping.
Result<anim::Clip> SynthesizeFallLoop(const anim::Skeleton& skeleton,
                                      const anim::RigBinding& binding, const anim::Clip& jump_loop,
                                      const anim::Clip& land, const LandingSettings& settings,
                                      const std::string& name, float rate_hz);

// `land` with the pelvis dropping heavy_compression_scale times as deep below its last frame's
// height, the feet kept where the landing puts them (two-bone IK).
Result<anim::Clip> SynthesizeHeavyLanding(const anim::Skeleton& skeleton,
                                          const anim::RigBinding& binding, const anim::Clip& land,
                                          const LandingSettings& settings, const std::string& name,
                                          float rate_hz);

// Per frame, `pose` minus `base` in local space (additive.h's representation), as a clip of
// base's length; root motion is not carried.
Result<anim::Clip> MakeAdditiveClip(const anim::Skeleton& skeleton, const anim::Clip& pose,
                                    const anim::Clip& base, const std::string& name, float rate_hz);

}  // namespace footwork::cook
