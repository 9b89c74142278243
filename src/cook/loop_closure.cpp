#include "footwork/cook/loop_closure.h"

#include <algorithm>

#include <glm/gtc/quaternion.hpp>

namespace footwork::cook {
namespace {

float Weight(float time_s, float end_s, float blend_s) {
  if (blend_s <= 0.0f)
    return time_s >= end_s ? 1.0f : 0.0f;
  const float u = std::clamp((time_s - (end_s - blend_s)) / blend_s, 0.0f, 1.0f);
  return u * u * (3.0f - 2.0f * u);
}

void CloseVec3(anim::Vec3Channel& channel, float blend_s) {
  if (channel.size() < 2)
    return;
  const float end_s = channel.times.back();
  const glm::vec3 gap = channel.values.front() - channel.values.back();
  for (std::size_t k = 0; k < channel.size(); ++k)
    channel.values[k] += gap * Weight(channel.times[k], end_s, blend_s);
}

void CloseQuat(anim::QuatChannel& channel, float blend_s) {
  if (channel.size() < 2)
    return;
  const float end_s = channel.times.back();
  glm::quat first = channel.values.front();
  const glm::quat last = channel.values.back();
  if (glm::dot(first, last) < 0.0f)
    first = -first;
  // The local correction that turns the last key into the first.
  const glm::quat gap = glm::normalize(glm::inverse(last) * first);
  const glm::quat identity(1.0f, 0.0f, 0.0f, 0.0f);
  for (std::size_t k = 0; k < channel.size(); ++k) {
    const float w = Weight(channel.times[k], end_s, blend_s);
    if (w <= 0.0f)
      continue;
    const glm::quat corrected = glm::normalize(channel.values[k] * glm::slerp(identity, gap, w));
    // Keep neighbouring keys on the same hemisphere, as the runtime's nlerp expects.
    channel.values[k] = glm::dot(corrected, channel.values[k]) < 0.0f ? -corrected : corrected;
  }
}

}  // namespace

void CloseLoop(anim::Clip& clip, float blend_s) {
  for (anim::JointTrack& track : clip.tracks) {
    CloseVec3(track.translation, blend_s);
    CloseQuat(track.rotation, blend_s);
    CloseVec3(track.scale, blend_s);
  }
}

}  // namespace footwork::cook
