#pragma once
// Sampling a clip once at a fixed rate into what the cook modifiers and quality checks read: the
// root path, the feet in model space and every joint's local pose per frame.

#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/anim/mirror.h"
#include "footwork/anim/skeleton.h"
#include "footwork/cook/sampled_motion.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::cook {

// The number of frames a clip of duration_s has at rate_hz: both ends included.
int FrameCount(float duration_s, float rate_hz);

// Samples `clip` at rate_hz (clamped playback, so the last frame is the clip's last pose). The
// root comes from the clip's root-motion track (identity when it has none); each foot's ankle and
// ball come from the binding's foot_l/ball_l/foot_r/ball_r joints in model space. Errors name the
// clip when the binding lacks a foot or the clip does not match the skeleton.
Result<SampledMotion> SampleMotion(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                   const anim::RigBinding& binding, float rate_hz);

// The root-motion transform at each of `frames` frames at rate_hz (clamped playback; identity for
// a clip without root motion): SampleMotion's root, without sampling the joints.
std::vector<Transform> SampleRootPath(const anim::Clip& clip, float rate_hz, int frames);

// Every frame's local pose (frames x joints, row-major), sampled as SampleMotion does.
struct SampledPoses {
  int joints = 0;
  float rate_hz = 60.0f;
  std::vector<Transform> locals;

  int frames() const { return joints > 0 ? static_cast<int>(locals.size()) / joints : 0; }
  const Transform* Frame(int frame) const { return locals.data() + frame * joints; }
};
Result<SampledPoses> SamplePoses(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                 float rate_hz);

// The model-space poses of `poses` (same layout), the first `frames` of them filled (the rest,
// a loop's closing copy, left identity); the cleanup passes solve IK on them frame by frame.
Result<std::vector<Transform>> ModelPoses(const anim::Skeleton& skeleton, const SampledPoses& poses,
                                          int frames);

}  // namespace footwork::cook
