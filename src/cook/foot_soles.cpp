#include "footwork/cook/foot_soles.h"

#include <algorithm>

#include <fmt/format.h>

#include "footwork/anim/local_to_model.h"
#include "footwork/anim/sampling.h"

namespace footwork::cook {
namespace {

// A standing ankle higher than this fraction of the head's height is not on the floor (the
// runtime IK's plausibility bound for its foot height).
constexpr float kMaxAnkleHeightPerHead = 0.15f;

Result<std::vector<Transform>> ModelPose(const anim::Skeleton& skeleton, const anim::Clip* clip) {
  std::vector<Transform> local = skeleton.rest_pose;
  if (clip != nullptr) {
    anim::SamplingCache cache(skeleton.num_joints());
    anim::SamplingJob job;
    job.skeleton = &skeleton;
    job.clip = clip;
    job.time_s = 0.0f;
    job.wrap = anim::WrapMode::kClamp;
    job.cache = &cache;
    job.output = local;
    if (Status status = job.Run(); !status)
      return WithContext(clip->name, status.error());
  }
  std::vector<Transform> model(local.size());
  anim::LocalToModelJob to_model;
  to_model.skeleton = &skeleton;
  to_model.input = local;
  to_model.output = model;
  if (Status status = to_model.Run(); !status)
    return status.error();
  return model;
}

FootSole SoleOf(const std::vector<Transform>& model, int foot, int ball) {
  FootSole sole;
  sole.up_in_foot = glm::inverse(model[foot].rotation) * glm::vec3(0.0f, 1.0f, 0.0f);
  sole.ankle_height_m = model[foot].translation.y;
  // A ball joint modelled below the floor touches it at the joint.
  sole.ball_height_m = ball >= 0 ? std::max(0.0f, model[ball].translation.y) : 0.0f;
  return sole;
}

bool Standing(const std::vector<Transform>& model, int foot_l, int foot_r, int head) {
  const float ankle = std::min(model[foot_l].translation.y, model[foot_r].translation.y);
  if (!(ankle > 0.0f))
    return false;
  return head < 0 || ankle < kMaxAnkleHeightPerHead * model[head].translation.y;
}

}  // namespace

Result<FootSoles> MeasureFootSoles(const anim::Skeleton& skeleton, const anim::RigBinding& binding,
                                   const anim::Clip* standing) {
  const int foot_l = binding.Joint("foot_l");
  const int foot_r = binding.Joint("foot_r");
  if (foot_l < 0 || foot_r < 0)
    return Error{fmt::format("foot soles: rig profile '{}' names no foot_l/foot_r joint",
                             binding.profile_name)};
  const int head = binding.Joint("head");
  Result<std::vector<Transform>> model = ModelPose(skeleton, standing);
  if (!model)
    return WithContext("foot soles", model.error());
  if (standing != nullptr && !Standing(*model, foot_l, foot_r, head)) {
    model = ModelPose(skeleton, nullptr);
    if (!model)
      return WithContext("foot soles", model.error());
  }
  FootSoles soles;
  soles.left = SoleOf(*model, foot_l, binding.Joint("ball_l"));
  soles.right = SoleOf(*model, foot_r, binding.Joint("ball_r"));
  return soles;
}

std::vector<float> SoleHeights(const std::vector<glm::vec3>& joint,
                               const std::vector<glm::quat>& rotation, const FootSole& sole,
                               float joint_height_m) {
  std::vector<float> heights(joint.size());
  for (std::size_t i = 0; i < joint.size(); ++i) {
    const float up_y = i < rotation.size() ? (rotation[i] * sole.up_in_foot).y : 1.0f;
    heights[i] = joint[i].y - up_y * joint_height_m;
  }
  return heights;
}

std::vector<float> HeelHeights(const FootTrajectory& foot, const FootSole& sole) {
  return SoleHeights(foot.ankle, foot.rotation, sole, sole.ankle_height_m);
}

std::vector<float> BallHeights(const FootTrajectory& foot, const FootSole& sole) {
  return SoleHeights(foot.ball, foot.rotation, sole, sole.ball_height_m);
}

}  // namespace footwork::cook
