#include "footwork/cook/clip_from_poses.h"

#include <algorithm>

namespace footwork::cook {
namespace {

// Values this close to the first are treated as unchanged (well under the 0.5 mm / 0.1 degree
// compression budget).
constexpr float kConstantEpsilon = 1e-6f;

bool SameVec3(const glm::vec3& a, const glm::vec3& b) {
  return glm::all(glm::lessThanEqual(glm::abs(a - b), glm::vec3(kConstantEpsilon)));
}

template <typename T, typename Same>
void CollapseIfConstant(anim::Channel<T>& channel, Same same) {
  if (channel.values.empty())
    return;
  const T first = channel.values.front();
  if (std::all_of(channel.values.begin(), channel.values.end(),
                  [&](const T& v) { return same(first, v); })) {
    channel.times.resize(1);
    channel.values.resize(1);
  }
}

void AppendQuat(anim::QuatChannel& channel, float time_s, glm::quat value) {
  value = glm::normalize(value);
  if (!channel.values.empty() && glm::dot(channel.values.back(), value) < 0.0f)
    value = -value;
  channel.times.push_back(time_s);
  channel.values.push_back(value);
}

bool SameQuat(const glm::quat& a, const glm::quat& b) {
  return std::fabs(std::fabs(glm::dot(a, b)) - 1.0f) <= kConstantEpsilon;
}

}  // namespace

anim::Clip ClipFromPoses(const std::string& name, const SampledPoses& poses,
                         const std::vector<Transform>& root, bool looping) {
  anim::Clip clip;
  clip.name = name;
  clip.looping = looping;
  const int frames = poses.frames();
  clip.duration_s = frames > 1 ? static_cast<float>(frames - 1) / poses.rate_hz : 0.0f;
  clip.tracks.resize(static_cast<std::size_t>(poses.joints));
  for (int f = 0; f < frames; ++f) {
    const float time_s = std::min(static_cast<float>(f) / poses.rate_hz, clip.duration_s);
    const Transform* pose = poses.Frame(f);
    for (int j = 0; j < poses.joints; ++j) {
      anim::JointTrack& track = clip.tracks[j];
      track.translation.times.push_back(time_s);
      track.translation.values.push_back(pose[j].translation);
      AppendQuat(track.rotation, time_s, pose[j].rotation);
      track.scale.times.push_back(time_s);
      track.scale.values.push_back(pose[j].scale);
    }
  }
  for (anim::JointTrack& track : clip.tracks) {
    CollapseIfConstant(track.translation, SameVec3);
    CollapseIfConstant(track.rotation, SameQuat);
    CollapseIfConstant(track.scale, SameVec3);
  }
  const bool moves = std::any_of(root.begin(), root.end(), [](const Transform& t) {
    return !SameVec3(t.translation, glm::vec3(0.0f)) ||
           !SameQuat(t.rotation, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  });
  if (moves) {
    for (std::size_t f = 0; f < root.size(); ++f) {
      const float time_s = std::min(static_cast<float>(f) / poses.rate_hz, clip.duration_s);
      clip.root_motion.translation.times.push_back(time_s);
      clip.root_motion.translation.values.push_back(root[f].translation);
      AppendQuat(clip.root_motion.rotation, time_s, root[f].rotation);
    }
    CollapseIfConstant(clip.root_motion.rotation, SameQuat);
  }
  return clip;
}

}  // namespace footwork::cook
