#pragma once
// Playing clips one after another as one clip: each segment's root motion continues from where
// the previous one ended, and the pose difference at each seam fades out over a short blend so
// nothing pops. Used for composite derived clips (a pivot is a stop, a turn and a start).

#include <string>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"

namespace footwork::cook {

struct ClipSequence {
  anim::Clip clip;
  // The frame (at rate_hz) where each segment begins in the result.
  std::vector<int> segment_frames;
};

// Segments sampled at rate_hz (clamped); segment i's first frame is the seam with segment i - 1's
// last, so it is dropped. Errors on an empty list or a segment that cannot be sampled.
Result<ClipSequence> SequenceClips(const anim::Skeleton& skeleton,
                                   const std::vector<const anim::Clip*>& segments,
                                   const std::string& name, float rate_hz, float seam_blend_s);

}  // namespace footwork::cook
