#pragma once
// Sequence evaluator (Unreal's node of that name): shows one clip at a time the caller sets, with
// the distance-matching helpers of Unreal's AnimDistanceMatchingLibrary that starts, stops and
// pivots use:
// - DistanceMatchToTarget: jump to the time at which the clip's Distance curve says the
//   character is `distance_to_target_m` from its target (stops, pivots: the curve is negative
//   before the stop point and 0 at it, so the time where Distance == -distance).
// - AdvanceTimeByDistanceMatching: advance by the distance the capsule travelled this frame
//   (starts, cycles: Distance grows from 0), with the implied play rate clamped.
// Per-character state; the clip and skeleton are shared. After Setup nothing allocates.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "footwork/anim/clip.h"
#include "footwork/anim/curve.h"
#include "footwork/anim/curve_names.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"
#include "footwork/graph/clip_playback.h"
#include "footwork/graph/curve_layout.h"
#include "footwork/graph/notify.h"

namespace footwork::graph {

// Bounds on the play rate distance matching may imply (Unreal's PlayRateClamp, default
// 0.75 .. 1.25): keeps feet from sliding into slow motion or fast-forward when the capsule and
// the clip disagree. Both finite, 0 <= min <= max.
struct PlayRateClamp {
  float min = 0.75f;
  float max = 1.25f;
};

class SequenceEvaluator {
 public:
  // Sizes the evaluator for `skeleton` and the graph's curves (optional). `distance_curve` names
  // the curve distance matching reads. Allocates.
  Status Setup(const anim::Skeleton& skeleton, const CurveLayout* curves = nullptr,
               std::string_view distance_curve = anim::curve_names::kDistance);

  // Shows `clip` at `time_s`. loop: explicit times wrap instead of clamping. The clip's distance
  // curve is looked up here once (a clip without it can still be evaluated; distance matching
  // then reports the missing curve). Does not allocate.
  Status SetClip(const anim::Clip& clip, float time_s = 0.0f, bool loop = false);
  // Sets the explicit time (wrapped or clamped into the clip), played from the previous time.
  Status SetExplicitTime(float time_s);

  // Jumps to the time at which the distance curve equals -distance_to_target_m and returns it.
  // Distances beyond the curve's range clamp to its ends. Errors: no clip, no distance curve,
  // curve not monotonic, distance not finite.
  Result<float> DistanceMatchToTarget(float distance_to_target_m);

  // Advances time so the distance curve grows by distance_travelled_m, at a play rate clamped to
  // `clamp`: desired = (time where Distance == Distance(now) + travelled - now) / dt_s. No
  // distance travelled (or dt 0) leaves the time unchanged, like Unreal. dt_s in [0, 1] s.
  // Errors as for DistanceMatchToTarget, plus a bad dt or clamp.
  Status AdvanceTimeByDistanceMatching(float dt_s, float distance_travelled_m,
                                       PlayRateClamp clamp = {});

  // The play rate the last AdvanceTimeByDistanceMatching used (0 when it did not move).
  float effective_play_rate() const { return effective_play_rate_; }

  Status Evaluate(std::span<Transform> pose) { return playback_.EvaluatePose(pose); }
  void EvaluateCurves(std::span<float> values) const { playback_.EvaluateCurves(values); }
  Transform RootMotion() { return playback_.RootMotion(); }
  NotifySource AsNotifySource(std::uint32_t id, float weight) const {
    return playback_.AsNotifySource(id, weight);
  }

  const anim::Clip* clip() const { return playback_.clip(); }
  float time_s() const { return playback_.time_s(); }
  // The distance curve of the current clip, or nullptr.
  const anim::FloatCurve* distance_curve() const { return distance_curve_; }
  const ClipPlayback& playback() const { return playback_; }

 private:
  // The distance curve, or an error naming clip and curve (missing or not monotonic).
  Status CheckDistanceCurve() const;
  // Time at which the distance curve reaches `value` (clamped).
  float TimeAtDistance(float value) const;

  ClipPlayback playback_;
  std::string distance_curve_name_ = anim::curve_names::kDistance;
  const anim::FloatCurve* distance_curve_ = nullptr;
  anim::Monotonicity distance_monotonicity_ = anim::Monotonicity::kNone;
  float effective_play_rate_ = 0.0f;
};

}  // namespace footwork::graph
