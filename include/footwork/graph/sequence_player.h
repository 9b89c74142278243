#pragma once
// Sequence player (Unreal's node of that name): plays one clip on its own clock with a play rate,
// a start position and looping, optionally as a member of a sync group. Per-character state;
// the clip and skeleton are shared and must outlive it. After Setup nothing allocates.
//
// A frame, on its own:        player.Advance(dt); player.Evaluate(pose);
// A frame, in a sync group:   player.WriteSyncMember(members[i]); ... UpdateSyncGroup(members,
//                             dt); player.ApplySyncResult(members[i]); player.Evaluate(pose);

#include <cstdint>
#include <optional>
#include <span>

#include "footwork/anim/clip.h"
#include "footwork/anim/skeleton.h"
#include "footwork/core/error.h"
#include "footwork/core/transform.h"
#include "footwork/graph/clip_playback.h"
#include "footwork/graph/curve_layout.h"
#include "footwork/graph/notify.h"
#include "footwork/graph/sync_group.h"

namespace footwork::graph {

struct SequencePlayerSettings {
  // Clip seconds per second; negative plays backwards. Finite.
  float play_rate = 1.0f;
  // Where playback starts, in seconds (wrapped into a looping clip, clamped otherwise). Finite.
  float start_position_s = 0.0f;
  // Loop at the ends, or hold the last (first, backwards) pose. Unset: the clip's own flag, which
  // sync groups also use, so leave it unset for synced players.
  std::optional<bool> loop{};
};

class SequencePlayer {
 public:
  // Sizes the player for `skeleton` and the graph's curves (optional). Allocates.
  Status Setup(const anim::Skeleton& skeleton, const CurveLayout* curves = nullptr);

  // Starts `clip` from settings.start_position_s. Errors (player unchanged): not set up, the clip
  // does not fit the skeleton, or a setting is not finite.
  Status Play(const anim::Clip& clip, const SequencePlayerSettings& settings = {});
  Status SetPlayRate(float play_rate);

  // Advances by dt_s * play_rate. dt_s must be finite and in [0, 1] s (dt 0 moves nothing);
  // otherwise an error and no change. Error when no clip plays.
  Status Advance(float dt_s);

  // Sync groups: fills the member's clip, play rate and time (role, weight and blending_in are
  // the caller's); after UpdateSyncGroup, ApplySyncResult takes the time the group chose as
  // played forward from the previous one (for root motion and notifies).
  void WriteSyncMember(SyncGroupMember& member) const;
  void ApplySyncResult(const SyncGroupMember& member);

  // The pose at the current time (skeleton joint count); curves aligned with the layout.
  Status Evaluate(std::span<Transform> pose) { return playback_.EvaluatePose(pose); }
  void EvaluateCurves(std::span<float> values) const { playback_.EvaluateCurves(values); }
  // Root motion of the last step, in the root's frame at the step's start.
  Transform RootMotion() { return playback_.RootMotion(); }
  NotifySource AsNotifySource(std::uint32_t id, float weight) const {
    return playback_.AsNotifySource(id, weight);
  }

  const anim::Clip* clip() const { return playback_.clip(); }
  float time_s() const { return playback_.time_s(); }
  float previous_time_s() const { return playback_.previous_time_s(); }
  float play_rate() const { return play_rate_; }
  bool loop() const { return playback_.loop(); }
  // Clip seconds left in the playing direction (infinite-looping clips still report the time to
  // their end, which is what "relevant time remaining" transitions want).
  float time_remaining_s() const { return playback_.time_remaining_s(play_rate_); }
  // A non-looping clip that reached its end (its start, backwards).
  bool finished() const;
  const ClipPlayback& playback() const { return playback_; }

 private:
  ClipPlayback playback_;
  float play_rate_ = 1.0f;
};

}  // namespace footwork::graph
