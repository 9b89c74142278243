#include "footwork/graph/sequence_evaluator.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "node_checks.h"

namespace footwork::graph {
namespace {
constexpr const char* kNode = "sequence evaluator";
}

Status SequenceEvaluator::Setup(const anim::Skeleton& skeleton, const CurveLayout* curves,
                                std::string_view distance_curve) {
  distance_curve_name_ = std::string(distance_curve);
  distance_curve_ = nullptr;
  return playback_.Setup(skeleton, curves);
}

Status SequenceEvaluator::SetClip(const anim::Clip& clip, float time_s, bool loop) {
  if (Status status = playback_.SetClip(kNode, clip, loop, time_s); !status.ok())
    return status;
  distance_curve_ = clip.FindCurve(distance_curve_name_);
  distance_monotonicity_ = distance_curve_ != nullptr ? anim::FindMonotonicity(*distance_curve_)
                                                      : anim::Monotonicity::kNone;
  effective_play_rate_ = 0.0f;
  return {};
}

Status SequenceEvaluator::SetExplicitTime(float time_s) {
  if (Status status = detail::CheckFinite(kNode, "time_s", time_s); !status.ok())
    return status;
  if (playback_.clip() == nullptr)
    return Error{"sequence evaluator: no clip (call SetClip first)"};
  playback_.Play(time_s - playback_.time_s());
  return {};
}

Status SequenceEvaluator::CheckDistanceCurve() const {
  const anim::Clip* clip = playback_.clip();
  if (clip == nullptr)
    return Error{"sequence evaluator: no clip (call SetClip first)"};
  if (distance_curve_ == nullptr || distance_curve_->times.empty()) {
    return Error{fmt::format(
        "sequence evaluator: clip '{}' has no '{}' curve to distance-match (cook the clip with "
        "the Distance modifier)",
        clip->name, distance_curve_name_)};
  }
  if (distance_monotonicity_ == anim::Monotonicity::kNone) {
    return Error{fmt::format(
        "sequence evaluator: clip '{}' curve '{}' is not monotonic, so no time matches a distance",
        clip->name, distance_curve_name_)};
  }
  return {};
}

float SequenceEvaluator::TimeAtDistance(float value) const {
  return anim::FindTimeAtValue(*distance_curve_, value, distance_monotonicity_).time_s;
}

Result<float> SequenceEvaluator::DistanceMatchToTarget(float distance_to_target_m) {
  if (Status status = detail::CheckFinite(kNode, "distance_to_target_m", distance_to_target_m);
      !status.ok()) {
    return status.error();
  }
  if (Status status = CheckDistanceCurve(); !status.ok())
    return status.error();
  // By convention the curve holds the distance to the target as a negative value.
  playback_.Jump(TimeAtDistance(-distance_to_target_m));
  return playback_.time_s();
}

Status SequenceEvaluator::AdvanceTimeByDistanceMatching(float dt_s, float distance_travelled_m,
                                                        PlayRateClamp clamp) {
  if (Status status = detail::CheckDt(kNode, dt_s); !status.ok())
    return status;
  if (Status status = detail::CheckFinite(kNode, "distance_travelled_m", distance_travelled_m);
      !status.ok()) {
    return status;
  }
  if (!std::isfinite(clamp.min) || !std::isfinite(clamp.max) || clamp.min < 0.0f ||
      clamp.min > clamp.max) {
    return Error{fmt::format(
        "sequence evaluator: play-rate clamp must be finite with 0 <= min <= max, got [{}, {}]",
        clamp.min, clamp.max)};
  }
  if (Status status = CheckDistanceCurve(); !status.ok())
    return status;
  effective_play_rate_ = 0.0f;
  if (dt_s <= 0.0f || distance_travelled_m <= 0.0f) {
    playback_.Play(0.0f);
    return {};
  }
  const float now = playback_.time_s();
  const float current = anim::EvaluateCurve(*distance_curve_, now);
  // A non-increasing curve (distance remaining) shrinks as the character travels.
  const float sign = distance_monotonicity_ == anim::Monotonicity::kNonIncreasing ? -1.0f : 1.0f;
  const float target_time = TimeAtDistance(current + sign * distance_travelled_m);
  const float desired_rate = (target_time - now) / dt_s;
  effective_play_rate_ = std::clamp(desired_rate, clamp.min, clamp.max);
  playback_.Play(effective_play_rate_ * dt_s);
  return {};
}

}  // namespace footwork::graph
