#include "footwork/graph/clip_playback.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "footwork/anim/root_motion.h"

namespace footwork::graph {

Status ClipPlayback::Setup(const anim::Skeleton& skeleton, const CurveLayout* curves) {
  skeleton_ = &skeleton;
  layout_ = curves;
  cache_.Resize(skeleton.num_joints());
  root_cache_.Resize(skeleton.num_joints());
  bound_curves_.assign(curves != nullptr ? curves->size() : 0, nullptr);
  clip_ = nullptr;
  return {};
}

Status ClipPlayback::SetClip(const char* node, const anim::Clip& clip, bool loop, float time_s) {
  if (skeleton_ == nullptr)
    return Error{fmt::format("{}: not set up (call Setup with the skeleton first)", node)};
  if (static_cast<int>(clip.tracks.size()) != skeleton_->num_joints()) {
    return Error{fmt::format("{}: clip '{}' has {} joint tracks, the skeleton {} joints", node,
                             clip.name, clip.tracks.size(), skeleton_->num_joints())};
  }
  if (!std::isfinite(clip.duration_s) || clip.duration_s < 0.0f) {
    return Error{
        fmt::format("{}: clip '{}' has an invalid duration {}", node, clip.name, clip.duration_s)};
  }
  if (!std::isfinite(time_s))
    return Error{fmt::format("{}: start time must be finite, got {}", node, time_s)};
  clip_ = &clip;
  loop_ = loop;
  time_s_ = anim::WrapTime(time_s, clip.duration_s, wrap());
  previous_time_s_ = time_s_;
  elapsed_s_ = 0.0f;
  just_started_ = true;
  first_step_pending_ = true;
  if (layout_ != nullptr)
    BindCurves(clip, *layout_, bound_curves_);
  return {};
}

void ClipPlayback::Clear() {
  clip_ = nullptr;
  elapsed_s_ = 0.0f;
  just_started_ = false;
  std::fill(bound_curves_.begin(), bound_curves_.end(), nullptr);
}

void ClipPlayback::BeginStep() {
  just_started_ = first_step_pending_;
  first_step_pending_ = false;
  previous_time_s_ = time_s_;
}

void ClipPlayback::Play(float clip_seconds) {
  if (clip_ == nullptr || !std::isfinite(clip_seconds))
    return;
  BeginStep();
  if (loop_) {
    elapsed_s_ = clip_seconds;
    time_s_ = anim::WrapTime(time_s_ + clip_seconds, clip_->duration_s, anim::WrapMode::kLoop);
  } else {
    const float to = std::clamp(time_s_ + clip_seconds, 0.0f, clip_->duration_s);
    elapsed_s_ = to - time_s_;
    time_s_ = to;
  }
}

void ClipPlayback::Jump(float time_s) {
  if (clip_ == nullptr || !std::isfinite(time_s))
    return;
  BeginStep();
  time_s_ = anim::WrapTime(time_s, clip_->duration_s, wrap());
  previous_time_s_ = time_s_;
  elapsed_s_ = 0.0f;
}

void ClipPlayback::PlayForwardTo(float time_s) {
  if (clip_ == nullptr || !std::isfinite(time_s))
    return;
  BeginStep();
  time_s_ = anim::WrapTime(time_s, clip_->duration_s, wrap());
  float elapsed = time_s_ - previous_time_s_;
  if (loop_ && elapsed < 0.0f)
    elapsed += clip_->duration_s;
  elapsed_s_ = elapsed;
}

float ClipPlayback::time_remaining_s(float play_rate) const {
  if (clip_ == nullptr)
    return 0.0f;
  return play_rate < 0.0f ? time_s_ : clip_->duration_s - time_s_;
}

Status ClipPlayback::EvaluatePose(std::span<Transform> pose) {
  if (clip_ == nullptr)
    return Error{"clip playback: no clip to evaluate"};
  anim::SamplingJob job;
  job.skeleton = skeleton_;
  job.clip = clip_;
  job.time_s = time_s_;
  job.wrap = wrap();
  job.cache = &cache_;
  job.output = pose;
  return job.Run();
}

void ClipPlayback::EvaluateCurves(std::span<float> values) const {
  EvaluateBoundCurves(bound_curves_, time_s_,
                      values.first(std::min(values.size(), bound_curves_.size())));
}

Transform ClipPlayback::RootMotion() {
  if (clip_ == nullptr || elapsed_s_ == 0.0f)
    return Transform{};
  return anim::ExtractRootMotion(*clip_, previous_time_s_, elapsed_s_, wrap(), &root_cache_);
}

NotifySource ClipPlayback::AsNotifySource(std::uint32_t id, float weight) const {
  NotifySource source;
  source.id = id;
  source.clip = clip_;
  source.previous_time_s = previous_time_s_;
  source.time_s = time_s_;
  source.weight = weight;
  source.just_started = just_started_;
  // Notifies fire playing forward only; a backwards step plays nothing.
  source.elapsed_s = std::max(elapsed_s_, 0.0f);
  return source;
}

}  // namespace footwork::graph
