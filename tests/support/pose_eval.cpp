#include "support/pose_eval.h"

#include <gtest/gtest.h>

#include "footwork/anim/local_to_model.h"
#include "footwork/anim/sampling.h"

namespace footwork::testing {

std::vector<Transform> SampleLocalPose(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                       float time_s) {
  std::vector<Transform> pose = skeleton.rest_pose;
  anim::SamplingJob job;
  job.skeleton = &skeleton;
  job.clip = &clip;
  job.time_s = time_s;
  job.wrap = anim::WrapMode::kClamp;
  job.output = pose;
  if (Status status = job.Run(); !status) {
    ADD_FAILURE() << "SampleLocalPose: " << status.error().message;
    return skeleton.rest_pose;
  }
  return pose;
}

std::vector<Transform> LocalToModel(const anim::Skeleton& skeleton,
                                    const std::vector<Transform>& local) {
  std::vector<Transform> model(local.size());
  anim::LocalToModelJob job;
  job.skeleton = &skeleton;
  job.input = local;
  job.output = model;
  if (Status status = job.Run(); !status)
    ADD_FAILURE() << "LocalToModel: " << status.error().message;
  return model;
}

SampledPose SamplePose(const anim::Skeleton& skeleton, const anim::Clip& clip, float time_s) {
  SampledPose pose;
  pose.local = SampleLocalPose(skeleton, clip, time_s);
  pose.model = LocalToModel(skeleton, pose.local);
  return pose;
}

glm::vec3 JointModelPosition(const anim::Skeleton& skeleton, const anim::Clip& clip, int joint,
                             float time_s) {
  return LocalToModel(skeleton, SampleLocalPose(skeleton, clip, time_s))[joint].translation;
}

}  // namespace footwork::testing
