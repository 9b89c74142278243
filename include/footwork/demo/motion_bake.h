#pragma once
// Bakes a simulated trace into a glTF-ready scene: the cooked character's skeleton and skinned
// meshes with one animation that replays the simulation, world motion on the root joint, so
// motion.glb opens in Blender or any glTF viewer.

#include <span>
#include <string>

#include "footwork/core/error.h"
#include "footwork/io/cooked_library.h"
#include "footwork/io/scene.h"
#include "footwork/sim/trace_frame.h"

namespace footwork::demo {

struct MotionBakeOptions {
  std::string animation_name = "footwork_demo";
  // Keys a second; the frames are resampled (nearest earlier frame) at this rate.
  float keys_per_second = 30.0f;
  // The animation's length; <= 0: the last frame's time. The last key sits exactly here.
  double duration_s = 0.0;
  float capsule_bottom_offset_m = 0.0f;
};

// Frames need joints_model and local rotations (PoseOfFrame). Translation channels are kept only
// for joints whose local translation moves (the root and usually the pelvis).
Result<io::Scene> BakeMotion(std::span<const sim::TraceFrame> frames,
                             const io::CookedLibrary& library, const MotionBakeOptions& options);

}  // namespace footwork::demo
