#pragma once
// Limiting joint pops: some source clips turn a joint by 20-30 degrees between two 60 Hz frames
// (30 Hz keys on a fast knee, a loop seam), over the quality bar. Smoothing only the frames around
// each such step spreads the rotation over its neighbours, leaving the rest of the clip as it was.

#include <vector>

#include "footwork/cook/sample_motion.h"

namespace footwork::cook {

// Smooths each joint's local rotation locally (each offending frame moves halfway toward the
// midpoint of its neighbours, repeated) until no joint turns more than max_step_rad between two
// consecutive frames. A non-looping clip keeps its first and last pose; a looping clip (last
// frame = first) is treated as circular and stays closed. Returns the number of joints changed.
// `frozen` (frames x joints, may be empty) marks rotations that must not change, e.g. the legs of
// feet pinned by IK; a pop between frozen frames is then left as it is.
int LimitJointSteps(SampledPoses& poses, float max_step_rad, bool looping,
                    const std::vector<char>& frozen = {});

}  // namespace footwork::cook
