#pragma once
// Root-motion extraction: how far the clip's root moved and turned between two playback times,
// including across loop wraps, expressed in the root's frame at the start time (so the capsule
// can apply it relative to its own facing).

#include "footwork/anim/clip.h"
#include "footwork/anim/sampling.h"
#include "footwork/core/transform.h"

namespace footwork::anim {

// Root motion from playback time `from_time_s` over `elapsed_s` seconds (negative plays
// backwards). kLoop: every whole loop crossed adds the clip's full-loop delta, so 0.9 s + 0.4 s
// in a 1 s loop is the motion 0.9 -> 1.0 followed by 0.0 -> 0.3. kClamp: times clamp to the
// clip. Identity for a clip without a root-motion track. Does not allocate.
Transform ExtractRootMotion(const Clip& clip, float from_time_s, float elapsed_s, WrapMode wrap,
                            SamplingCache* cache = nullptr);

// inverse(a) * b: the motion from root transform a to root transform b, in a's frame.
Transform RootMotionDelta(const Transform& a, const Transform& b);

}  // namespace footwork::anim
