#include "footwork/anim/sampling.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "anim/pose_math.h"
#include "anim/rotation_batch.h"

namespace footwork::anim {
namespace {

constexpr int kRootCursors = 2;
constexpr float kInfinity = std::numeric_limits<float>::infinity();

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

// a + (b - a) alpha for vectors; for rotations the shortest-path nlerp before its normalisation
// (detail::Nlerp's sum), which the caller normalises, several at once.
template <typename T>
T Interpolate(const T& a, const T& b, float alpha) {
  if constexpr (std::is_same_v<T, glm::quat>) {
    const float weight_b = detail::Dot(a, b) < 0.0f ? -alpha : alpha;
    const float weight_a = 1.0f - alpha;
    return glm::quat(weight_a * a.w + weight_b * b.w, weight_a * a.x + weight_b * b.x,
                     weight_a * a.y + weight_b * b.y, weight_a * a.z + weight_b * b.z);
  } else {
    return a + (b - a) * alpha;
  }
}

// The blend factor of time t between key times t0 and t1. Remembers the last key pair: within
// one pose neighbouring channels mostly share their key times (uniformly keyed channels at the
// same cursor, two-key channels spanning the clip), so most channels skip the division. A hit
// returns the very value the division would give, so results do not change.
class KeyAlpha {
 public:
  explicit KeyAlpha(float t) : t_(t) {}
  float operator()(float t0, float t1) {
    if (t0 != t0_ || t1 != t1_) {
      t0_ = t0;
      t1_ = t1;
      alpha_ = (t_ - t0) / (t1 - t0);
    }
    return alpha_;
  }
  float time() const { return t_; }

 private:
  float t_;
  float t0_ = std::numeric_limits<float>::quiet_NaN();
  float t1_ = std::numeric_limits<float>::quiet_NaN();
  float alpha_ = 0.0f;
};

// The channel's value at alpha.time() (already wrapped into the clip), or `fallback` when it has
// no keys. Returns true when the value was interpolated between two keys: a rotation is then an
// nlerp not yet normalised.
template <typename T>
[[gnu::always_inline]] inline bool SampleChannel(const Channel<T>& channel, const T& fallback,
                                                 std::uint32_t& cursor, KeyAlpha& alpha, T& out) {
  const std::size_t count = channel.times.size();
  if (count == 0) {
    out = fallback;
    return false;
  }
  const float t = alpha.time();
  const float* times = channel.times.data();
  const T* values = channel.values.data();
  if (count == 1 || t <= times[0]) {
    out = values[0];
    return false;
  }
  if (t >= times[count - 1]) {
    out = values[count - 1];
    return false;
  }
  const std::uint32_t k = FindKey(channel.times, t, cursor);
  cursor = k;
  if (channel.interpolation == Interpolation::kStep) {
    out = values[k];
    return false;
  }
  out = Interpolate(values[k], values[k + 1], alpha(times[k], times[k + 1]));
  return true;
}

// One channel's value with a rotation normalised right away (for single samples).
template <typename T>
T SampleChannel(const Channel<T>& channel, float t, const T& fallback, std::uint32_t& cursor) {
  KeyAlpha alpha(t);
  T value;
  const bool between_keys = SampleChannel(channel, fallback, cursor, alpha, value);
  if constexpr (std::is_same_v<T, glm::quat>) {
    if (between_keys)
      value = detail::NormalizeFast(value);
  }
  return value;
}

// Copies into `segment` the keys of `channel` around t: the same case analysis as SampleChannel,
// stored as the time range over which it holds. Out of line: playback refills rarely.
template <typename T>
[[gnu::noinline]] void Refill(const Channel<T>& channel, float t, detail::KeySegment<T>& segment) {
  using detail::SegmentKind;
  const std::size_t count = channel.times.size();
  const float* times = channel.times.data();
  const T* values = channel.values.data();
  segment.keys = times;
  segment.begin = -kInfinity;
  segment.end = kInfinity;
  if (count == 0) {
    segment.kind = SegmentKind::kRest;
    return;
  }
  segment.kind = SegmentKind::kHold;
  if (count == 1) {
    segment.from = values[0];
  } else if (t <= times[0]) {
    // t <= times[0] is t < the next float after it.
    segment.end = std::nextafter(times[0], kInfinity);
    segment.from = values[0];
  } else if (t >= times[count - 1]) {
    segment.begin = times[count - 1];
    segment.from = values[count - 1];
  } else {
    const std::uint32_t k = FindKey(channel.times, t, segment.key);
    segment.key = k;
    // Key 0 itself belongs to the range before the keys (held, not blended).
    segment.begin = k == 0 ? std::nextafter(times[0], kInfinity) : times[k];
    segment.end = times[k + 1];
    segment.t0 = times[k];
    segment.from = values[k];
    if (channel.interpolation == Interpolation::kLinear) {
      segment.kind = SegmentKind::kBlend;
      segment.to = values[k + 1];
    }
  }
}

// SampleChannel through a cached key segment: while the time stays in the segment's range the
// clip's key arrays are not read. Same values as SampleChannel, bit for bit.
template <typename T>
[[gnu::always_inline]] inline bool SampleSegment(const Channel<T>& channel, const T& fallback,
                                                 detail::KeySegment<T>& segment, KeyAlpha& alpha,
                                                 T& out) {
  const float t = alpha.time();
  if (segment.keys != channel.times.data() || !(segment.begin <= t && t < segment.end))
      [[unlikely]] {
    Refill(channel, t, segment);
  }
  switch (segment.kind) {
    case detail::SegmentKind::kRest:
      out = fallback;
      return false;
    case detail::SegmentKind::kHold:
      out = segment.from;
      return false;
    case detail::SegmentKind::kBlend:
      break;
  }
  out = Interpolate(segment.from, segment.to, alpha(segment.t0, segment.end));
  return true;
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
  segments_.assign(static_cast<std::size_t>(num_joints_), detail::JointSegments{});
  Invalidate();
}

void SamplingCache::Invalidate() {
  std::fill(segments_.begin(), segments_.end(), detail::JointSegments{});
  root_cursors_[0] = 0;
  root_cursors_[1] = 0;
  clip_ = nullptr;
}

void SamplingCache::Follow(const Clip& clip) {
  if (clip_ != &clip) {
    Invalidate();
    clip_ = &clip;
  }
}

std::span<detail::JointSegments> SamplingCache::SegmentsFor(const Clip& clip) {
  Follow(clip);
  return segments_;
}

std::span<std::uint32_t, 2> SamplingCache::RootCursorsFor(const Clip& clip) {
  Follow(clip);
  return std::span<std::uint32_t, 2>(root_cursors_);
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
  Transform* out = output.data();
  // Joints whose rotation is an unnormalised nlerp, normalised four at a time after each block
  // of joints (keys themselves are returned untouched).
  constexpr std::size_t kBlock = 64;
  std::uint32_t blended[kBlock];
  KeyAlpha alpha(t);
  detail::JointSegments* segments = cache != nullptr ? cache->SegmentsFor(*clip).data() : nullptr;
  for (std::size_t begin = 0; begin < num_joints; begin += kBlock) {
    const std::size_t end = std::min(num_joints, begin + kBlock);
    std::size_t num_blended = 0;
    for (std::size_t j = begin; j < end; ++j) {
      const JointTrack& track = tracks[j];
      bool blended_rotation = false;
      if (segments != nullptr) {
        detail::JointSegments& segment = segments[j];
        SampleSegment(track.translation, rest[j].translation, segment.translation, alpha,
                      out[j].translation);
        SampleSegment(track.scale, rest[j].scale, segment.scale, alpha, out[j].scale);
        blended_rotation = SampleSegment(track.rotation, rest[j].rotation, segment.rotation, alpha,
                                         out[j].rotation);
      } else {
        // Without a cache every channel searches its keys from the start.
        std::uint32_t cursor = 0;
        SampleChannel(track.translation, rest[j].translation, cursor, alpha, out[j].translation);
        cursor = 0;
        SampleChannel(track.scale, rest[j].scale, cursor, alpha, out[j].scale);
        cursor = 0;
        blended_rotation =
            SampleChannel(track.rotation, rest[j].rotation, cursor, alpha, out[j].rotation);
      }
      blended[num_blended] = static_cast<std::uint32_t>(j);
      num_blended += blended_rotation ? 1 : 0;
    }
    detail::NormalizeRotationsAt(out, blended, num_blended);
  }
  return Status::Ok();
}

Transform SampleRootMotion(const Clip& clip, float time_s, WrapMode wrap, SamplingCache* cache) {
  const float t = WrapTime(time_s, clip.duration_s, wrap);
  std::uint32_t scratch_cursors[kRootCursors] = {0, 0};
  std::uint32_t* cursors = cache != nullptr ? cache->RootCursorsFor(clip).data() : scratch_cursors;
  Transform result;
  result.translation = SampleChannel(clip.root_motion.translation, t, glm::vec3(0.0f), cursors[0]);
  result.rotation =
      SampleChannel(clip.root_motion.rotation, t, glm::quat(1.0f, 0.0f, 0.0f, 0.0f), cursors[1]);
  return result;
}

}  // namespace footwork::anim
