#pragma once
// A small, obviously-correct reference evaluator for tests: samples a clip's channels at a time
// and runs local-to-model. Independent of the anim runtime so that tests can check the runtime
// (and the importers) against it.

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/transform.h"

namespace footwork::testing {

// The channel's value at time_s: `rest` when the channel is empty, clamped outside its keys,
// held for STEP keys, lerp / nlerp for LINEAR keys.
template <typename T>
T EvaluateChannel(const anim::Channel<T>& channel, float time_s, const T& rest) {
  if (channel.empty())
    return rest;
  const std::vector<float>& times = channel.times;
  if (time_s <= times.front())
    return channel.values.front();
  if (time_s >= times.back())
    return channel.values.back();
  const auto next = static_cast<std::size_t>(std::upper_bound(times.begin(), times.end(), time_s) -
                                             times.begin());
  const std::size_t prev = next - 1;
  if (channel.interpolation == anim::Interpolation::kStep)
    return channel.values[prev];
  const float alpha = (time_s - times[prev]) / (times[next] - times[prev]);
  if constexpr (std::is_same_v<T, glm::quat>) {
    return Nlerp(channel.values[prev], channel.values[next], alpha);
  } else {
    return glm::mix(channel.values[prev], channel.values[next], alpha);
  }
}

// The angle (radians, 0..pi) of the rotation from a to b, accurate near zero where the acos of a
// dot product loses ~1e-3 rad to float rounding.
inline float RotationAngle(const glm::quat& a, const glm::quat& b) {
  const glm::quat delta = glm::conjugate(a) * b;
  return 2.0f * std::atan2(glm::length(glm::vec3(delta.x, delta.y, delta.z)), std::fabs(delta.w));
}

// Local transforms of every joint at time_s (no looping: times are clamped to the keys).
std::vector<Transform> SampleLocalPose(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                       float time_s);

// Model-space transforms from local ones, in one forward pass (parents precede children).
std::vector<Transform> LocalToModel(const anim::Skeleton& skeleton,
                                    const std::vector<Transform>& local);

// Model-space position of one joint at time_s.
glm::vec3 JointModelPosition(const anim::Skeleton& skeleton, const anim::Clip& clip, int joint,
                             float time_s);

}  // namespace footwork::testing
