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

// Per-instance sampling state: one key cursor per channel, so sequential playback finds its keys
// in O(1) while random seeks still fall back to a binary search. Size it once (allocates), then
// sampling never allocates. A cache follows one clip at a time; switching clips resets it.
class SamplingCache {
 public:
  SamplingCache() = default;
  explicit SamplingCache(int num_joints) { Resize(num_joints); }

  // Room for clips of up to `num_joints` joint tracks (plus the root-motion track).
  void Resize(int num_joints);
  // Forgets every cursor (e.g. after the clip's keys were edited in place).
  void Invalidate();
  int num_joints() const { return num_joints_; }

  // Used by the sampling functions: cursors for `clip`, reset if the cache followed another clip.
  // Layout: 3 per joint (translation, rotation, scale), then root translation and rotation.
  std::span<std::uint32_t> CursorsFor(const Clip& clip);

 private:
  const Clip* clip_ = nullptr;
  int num_joints_ = 0;
  std::vector<std::uint32_t> cursors_;
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
