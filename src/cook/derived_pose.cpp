#include "footwork/cook/derived_pose.h"

#include <algorithm>

#include "footwork/anim/local_to_model.h"
#include "footwork/core/angles.h"

namespace footwork::cook {

float Smoothstep(float u) {
  u = std::clamp(u, 0.0f, 1.0f);
  return u * u * (3.0f - 2.0f * u);
}

Result<LegChains> LegChainsOf(const anim::RigBinding& binding) {
  LegChains legs;
  for (auto [chain, side] : {std::pair{&legs.left, "l"}, std::pair{&legs.right, "r"}}) {
    const std::string suffix = std::string("_") + side;
    chain->upper = binding.Joint("thigh" + suffix);
    chain->lower = binding.Joint("calf" + suffix);
    chain->end = binding.Joint("foot" + suffix);
    if (chain->upper < 0 || chain->lower < 0 || chain->end < 0)
      return Error{"rig profile " + binding.profile_name + " lacks thigh/calf/foot" + suffix};
  }
  return legs;
}

PosePair::PosePair(const anim::Skeleton& skeleton)
    : local(skeleton.rest_pose), model(skeleton.rest_pose) {}

Status PosePair::Sample(const anim::Skeleton& skeleton, const anim::Clip& clip, float time_s,
                        anim::WrapMode wrap) {
  anim::SamplingJob job{&skeleton, &clip, time_s, wrap, nullptr, local};
  if (Status status = job.Run(); !status)
    return WithContext(clip.name, status.error());
  return Refresh(skeleton);
}

Status PosePair::Refresh(const anim::Skeleton& skeleton) {
  anim::LocalToModelJob job;
  job.skeleton = &skeleton;
  job.input = local;
  job.output = model;
  return job.Run();
}

void SetModelRotation(const anim::Skeleton& skeleton, PosePair& pose, int joint,
                      const glm::quat& rotation) {
  const int parent = skeleton.parents[joint];
  const glm::quat parent_rotation =
      parent < 0 ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : pose.model[parent].rotation;
  pose.local[joint].rotation = glm::normalize(glm::inverse(parent_rotation) * rotation);
  pose.model[joint].rotation = glm::normalize(rotation);
}

void SetModelTranslation(const anim::Skeleton& skeleton, PosePair& pose, int joint,
                         const glm::vec3& position) {
  const int parent = skeleton.parents[joint];
  pose.local[joint].translation =
      parent < 0 ? position : pose.model[parent].InverseTransformPoint(position);
  pose.model[joint].translation = position;
}

Status PlaceFoot(const anim::Skeleton& skeleton, const anim::TwoBoneIkChain& chain,
                 const glm::vec3& ankle, const glm::quat& rotation, const glm::vec3& pole,
                 PosePair& pose) {
  anim::TwoBoneIkGoal goal;
  goal.target = ankle;
  goal.pole = pole;
  goal.set_end_rotation = true;
  goal.end_rotation = rotation;
  if (Status status = anim::ApplyTwoBoneIk(skeleton, chain, goal, pose.local, pose.model);
      !status) {
    return status;
  }
  return pose.Refresh(skeleton);
}

glm::vec3 YawPoint(float yaw_rad, const glm::vec3& point) {
  return QuatFromYaw(yaw_rad) * point;
}

float LegLength(const LegChains& legs, const PosePair& pose) {
  const glm::vec3 hip = pose.model[legs.left.upper].translation;
  const glm::vec3 knee = pose.model[legs.left.lower].translation;
  const glm::vec3 ankle = pose.model[legs.left.end].translation;
  return glm::length(knee - hip) + glm::length(ankle - knee);
}

}  // namespace footwork::cook
