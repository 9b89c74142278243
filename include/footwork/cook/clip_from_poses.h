#pragma once
// Building a clip from poses sampled at a fixed rate: how derived clips (mirrored cycles, stops,
// starts) become ordinary clips that the runtime samples like any other.

#include <string>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/cook/sample_motion.h"
#include "footwork/core/transform.h"

namespace footwork::cook {

// One linear key per frame on every channel (channels that never change collapse to one key),
// rotations kept on one hemisphere from key to key; `root` (one transform per frame, may be
// empty) becomes the root-motion track. Duration = (frames - 1) / rate.
anim::Clip ClipFromPoses(const std::string& name, const SampledPoses& poses,
                         const std::vector<Transform>& root, bool looping);

}  // namespace footwork::cook
