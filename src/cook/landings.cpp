#include "footwork/cook/landings.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "footwork/anim/additive.h"
#include "footwork/cook/clip_from_poses.h"
#include "footwork/cook/derived_pose.h"
#include "footwork/cook/sample_motion.h"

namespace footwork::cook {

Result<anim::Clip> SynthesizeFallLoop(const anim::Skeleton& skeleton,
                                      const anim::RigBinding& binding, const anim::Clip& jump_loop,
                                      const anim::Clip& land, const LandingSettings& settings,
                                      const std::string& name, float rate_hz) {
  std::vector<int> legs;
  for (const char* role :
       {"thigh_l", "calf_l", "foot_l", "ball_l", "thigh_r", "calf_r", "foot_r", "ball_r"}) {
    if (const int joint = binding.Joint(role); joint >= 0)
      legs.push_back(joint);
  }
  PosePair touchdown(skeleton);
  if (Status status = touchdown.Sample(skeleton, land, 0.0f, anim::WrapMode::kClamp); !status)
    return WithContext(name, status.error());
  Result<SampledPoses> poses = SamplePoses(skeleton, jump_loop, rate_hz);
  if (!poses)
    return WithContext(name, poses.error());
  const float reach = std::clamp(settings.fall_leg_reach, 0.0f, 1.0f);
  for (int f = 0; f < poses->frames(); ++f) {
    Transform* pose = poses->locals.data() + static_cast<std::size_t>(f) * poses->joints;
    for (const int joint : legs)
      pose[joint] = Lerp(pose[joint], touchdown.local[joint], reach);
  }
  return ClipFromPoses(name, *poses, {}, /*looping=*/true);
}

Result<anim::Clip> SynthesizeHeavyLanding(const anim::Skeleton& skeleton,
                                          const anim::RigBinding& binding, const anim::Clip& land,
                                          const LandingSettings& settings, const std::string& name,
                                          float rate_hz) {
  Result<LegChains> legs = LegChainsOf(binding);
  if (!legs)
    return WithContext(name, legs.error());
  const int pelvis = binding.Joint("pelvis");
  if (pelvis < 0)
    return Error{name + ": rig profile has no pelvis"};
  PosePair pose(skeleton);
  if (Status status = pose.Sample(skeleton, land, land.duration_s, anim::WrapMode::kClamp);
      !status) {
    return WithContext(name, status.error());
  }
  const float standing = pose.model[pelvis].translation.y;
  const int frames = FrameCount(land.duration_s, rate_hz);
  // The extra drop per frame, smoothed (two box passes of about 0.1 s) so the deeper, faster
  // compression does not pop the knees at touchdown.
  std::vector<float> extra_drop(static_cast<std::size_t>(frames), 0.0f);
  for (int f = 0; f < frames; ++f) {
    const float t = std::min(static_cast<float>(f) / rate_hz, land.duration_s);
    if (Status status = pose.Sample(skeleton, land, t, anim::WrapMode::kClamp); !status)
      return WithContext(name, status.error());
    extra_drop[f] = std::max(0.0f, standing - pose.model[pelvis].translation.y) *
                    (settings.heavy_compression_scale - 1.0f);
  }
  const int radius = std::max(1, static_cast<int>(0.05f * rate_hz));
  for (int pass = 0; pass < 2; ++pass) {
    const std::vector<float> source = extra_drop;
    for (int f = 0; f < frames; ++f) {
      float sum = 0.0f;
      for (int k = -radius; k <= radius; ++k)
        sum += source[std::clamp(f + k, 0, frames - 1)];
      extra_drop[f] = sum / static_cast<float>(2 * radius + 1);
    }
  }
  SampledPoses poses;
  poses.joints = skeleton.num_joints();
  poses.rate_hz = rate_hz;
  for (int f = 0; f < frames; ++f) {
    const float t = std::min(static_cast<float>(f) / rate_hz, land.duration_s);
    if (Status status = pose.Sample(skeleton, land, t, anim::WrapMode::kClamp); !status)
      return WithContext(name, status.error());
    const Transform feet[2] = {pose.model[legs->left.end], pose.model[legs->right.end]};
    const float extra = extra_drop[f];
    if (extra > 1e-5f) {
      SetModelTranslation(skeleton, pose, pelvis,
                          pose.model[pelvis].translation - glm::vec3(0.0f, extra, 0.0f));
      if (Status status = pose.Refresh(skeleton); !status)
        return WithContext(name, status.error());
      for (int side = 0; side < 2; ++side) {
        const anim::TwoBoneIkChain& chain = side == 0 ? legs->left : legs->right;
        // The knee bends the way it already does: toward the pose's own knee.
        const glm::vec3 knee = pose.model[chain.lower].translation;
        const glm::vec3 hip = pose.model[chain.upper].translation;
        const glm::vec3 pole = knee - 0.5f * (hip + feet[side].translation);
        if (Status status =
                PlaceFoot(skeleton, chain, feet[side].translation, feet[side].rotation, pole, pose);
            !status) {
          return WithContext(name, status.error());
        }
      }
    }
    poses.locals.insert(poses.locals.end(), pose.local.begin(), pose.local.end());
  }
  return ClipFromPoses(name, poses, {}, /*looping=*/false);
}

Result<anim::Clip> MakeAdditiveClip(const anim::Skeleton& skeleton, const anim::Clip& pose,
                                    const anim::Clip& base, const std::string& name,
                                    float rate_hz) {
  Result<SampledPoses> pose_frames = SamplePoses(skeleton, pose, rate_hz);
  Result<SampledPoses> base_frames = SamplePoses(skeleton, base, rate_hz);
  if (!pose_frames)
    return WithContext(name, pose_frames.error());
  if (!base_frames)
    return WithContext(name, base_frames.error());
  if (pose_frames->frames() != base_frames->frames()) {
    return Error{fmt::format("{}: {} and {} differ in length", name, pose.name, base.name)};
  }
  SampledPoses delta = *base_frames;
  const std::size_t joints = static_cast<std::size_t>(delta.joints);
  for (int f = 0; f < delta.frames(); ++f) {
    anim::MakeAdditiveJob job;
    job.space = anim::AdditiveSpace::kLocal;
    job.pose = {pose_frames->Frame(f), joints};
    job.base = {base_frames->Frame(f), joints};
    job.output = {delta.locals.data() + f * joints, joints};
    if (Status status = job.Run(); !status)
      return WithContext(name, status.error());
  }
  return ClipFromPoses(name, delta, {}, /*looping=*/false);
}

}  // namespace footwork::cook
