#pragma once
// The character's pose on one trace frame, rebuilt from what the trace records: model-space
// joint positions (`joints_model`, from `--joints`) and local joint rotations (the internal
// field), placed in the world at the capsule bottom facing the actor yaw.

#include <vector>

#include <glm/glm.hpp>

#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"
#include "footwork/sim/trace_frame.h"

namespace footwork::demo {

struct FramePose {
  // Model-space joint transforms (character space, facing +Z), skeleton order.
  std::vector<Transform> model;
  // Character space -> world.
  Transform world;
};

// Errors name the frame time when the frame lacks joints or rotations for `skeleton`.
// `capsule_bottom_offset_m`: how far the capsule bottom (the model's root) is below `position`.
Result<FramePose> PoseOfFrame(const sim::TraceFrame& frame, const anim::Skeleton& skeleton,
                              float capsule_bottom_offset_m);

// Local transforms of a model-space pose (unit scale), for baking into clips.
std::vector<Transform> LocalFromModel(const anim::Skeleton& skeleton,
                                      const std::vector<Transform>& model);

}  // namespace footwork::demo
