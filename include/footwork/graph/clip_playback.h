#pragma once
// One clip as one character plays it: the clip, the playback time, what the last step played
// (for root motion and notifies), the per-character sampling cache and the clip's curves bound
// to the graph's CurveLayout. The shared core of SequencePlayer, SequenceEvaluator, blend-space
// samples and slot montages; those nodes decide how time moves, this only moves it.
//
// Setup allocates (cache, curve bindings); everything after it does not.

#include <cstdint>
#include <span>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/anim/sampling.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"
#include "footwork/graph/curve_layout.h"
#include "footwork/graph/notify.h"

namespace footwork::graph {

class ClipPlayback {
 public:
  // Sizes the per-character state for clips of `skeleton`, with curves in `curves` (optional).
  // Both must outlive the playback. Allocates.
  Status Setup(const anim::Skeleton& skeleton, const CurveLayout* curves = nullptr);
  bool is_setup() const { return skeleton_ != nullptr; }

  // Switches to `clip` at `time_s` (wrapped or clamped into it), with nothing played yet. The
  // clip must have one track per skeleton joint and a finite duration >= 0, and must outlive its
  // use. `node` prefixes errors. Does not allocate.
  Status SetClip(const char* node, const anim::Clip& clip, bool loop, float time_s);
  // Stops playing (clip() becomes null).
  void Clear();

  // Plays `clip_seconds` (negative: backwards): looping clips wrap, others hold at their ends.
  // The span actually played is what root motion and notifies see.
  void Play(float clip_seconds);
  // Moves to `time_s` without playing the span in between (no root motion, no notifies).
  void Jump(float time_s);
  // Takes a time chosen elsewhere (a sync group) as if it had been played forward from the
  // previous time, wrapping once for a looping clip whose time went down.
  void PlayForwardTo(float time_s);

  const anim::Clip* clip() const { return clip_; }
  bool loop() const { return loop_; }
  anim::WrapMode wrap() const { return loop_ ? anim::WrapMode::kLoop : anim::WrapMode::kClamp; }
  float time_s() const { return time_s_; }
  float previous_time_s() const { return previous_time_s_; }
  // Signed clip seconds played by the last Play / PlayForwardTo (0 after a jump).
  float elapsed_s() const { return elapsed_s_; }
  // Seconds of clip left in the playing direction (forward: duration - time), 0 with no clip.
  float time_remaining_s(float play_rate = 1.0f) const;
  // True until the second step after SetClip: the first step's notify source includes the start
  // time itself (notifies exactly at the start fire).
  bool just_started() const { return just_started_; }

  // Samples the pose at time_s into `pose` (skeleton->num_joints() transforms).
  Status EvaluatePose(std::span<Transform> pose);
  // Writes the bound curves at time_s (values.size() == layout size; no layout: nothing).
  void EvaluateCurves(std::span<float> values) const;
  // The root motion the last step played, in the root's frame at its start.
  Transform RootMotion();
  // The last step as a notify source (forward steps only; backwards play fires nothing).
  NotifySource AsNotifySource(std::uint32_t id, float weight) const;

 private:
  void BeginStep();

  const anim::Skeleton* skeleton_ = nullptr;
  const CurveLayout* layout_ = nullptr;
  const anim::Clip* clip_ = nullptr;
  anim::SamplingCache cache_;
  anim::SamplingCache root_cache_;
  std::vector<const anim::FloatCurve*> bound_curves_;
  bool loop_ = true;
  bool just_started_ = false;
  bool first_step_pending_ = false;
  float time_s_ = 0.0f;
  float previous_time_s_ = 0.0f;
  float elapsed_s_ = 0.0f;
};

}  // namespace footwork::graph
