#include "footwork/anim/sampling.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "anim/pose_math.h"

namespace footwork::anim {
namespace {

constexpr int kCursorsPerJoint = 3;
constexpr int kRootCursors = 2;

// Index k of the key interval holding t (times[k] <= t < times[k + 1]), for 0 < t-in-range.
// Starts from the cursor: sequential playback moves it by zero or one key; anything else is a
// seek and binary-searches.
inline std::uint32_t FindKey(const std::vector<float>& times, float t, std::uint32_t cursor) {
  const auto count = static_cast<std::uint32_t>(times.size());
  const float* keys = times.data();
  if (cursor + 1 < count && keys[cursor] <= t) {
    if (t < keys[cursor + 1])
      return cursor;
    if (cursor + 2 < count && t < keys[cursor + 2])
      return cursor + 1;
  }
  const float* upper = std::upper_bound(keys, keys + count, t);
  return static_cast<std::uint32_t>(upper - keys) - 1;
}

template <typename T>
T Interpolate(const T& a, const T& b, float alpha) {
  if constexpr (std::is_same_v<T, glm::quat>) {
    return detail::Nlerp(a, b, alpha);
  } else {
    return a + (b - a) * alpha;
  }
}

// The channel's value at t (already wrapped into the clip), or `fallback` when it has no keys.
template <typename T>
T SampleChannel(const Channel<T>& channel, float t, const T& fallback, std::uint32_t& cursor) {
  const std::size_t count = channel.times.size();
  if (count == 0)
    return fallback;
  if (count == 1 || t <= channel.times.front())
    return channel.values.front();
  if (t >= channel.times.back())
    return channel.values.back();
  const std::uint32_t k = FindKey(channel.times, t, cursor);
  cursor = k;
  if (channel.interpolation == Interpolation::kStep)
    return channel.values[k];
  const float t0 = channel.times[k];
  const float t1 = channel.times[k + 1];
  return Interpolate(channel.values[k], channel.values[k + 1], (t - t0) / (t1 - t0));
}

}  // namespace

float WrapTime(float time_s, float duration_s, WrapMode mode) {
  if (!(duration_s > 0.0f))
    return 0.0f;
  if (mode == WrapMode::kClamp)
    return std::clamp(time_s, 0.0f, duration_s);
  if (time_s >= 0.0f && time_s < duration_s)
    return time_s;
  float wrapped = std::fmod(time_s, duration_s);
  if (wrapped < 0.0f)
    wrapped += duration_s;
  // fmod of a tiny negative number plus the duration can round up to the duration itself.
  return wrapped >= duration_s ? 0.0f : wrapped;
}

void SamplingCache::Resize(int num_joints) {
  num_joints_ = std::max(num_joints, 0);
  cursors_.assign(static_cast<std::size_t>(num_joints_) * kCursorsPerJoint + kRootCursors, 0);
  clip_ = nullptr;
}

void SamplingCache::Invalidate() {
  std::fill(cursors_.begin(), cursors_.end(), 0u);
  clip_ = nullptr;
}

std::span<std::uint32_t> SamplingCache::CursorsFor(const Clip& clip) {
  if (clip_ != &clip) {
    std::fill(cursors_.begin(), cursors_.end(), 0u);
    clip_ = &clip;
  }
  return cursors_;
}

Status SamplingJob::Validate() const {
  if (skeleton == nullptr)
    return Error{"sampling: no skeleton"};
  if (clip == nullptr)
    return Error{"sampling: no clip"};
  const int num_joints = skeleton->num_joints();
  if (static_cast<int>(skeleton->rest_pose.size()) != num_joints) {
    return Error{"sampling: skeleton rest pose size differs from its joint count"};
  }
  if (static_cast<int>(clip->tracks.size()) != num_joints) {
    return Error{fmt::format("sampling: clip '{}' has {} tracks for a {}-joint skeleton",
                             clip->name, clip->tracks.size(), num_joints)};
  }
  if (static_cast<int>(output.size()) != num_joints) {
    return Error{fmt::format("sampling: output holds {} transforms, skeleton has {} joints",
                             output.size(), num_joints)};
  }
  if (!std::isfinite(time_s))
    return Error{"sampling: time is not finite"};
  if (cache != nullptr && cache->num_joints() < num_joints) {
    return Error{fmt::format("sampling: cache sized for {} joints, clip has {}",
                             cache->num_joints(), num_joints)};
  }
  return Status::Ok();
}

Status SamplingJob::Run() const {
  if (Status status = Validate(); !status)
    return status;
  const float t = WrapTime(time_s, clip->duration_s, wrap);
  const std::size_t num_joints = output.size();
  const Transform* rest = skeleton->rest_pose.data();
  const JointTrack* tracks = clip->tracks.data();
  std::uint32_t scratch_cursors[kCursorsPerJoint] = {0, 0, 0};
  std::uint32_t* cursors = cache != nullptr ? cache->CursorsFor(*clip).data() : nullptr;
  for (std::size_t j = 0; j < num_joints; ++j) {
    std::uint32_t* cursor = cursors != nullptr ? cursors + j * kCursorsPerJoint : scratch_cursors;
    const JointTrack& track = tracks[j];
    Transform& out = output[j];
    out.translation = SampleChannel(track.translation, t, rest[j].translation, cursor[0]);
    out.rotation = SampleChannel(track.rotation, t, rest[j].rotation, cursor[1]);
    out.scale = SampleChannel(track.scale, t, rest[j].scale, cursor[2]);
  }
  return Status::Ok();
}

Transform SampleRootMotion(const Clip& clip, float time_s, WrapMode wrap, SamplingCache* cache) {
  const float t = WrapTime(time_s, clip.duration_s, wrap);
  std::uint32_t scratch_cursors[kRootCursors] = {0, 0};
  std::uint32_t* cursors = scratch_cursors;
  if (cache != nullptr && cache->num_joints() >= static_cast<int>(clip.tracks.size())) {
    cursors = cache->CursorsFor(clip).data() + clip.tracks.size() * kCursorsPerJoint;
  }
  Transform result;
  result.translation = SampleChannel(clip.root_motion.translation, t, glm::vec3(0.0f), cursors[0]);
  result.rotation =
      SampleChannel(clip.root_motion.rotation, t, glm::quat(1.0f, 0.0f, 0.0f, 0.0f), cursors[1]);
  return result;
}

}  // namespace footwork::anim
