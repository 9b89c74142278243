#include "footwork/cook/sample_motion.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "footwork/anim/local_to_model.h"
#include "footwork/anim/pose.h"
#include "footwork/anim/sampling.h"

namespace footwork::cook {

int FrameCount(float duration_s, float rate_hz) {
  return static_cast<int>(std::lround(duration_s * rate_hz)) + 1;
}

Result<SampledPoses> SamplePoses(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                 float rate_hz) {
  if (!(rate_hz > 0.0f) || !std::isfinite(rate_hz))
    return Error{fmt::format("{}: invalid sample rate {} Hz", clip.name, rate_hz)};
  if (static_cast<int>(clip.tracks.size()) != skeleton.num_joints()) {
    return Error{fmt::format("{}: has {} joint tracks, the skeleton has {} joints", clip.name,
                             clip.tracks.size(), skeleton.num_joints())};
  }
  SampledPoses poses;
  poses.joints = skeleton.num_joints();
  poses.rate_hz = rate_hz;
  const int frames = FrameCount(clip.duration_s, rate_hz);
  poses.locals.resize(static_cast<std::size_t>(frames) * poses.joints);
  anim::SamplingCache cache(poses.joints);
  for (int f = 0; f < frames; ++f) {
    anim::SamplingJob job;
    job.skeleton = &skeleton;
    job.clip = &clip;
    job.time_s = std::min(static_cast<float>(f) / rate_hz, clip.duration_s);
    job.wrap = anim::WrapMode::kClamp;
    job.cache = &cache;
    job.output = {poses.locals.data() + static_cast<std::size_t>(f) * poses.joints,
                  static_cast<std::size_t>(poses.joints)};
    if (Status status = job.Run(); !status)
      return WithContext(clip.name, status.error());
  }
  return poses;
}

Result<std::vector<Transform>> ModelPoses(const anim::Skeleton& skeleton, const SampledPoses& poses,
                                          int frames) {
  const std::size_t joints = static_cast<std::size_t>(poses.joints);
  std::vector<Transform> model(poses.locals.size());
  for (int f = 0; f < std::min(frames, poses.frames()); ++f) {
    anim::LocalToModelJob job{&skeleton,
                              {poses.Frame(f), joints},
                              Transform::Identity(),
                              {model.data() + static_cast<std::size_t>(f) * joints, joints}};
    if (Status status = job.Run(); !status)
      return status.error();
  }
  return model;
}

std::vector<Transform> SampleRootPath(const anim::Clip& clip, float rate_hz, int frames) {
  std::vector<Transform> root;
  root.reserve(static_cast<std::size_t>(std::max(frames, 0)));
  for (int f = 0; f < frames; ++f) {
    const float time_s = std::min(static_cast<float>(f) / rate_hz, clip.duration_s);
    root.push_back(clip.root_motion.empty()
                       ? Transform::Identity()
                       : anim::SampleRootMotion(clip, time_s, anim::WrapMode::kClamp));
  }
  return root;
}

Result<SampledMotion> SampleMotion(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                   const anim::RigBinding& binding, float rate_hz) {
  const int foot_l = binding.Joint("foot_l");
  const int foot_r = binding.Joint("foot_r");
  if (foot_l < 0 || foot_r < 0) {
    return Error{fmt::format("{}: rig profile '{}' names no foot_l/foot_r joint", clip.name,
                             binding.profile_name)};
  }
  const int ball_l = binding.Joint("ball_l");
  const int ball_r = binding.Joint("ball_r");
  Result<SampledPoses> poses = SamplePoses(skeleton, clip, rate_hz);
  if (!poses)
    return poses.error();

  SampledMotion motion;
  motion.rate_hz = rate_hz;
  motion.duration_s = clip.duration_s;
  motion.root = SampleRootPath(clip, rate_hz, poses->frames());
  anim::Pose model(static_cast<std::size_t>(skeleton.num_joints()));
  for (int f = 0; f < poses->frames(); ++f) {
    anim::LocalToModelJob job;
    job.skeleton = &skeleton;
    job.input = {poses->Frame(f), static_cast<std::size_t>(poses->joints)};
    job.output = model;
    if (Status status = job.Run(); !status)
      return WithContext(clip.name, status.error());
    motion.left.ankle.push_back(model[foot_l].translation);
    motion.right.ankle.push_back(model[foot_r].translation);
    if (ball_l >= 0)
      motion.left.ball.push_back(model[ball_l].translation);
    if (ball_r >= 0)
      motion.right.ball.push_back(model[ball_r].translation);
  }
  return motion;
}

}  // namespace footwork::cook
