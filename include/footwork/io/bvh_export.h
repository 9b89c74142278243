#pragma once
// BVH export of one clip on a skeleton, for tools that read motion capture (Blender, MotionBuilder)
// and for round-trip tests of the BVH importer.
//
// The root joint gets 6 channels (Xposition Yposition Zposition Zrotation Xrotation Yrotation);
// every other joint gets 3 rotation channels (Zrotation Xrotation Yrotation), except joints whose
// clip translation moves away from their rest offset (a bobbing pelvis under a fixed root), which
// get 6 channels so that the motion survives. Position channels hold the joint's full local
// translation (they replace the OFFSET, as Blender reads them). Rotation channels are degrees,
// applied Z then X then Y (local rotation = Rz * Rx * Ry). Leaves end in an End Site. Scale keys
// have no BVH equivalent and are dropped.

#include <filesystem>

#include "footwork/anim/clip.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"

namespace footwork::io {

// Writes `clip` on `skeleton` to `path`, sampling the clip's channels (linear or step, rest value
// for empty channels) every 1 / frame_rate_hz seconds from 0 to the clip's duration.
// unit_scale converts metres into the file's unit (100 for a centimetre BVH). The skeleton must
// have exactly one root joint; errors name the file and the problem.
Status ExportBvh(const anim::Skeleton& skeleton, const anim::Clip& clip,
                 const std::filesystem::path& path, float frame_rate_hz, float unit_scale);

}  // namespace footwork::io
