#pragma once
// Sampling a Clip at a time into a local-space pose, and sampling its root-motion track.
// The clip stays read-only and shared; the per-instance key cursors live in a SamplingCache.

#include <cstdint>
#include <span>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"

namespace footwork::anim {

// What happens to times outside [0, duration]: kLoop wraps them (t mod duration), kClamp holds
// the first or last value.
enum class WrapMode { kClamp, kLoop };

// The time in [0, duration] that `time_s` plays under `mode`. A looping time equal to the
// duration wraps to 0. Zero-length clips always give 0.
float WrapTime(float time_s, float duration_s, WrapMode mode);

namespace detail {

// What a cached channel gives over its time range: the rest value (no keys), one key held, or the
// blend of two keys.
enum class SegmentKind : std::uint8_t { kRest, kHold, kBlend };

// A channel's keys around the last time it was sampled, copied out of the clip: for a time in
// [begin, end) the value is `from` (kHold) or the blend of `from` and `to` at (t - t0) / (end -
// t0) (kBlend), without touching the clip's key arrays. `keys` names the channel's key storage,
// so an entry left from other keys is refilled; begin == end is an empty entry.
template <typename T>
struct KeySegment {
  const float* keys = nullptr;
  float begin = 0.0f;
  float end = 0.0f;
  float t0 = 0.0f;
  // The key interval's index: where the next search starts.
  std::uint32_t key = 0;
  SegmentKind kind = SegmentKind::kRest;
  T from{};
  T to{};
};

struct JointSegments {
  KeySegment<glm::vec3> translation;
  KeySegment<glm::quat> rotation;
  KeySegment<glm::vec3> scale;
};

}  // namespace detail

// Per-instance sampling state: each joint channel's current key pair (copied, so sequential
// playback reads a compact array instead of the clip's scattered keys, and finds the next pair
// from the last one in O(1)); random seeks still fall back to a binary search. Size it once
// (allocates), then sampling never allocates. A cache follows one clip at a time; switching clips
// resets it.
class SamplingCache {
 public:
  SamplingCache() = default;
  explicit SamplingCache(int num_joints) { Resize(num_joints); }

  // Room for clips of up to `num_joints` joint tracks (plus the root-motion track).
  void Resize(int num_joints);
  // Forgets every cached key segment. Needed after any change to the followed clip's keys (a
  // segment whose channel has moved to other key storage is refilled anyway, but a vector
  // assigned in place may keep its storage).
  void Invalidate();
  int num_joints() const { return num_joints_; }

  // Used by the sampling functions, for `clip` (both reset if the cache followed another clip):
  // one key segment per joint track, and the root-motion track's two key cursors.
  std::span<detail::JointSegments> SegmentsFor(const Clip& clip);
  std::span<std::uint32_t, 2> RootCursorsFor(const Clip& clip);

 private:
  void Follow(const Clip& clip);

  const Clip* clip_ = nullptr;
  int num_joints_ = 0;
  std::vector<detail::JointSegments> segments_;
  std::uint32_t root_cursors_[2] = {0, 0};
};

// Samples `clip` at `time_s` into `output`. LINEAR keys lerp (rotations nlerp on the shortest
// path), STEP keys hold; an empty channel gives the skeleton's rest value. The clip is assumed to
// have passed Clip::Validate (sorted keys); Validate() here only checks what is cheap.
struct SamplingJob {
  // Gives the rest values of empty channels. Required.
  const Skeleton* skeleton = nullptr;
  // One track per skeleton joint. Required.
  const Clip* clip = nullptr;
  // Playback time in seconds; any finite value, wrapped or clamped by `wrap`.
  float time_s = 0.0f;
  WrapMode wrap = WrapMode::kLoop;
  // Optional: without it every channel is found by binary search.
  SamplingCache* cache = nullptr;
  // Exactly skeleton->num_joints() transforms.
  std::span<Transform> output;

  Status Validate() const;
  Status Run() const;
};

// The root-motion track at `time_s` (identity where a channel is empty): where the character's
// root is relative to the clip's start. `cache` is optional.
Transform SampleRootMotion(const Clip& clip, float time_s, WrapMode wrap,
                           SamplingCache* cache = nullptr);

}  // namespace footwork::anim
