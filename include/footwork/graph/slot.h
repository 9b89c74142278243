#pragma once
// A slot for montages (Unreal's Slot node with PlayMontage / StopMontage): plays a clip on top of
// the pose flowing through the slot, chosen at run time (a landing, a roll, an interaction), with
// a blend in, a blend out (automatic before a non-looping clip ends, or on Stop) and a play rate.
// Playing a new montage while one plays blends from the old one to the new one. The montage's
// root motion is what "from montages only" root-motion mode applies.
//
// Per-character state; clips and skeleton are shared and must outlive their use. Setup
// allocates; Play, Update and Evaluate do not.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "footwork/anim/clip.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"
#include "footwork/graph/clip_playback.h"
#include "footwork/graph/curve_layout.h"
#include "footwork/graph/notify.h"

namespace footwork::graph {

struct MontageParams {
  // Clip seconds per second, finite and > 0.
  float play_rate = 1.0f;
  // Seconds to blend in from the slot's input (or the previous montage); 0: at once. Finite >= 0.
  float blend_in_s = 0.2f;
  // Seconds to blend back out, ending when a non-looping clip ends; 0: cut at the end.
  float blend_out_s = 0.2f;
  // Where the clip starts, seconds (clamped into it). Finite.
  float start_position_s = 0.0f;
  // Loop until Stop instead of ending with the clip.
  bool loop = false;
};

class Slot {
 public:
  // Sizes the scratch poses for `skeleton` and curves in `curves` (optional). Allocates.
  Status Setup(const anim::Skeleton& skeleton, const CurveLayout* curves = nullptr,
               std::string name = "DefaultSlot");

  // Starts `clip` as this slot's montage. A montage already playing stays underneath while the
  // new one blends in over blend_in_s, then stops (one still underneath from before is dropped).
  // Errors (nothing changes): not set up, bad params, clip does not fit.
  Status Play(const anim::Clip& clip, const MontageParams& params = {});
  // Blends the current montage out over blend_out_s (negative: its own blend_out_s).
  void Stop(float blend_out_s = -1.0f);

  // Advances the montages' time and blend weights by dt_s (finite, in [0, 1] s).
  Status Update(float dt_s);

  // Whether a montage contributes (playing, blending in or out).
  bool IsPlaying() const;
  // Whether `clip` is the current montage and has not started blending out.
  bool IsPlaying(const anim::Clip& clip) const;
  // The current montage's clip (nullptr when none), time and blend weight.
  const anim::Clip* clip() const;
  float time_s() const;
  // Total montage weight over the input pose, in [0, 1].
  float weight() const;
  bool blending_out() const;

  // output = input blended towards the montage(s) by their weights; the input alone when none
  // plays. Spans have the skeleton's joint count; output may alias input.
  Status Evaluate(std::span<const Transform> input, std::span<Transform> output);
  // The same for curves (layout size); output may alias input.
  void EvaluateCurves(std::span<const float> input, std::span<float> output);
  // The montages' root motion over the last update, each scaled by its weight: what "from
  // montages only" applies. Identity when none plays.
  Transform RootMotion();
  // Notify sources of the playing montages, returns how many (at most 2). Ids are id or id + 1,
  // stable for each montage while it plays. At most two montages play: a third Play during a
  // blend drops the oldest at once.
  std::size_t CollectNotifySources(std::uint32_t id, std::span<NotifySource> out) const;

  const std::string& name() const { return name_; }

 private:
  enum class Phase { kStopped, kBlendingIn, kPlaying, kBlendingOut };
  struct Montage {
    ClipPlayback playback;
    MontageParams params;
    Phase phase = Phase::kStopped;
    float weight = 0.0f;
    // Seconds to blend out over (set when blending out starts).
    float blend_out_s = 0.0f;
    // The share of the output the last update's step started with (root motion of a montage
    // that ended during the step still counts).
    float step_weight = 0.0f;
    // 0 or 1: notify source id offset, distinct from the other montage's.
    std::uint32_t lane = 0;
  };
  void StartBlendOut(Montage& montage, float blend_out_s);
  // The montage's share of the output (the current one is blended over the outgoing one).
  float EffectiveWeight(const Montage& montage) const;
  void UpdateMontage(Montage& montage, float dt_s);
  // Blends `pose` towards the montage by its weight, in place (via scratch).
  Status BlendIn(Montage& montage, std::span<Transform> pose);

  std::string name_ = "DefaultSlot";
  const anim::Skeleton* skeleton_ = nullptr;
  // current_ is the newest montage; outgoing_ one it interrupted, still blending out.
  Montage current_;
  Montage outgoing_;
  std::vector<Transform> montage_pose_;
  std::vector<Transform> blend_pose_;
  std::vector<float> montage_curves_;
};

}  // namespace footwork::graph
