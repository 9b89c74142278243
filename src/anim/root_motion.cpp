#include "footwork/anim/root_motion.h"

#include <algorithm>
#include <cmath>

#include "anim/pose_math.h"

namespace footwork::anim {
namespace {

Transform Inverse(const Transform& transform) {
  return detail::InverseMul(transform, Transform::Identity());
}

// transform^count by squaring, so a long step over many loops stays cheap.
Transform Power(Transform transform, std::int64_t count) {
  Transform result = Transform::Identity();
  while (count > 0) {
    if (count & 1)
      result = detail::Mul(result, transform);
    transform = detail::Mul(transform, transform);
    count >>= 1;
  }
  return result;
}

// Root transform at a time already inside [0, duration] (the end key stays the end key).
Transform RootAt(const Clip& clip, float time_s, SamplingCache* cache) {
  return SampleRootMotion(clip, time_s, WrapMode::kClamp, cache);
}

// Motion over the unwrapped playback interval [from, to], from <= to, of a looping clip.
Transform LoopingForward(const Clip& clip, double from, double to, SamplingCache* cache) {
  const double duration = clip.duration_s;
  const double from_loop = std::floor(from / duration);
  const double to_loop = std::floor(to / duration);
  const auto from_in_loop = static_cast<float>(from - from_loop * duration);
  const auto to_in_loop = static_cast<float>(to - to_loop * duration);
  const Transform start = RootAt(clip, from_in_loop, cache);
  const Transform end = RootAt(clip, to_in_loop, cache);
  if (from_loop == to_loop)
    return RootMotionDelta(start, end);
  const Transform clip_start = RootAt(clip, 0.0f, cache);
  const Transform clip_end = RootAt(clip, clip.duration_s, cache);
  const Transform whole_loop = RootMotionDelta(clip_start, clip_end);
  const auto whole_loops = static_cast<std::int64_t>(to_loop - from_loop) - 1;
  Transform result = RootMotionDelta(start, clip_end);
  result = detail::Mul(result, Power(whole_loop, whole_loops));
  return detail::Mul(result, RootMotionDelta(clip_start, end));
}

}  // namespace

Transform RootMotionDelta(const Transform& a, const Transform& b) {
  Transform delta = detail::InverseMul(a, b);
  delta.rotation = detail::NormalizeFast(delta.rotation);
  return delta;
}

Transform ExtractRootMotion(const Clip& clip, float from_time_s, float elapsed_s, WrapMode wrap,
                            SamplingCache* cache) {
  if (clip.root_motion.empty() || !(clip.duration_s > 0.0f) || !std::isfinite(from_time_s) ||
      !std::isfinite(elapsed_s)) {
    return Transform::Identity();
  }
  if (wrap == WrapMode::kClamp) {
    const float from = std::clamp(from_time_s, 0.0f, clip.duration_s);
    const float to = std::clamp(from_time_s + elapsed_s, 0.0f, clip.duration_s);
    return RootMotionDelta(RootAt(clip, from, cache), RootAt(clip, to, cache));
  }
  // Doubles keep many wrapped loops exact enough to count.
  const double from = WrapTime(from_time_s, clip.duration_s, WrapMode::kLoop);
  const double to = from + static_cast<double>(elapsed_s);
  if (elapsed_s >= 0.0f)
    return LoopingForward(clip, from, to, cache);
  // Backwards: the inverse of the forward motion over the same stretch. Shift both ends into
  // non-negative time (whole loops) so the floor arithmetic above stays simple.
  const double shift = std::ceil(-to / clip.duration_s) * clip.duration_s;
  return Inverse(LoopingForward(clip, to + shift, from + shift, cache));
}

}  // namespace footwork::anim
