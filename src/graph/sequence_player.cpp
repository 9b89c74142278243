#include "footwork/graph/sequence_player.h"

#include "node_checks.h"

namespace footwork::graph {
namespace {
constexpr const char* kNode = "sequence player";
}

Status SequencePlayer::Setup(const anim::Skeleton& skeleton, const CurveLayout* curves) {
  return playback_.Setup(skeleton, curves);
}

Status SequencePlayer::Play(const anim::Clip& clip, const SequencePlayerSettings& settings) {
  if (Status status = detail::CheckFinite(kNode, "play_rate", settings.play_rate); !status.ok())
    return status;
  if (Status status = detail::CheckFinite(kNode, "start_position_s", settings.start_position_s);
      !status.ok()) {
    return status;
  }
  if (Status status = playback_.SetClip(kNode, clip, settings.loop.value_or(clip.looping),
                                        settings.start_position_s);
      !status.ok()) {
    return status;
  }
  play_rate_ = settings.play_rate;
  return {};
}

Status SequencePlayer::SetPlayRate(float play_rate) {
  if (Status status = detail::CheckFinite(kNode, "play_rate", play_rate); !status.ok())
    return status;
  play_rate_ = play_rate;
  return {};
}

Status SequencePlayer::Advance(float dt_s) {
  if (Status status = detail::CheckDt(kNode, dt_s); !status.ok())
    return status;
  if (playback_.clip() == nullptr)
    return Error{"sequence player: no clip is playing (call Play first)"};
  playback_.Play(dt_s * play_rate_);
  return {};
}

void SequencePlayer::WriteSyncMember(SyncGroupMember& member) const {
  member.clip = playback_.clip();
  member.play_rate = play_rate_;
  member.time_s = playback_.time_s();
}

void SequencePlayer::ApplySyncResult(const SyncGroupMember& member) {
  playback_.PlayForwardTo(member.time_s);
}

bool SequencePlayer::finished() const {
  const anim::Clip* clip = playback_.clip();
  if (clip == nullptr || playback_.loop())
    return false;
  return play_rate_ < 0.0f ? playback_.time_s() <= 0.0f : playback_.time_s() >= clip->duration_s;
}

}  // namespace footwork::graph
