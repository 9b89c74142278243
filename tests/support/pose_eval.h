#pragma once
// Pose helpers for tests that need a clip's pose at a time (the test humanoid's known motion,
// importer round trips). They run the anim runtime itself (SamplingJob, LocalToModelJob): the
// runtime is checked on its own against hand-computed values in tests/anim (sampling_test,
// local_to_model_test), so no second, independent evaluator is kept here.

#include <cmath>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/transform.h"

namespace footwork::testing {

// The angle (radians, 0..pi) of the rotation from a to b, accurate near zero where the acos of a
// dot product loses ~1e-3 rad to float rounding.
inline float RotationAngle(const glm::quat& a, const glm::quat& b) {
  const glm::quat delta = glm::conjugate(a) * b;
  return 2.0f * std::atan2(glm::length(glm::vec3(delta.x, delta.y, delta.z)), std::fabs(delta.w));
}

// Exactly the same bits (Transform has no operator==): for tests that a pose is left untouched.
inline bool SameBits(const Transform& a, const Transform& b) {
  return a.translation == b.translation && a.rotation == b.rotation && a.scale == b.scale;
}

// Local transforms of every joint at time_s, clamped (not looped) to the clip. A clip the
// sampler rejects (e.g. a track count that differs from the skeleton's) fails the running test
// and gives the rest pose.
std::vector<Transform> SampleLocalPose(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                       float time_s);

// Model-space transforms from local ones (identity above the root). A rejected pose fails the
// running test.
std::vector<Transform> LocalToModel(const anim::Skeleton& skeleton,
                                    const std::vector<Transform>& local);

// A clip's pose at time_s in both spaces (SampleLocalPose, then LocalToModel).
struct SampledPose {
  std::vector<Transform> local;
  std::vector<Transform> model;
};
SampledPose SamplePose(const anim::Skeleton& skeleton, const anim::Clip& clip, float time_s);

// Model-space position of one joint at time_s.
glm::vec3 JointModelPosition(const anim::Skeleton& skeleton, const anim::Clip& clip, int joint,
                             float time_s);

}  // namespace footwork::testing
