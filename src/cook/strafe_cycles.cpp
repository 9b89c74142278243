#include "footwork/cook/strafe_cycles.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "footwork/cook/clip_from_poses.h"
#include "footwork/cook/derived_pose.h"
#include "footwork/cook/sample_motion.h"
#include "footwork/core/angles.h"

namespace footwork::cook {
namespace {

Status CheckCycle(const anim::Clip& cycle, const std::string& name) {
  if (!cycle.looping || cycle.root_motion.empty() || !(cycle.duration_s > 0.0f)) {
    return Error{
        fmt::format("{}: source {} must be a looping cycle with root motion", name, cycle.name)};
  }
  return Status::Ok();
}

}  // namespace

Result<anim::Clip> SynthesizeBackwardCycle(const anim::Skeleton& skeleton, const anim::Clip& cycle,
                                           const std::string& name, float rate_hz) {
  if (Status status = CheckCycle(cycle, name); !status)
    return status.error();
  const float duration_s = cycle.duration_s;
  const int frames = FrameCount(duration_s, rate_hz);
  SampledPoses poses;
  poses.joints = skeleton.num_joints();
  poses.rate_hz = rate_hz;
  std::vector<Transform> root(static_cast<std::size_t>(frames));
  PosePair pose(skeleton);
  const Transform end = anim::SampleRootMotion(cycle, duration_s, anim::WrapMode::kClamp);
  for (int f = 0; f < frames; ++f) {
    const float source_s = std::max(0.0f, duration_s - static_cast<float>(f) / rate_hz);
    if (Status status = pose.Sample(skeleton, cycle, source_s, anim::WrapMode::kClamp); !status)
      return WithContext(name, status.error());
    poses.locals.insert(poses.locals.end(), pose.local.begin(), pose.local.end());
    // Where the root was at source_s, seen from where it ends: the path walked backward.
    const Transform at = anim::SampleRootMotion(cycle, source_s, anim::WrapMode::kClamp);
    root[f].translation = at.translation - end.translation;
  }
  return ClipFromPoses(name, poses, root, /*looping=*/true);
}

Result<anim::Clip> SynthesizeSidewaysCycle(const anim::Skeleton& skeleton,
                                           const anim::RigBinding& binding, const anim::Clip& cycle,
                                           float travel_deg, const SidewaysSettings& settings,
                                           const std::string& name, float rate_hz) {
  if (Status status = CheckCycle(cycle, name); !status)
    return status.error();
  Result<LegChains> legs = LegChainsOf(binding);
  if (!legs)
    return WithContext(name, legs.error());
  const int pelvis = binding.Joint("pelvis");
  if (pelvis < 0)
    return Error{name + ": rig profile has no pelvis"};
  const float travel = Radians(travel_deg);
  const float hips =
      std::copysign(Radians(std::clamp(settings.pelvis_yaw_deg, 0.0f, 90.0f)), travel_deg);
  const glm::quat hips_turn = QuatFromYaw(hips);
  const std::vector<int>& spine = binding.spine_chain;

  const int frames = FrameCount(cycle.duration_s, rate_hz);
  SampledPoses poses;
  poses.joints = skeleton.num_joints();
  poses.rate_hz = rate_hz;
  std::vector<Transform> root(static_cast<std::size_t>(frames));
  PosePair pose(skeleton);
  std::vector<glm::quat> spine_rotation(spine.size());
  for (int f = 0; f < frames; ++f) {
    const float t = std::min(static_cast<float>(f) / rate_hz, cycle.duration_s);
    if (Status status = pose.Sample(skeleton, cycle, t, anim::WrapMode::kClamp); !status)
      return WithContext(name, status.error());
    const Transform feet[2] = {pose.model[legs->left.end], pose.model[legs->right.end]};
    for (std::size_t k = 0; k < spine.size(); ++k)
      spine_rotation[k] = pose.model[spine[k]].rotation;
    // The hips turn toward the travel direction; each spine joint turns part of the way back, the
    // last (the chest) all the way, so the upper body faces forward.
    SetModelRotation(skeleton, pose, pelvis, hips_turn * pose.model[pelvis].rotation);
    for (std::size_t k = 0; k < spine.size(); ++k) {
      const float back = static_cast<float>(k + 1) / static_cast<float>(spine.size());
      SetModelRotation(skeleton, pose, spine[k],
                       QuatFromYaw(hips * (1.0f - back)) * spine_rotation[k]);
    }
    if (Status status = pose.Refresh(skeleton); !status)
      return WithContext(name, status.error());
    // The feet land where the forward cycle's do, turned onto the travel direction, pointing
    // where the hips point.
    for (int side = 0; side < 2; ++side) {
      const anim::TwoBoneIkChain& chain = side == 0 ? legs->left : legs->right;
      const glm::vec3 ankle = YawPoint(travel, feet[side].translation);
      if (Status status = PlaceFoot(skeleton, chain, ankle, hips_turn * feet[side].rotation,
                                    hips_turn * glm::vec3(0.0f, 0.0f, 1.0f), pose);
          !status) {
        return WithContext(name, status.error());
      }
    }
    poses.locals.insert(poses.locals.end(), pose.local.begin(), pose.local.end());
    const Transform at = anim::SampleRootMotion(cycle, t, anim::WrapMode::kClamp);
    root[f].translation = YawPoint(travel, at.translation);
  }
  return ClipFromPoses(name, poses, root, /*looping=*/true);
}

}  // namespace footwork::cook
