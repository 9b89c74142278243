#include "footwork/graph/slot.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <fmt/format.h>
#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/blending.h"
#include "node_checks.h"

namespace footwork::graph {
namespace {

constexpr const char* kNode = "slot";

Transform ScaleMotion(const Transform& motion, float weight) {
  Transform scaled;
  scaled.translation = weight * motion.translation;
  scaled.rotation = glm::slerp(glm::quat(1.0f, 0.0f, 0.0f, 0.0f), motion.rotation, weight);
  return scaled;
}

}  // namespace

Status Slot::Setup(const anim::Skeleton& skeleton, const CurveLayout* curves, std::string name) {
  name_ = std::move(name);
  skeleton_ = &skeleton;
  for (Montage* montage : {&current_, &outgoing_}) {
    if (Status status = montage->playback.Setup(skeleton, curves); !status.ok())
      return status;
    montage->phase = Phase::kStopped;
    montage->weight = 0.0f;
  }
  const auto joints = static_cast<std::size_t>(skeleton.num_joints());
  montage_pose_.assign(joints, Transform{});
  blend_pose_.assign(joints, Transform{});
  montage_curves_.assign(curves != nullptr ? curves->size() : 0, 0.0f);
  return {};
}

Status Slot::Play(const anim::Clip& clip, const MontageParams& params) {
  if (skeleton_ == nullptr)
    return Error{"slot: not set up (call Setup first)"};
  if (!std::isfinite(params.play_rate) || params.play_rate <= 0.0f) {
    return Error{fmt::format("slot '{}': montage '{}' play_rate must be finite and > 0, got {}",
                             name_, clip.name, params.play_rate)};
  }
  for (const auto& [what, value] :
       {std::pair{"blend_in_s", params.blend_in_s}, std::pair{"blend_out_s", params.blend_out_s}}) {
    if (!std::isfinite(value) || value < 0.0f) {
      return Error{fmt::format("slot '{}': montage '{}' {} must be finite and >= 0, got {}", name_,
                               clip.name, what, value)};
    }
  }
  // Validate on the spare playback first so a bad clip changes nothing.
  const bool interrupts = current_.phase != Phase::kStopped;
  Montage& next = outgoing_;
  if (Status status = next.playback.SetClip(kNode, clip, params.loop, params.start_position_s);
      !status.ok()) {
    return WithContext(fmt::format("slot '{}'", name_), status.error());
  }
  std::swap(current_, outgoing_);  // the new montage is current; the old one goes out
  // An interrupted montage keeps its weight underneath the new one (so the blend never dips
  // into the slot's input) and is dropped once the new one is fully in.
  if (!interrupts) {
    outgoing_.phase = Phase::kStopped;
    outgoing_.weight = 0.0f;
    outgoing_.step_weight = 0.0f;
    outgoing_.playback.Clear();
  }
  current_.params = params;
  current_.lane = 1 - outgoing_.lane;
  current_.step_weight = 0.0f;
  current_.weight = params.blend_in_s > 0.0f ? 0.0f : 1.0f;
  current_.phase = params.blend_in_s > 0.0f ? Phase::kBlendingIn : Phase::kPlaying;
  return {};
}

void Slot::StartBlendOut(Montage& montage, float blend_out_s) {
  if (montage.phase == Phase::kStopped || montage.phase == Phase::kBlendingOut)
    return;
  montage.phase = Phase::kBlendingOut;
  montage.blend_out_s = blend_out_s;
  if (!(blend_out_s > 0.0f)) {
    montage.phase = Phase::kStopped;
    montage.weight = 0.0f;
  }
}

void Slot::Stop(float blend_out_s) {
  const float duration =
      std::isfinite(blend_out_s) && blend_out_s >= 0.0f ? blend_out_s : current_.params.blend_out_s;
  StartBlendOut(current_, duration);
  StartBlendOut(outgoing_, duration);
}

float Slot::EffectiveWeight(const Montage& montage) const {
  if (montage.phase == Phase::kStopped)
    return 0.0f;
  if (&montage == &current_)
    return current_.weight;
  // Evaluate blends the current montage over the outgoing one.
  const float current = current_.phase != Phase::kStopped ? current_.weight : 0.0f;
  return montage.weight * (1.0f - current);
}

void Slot::UpdateMontage(Montage& montage, float dt_s) {
  if (montage.phase == Phase::kStopped)
    return;
  const MontageParams& params = montage.params;
  montage.playback.Play(dt_s * params.play_rate);
  switch (montage.phase) {
    case Phase::kBlendingIn:
      montage.weight = std::min(1.0f, montage.weight + dt_s / params.blend_in_s);
      if (montage.weight >= 1.0f)
        montage.phase = Phase::kPlaying;
      break;
    case Phase::kBlendingOut:
      montage.weight = std::max(0.0f, montage.weight - dt_s / montage.blend_out_s);
      break;
    default:
      break;
  }
  if (!params.loop) {
    // Automatic blend out: the weight is at most the fraction of the blend-out time left before
    // the clip ends, so it reaches 0 exactly at the end whatever the frame rate.
    const float remaining_s = montage.playback.time_remaining_s() / params.play_rate;
    if (remaining_s <= params.blend_out_s) {
      if (montage.phase != Phase::kBlendingOut)
        StartBlendOut(montage, params.blend_out_s);
      const float limit = params.blend_out_s > 0.0f ? remaining_s / params.blend_out_s : 0.0f;
      montage.weight = std::min(montage.weight, limit);
    }
  }
  if (montage.phase == Phase::kBlendingOut &&
      (montage.weight <= 0.0f || (!params.loop && montage.playback.time_remaining_s() <= 0.0f))) {
    montage.phase = Phase::kStopped;
    montage.weight = 0.0f;
  }
}

Status Slot::Update(float dt_s) {
  if (Status status = detail::CheckDt(kNode, dt_s); !status.ok())
    return status;
  // Root motion and notifies of this step use the weights the step starts with.
  current_.step_weight = EffectiveWeight(current_);
  outgoing_.step_weight = EffectiveWeight(outgoing_);
  UpdateMontage(outgoing_, dt_s);
  UpdateMontage(current_, dt_s);
  if (current_.phase == Phase::kPlaying && current_.weight >= 1.0f)
    outgoing_.phase = Phase::kStopped;
  return {};
}

bool Slot::IsPlaying() const {
  return current_.phase != Phase::kStopped || outgoing_.phase != Phase::kStopped;
}

bool Slot::IsPlaying(const anim::Clip& clip) const {
  return current_.playback.clip() == &clip &&
         (current_.phase == Phase::kBlendingIn || current_.phase == Phase::kPlaying);
}

const anim::Clip* Slot::clip() const {
  return current_.phase != Phase::kStopped ? current_.playback.clip() : nullptr;
}

float Slot::time_s() const {
  return current_.playback.time_s();
}

float Slot::weight() const {
  // The input's share is (1 - w_out)(1 - w_cur): see Evaluate's order.
  const float out = outgoing_.phase != Phase::kStopped ? outgoing_.weight : 0.0f;
  const float cur = current_.phase != Phase::kStopped ? current_.weight : 0.0f;
  return 1.0f - (1.0f - out) * (1.0f - cur);
}

bool Slot::blending_out() const {
  return current_.phase == Phase::kBlendingOut;
}

Status Slot::BlendIn(Montage& montage, std::span<Transform> pose) {
  if (montage.phase == Phase::kStopped || montage.weight <= 0.0f)
    return {};
  if (Status status = montage.playback.EvaluatePose(montage_pose_); !status.ok())
    return status;
  std::copy(pose.begin(), pose.end(), blend_pose_.begin());
  const std::array<anim::BlendLayer, 2> layers{anim::BlendLayer{blend_pose_, 1.0f - montage.weight},
                                               anim::BlendLayer{montage_pose_, montage.weight}};
  anim::BlendingJob job;
  job.layers = layers;
  job.output = pose;
  return job.Run();
}

Status Slot::Evaluate(std::span<const Transform> input, std::span<Transform> output) {
  if (skeleton_ == nullptr)
    return Error{"slot: not set up (call Setup first)"};
  const auto joints = static_cast<std::size_t>(skeleton_->num_joints());
  if (input.size() != joints || output.size() != joints) {
    return Error{fmt::format("slot '{}': poses have {} and {} joints, the skeleton {}", name_,
                             input.size(), output.size(), joints)};
  }
  if (output.data() != input.data())
    std::copy(input.begin(), input.end(), output.begin());
  if (Status status = BlendIn(outgoing_, output); !status.ok())
    return status;
  return BlendIn(current_, output);
}

void Slot::EvaluateCurves(std::span<const float> input, std::span<float> output) {
  const std::size_t n = std::min({input.size(), output.size(), montage_curves_.size()});
  if (output.data() != input.data())
    std::copy(input.begin(), input.begin() + static_cast<std::ptrdiff_t>(n), output.begin());
  for (Montage* montage : {&outgoing_, &current_}) {
    if (montage->phase == Phase::kStopped || montage->weight <= 0.0f)
      continue;
    montage->playback.EvaluateCurves(std::span(montage_curves_).first(n));
    for (std::size_t i = 0; i < n; ++i)
      output[i] += montage->weight * (montage_curves_[i] - output[i]);
  }
}

Transform Slot::RootMotion() {
  Transform total;
  for (Montage* montage : {&outgoing_, &current_}) {
    // Weighted by the weight the step started with, so a montage that ended this update still
    // moves the character by its last step.
    if (montage->playback.clip() == nullptr || montage->playback.elapsed_s() == 0.0f)
      continue;
    const float weight = montage->step_weight;
    if (weight <= 0.0f)
      continue;
    const Transform step = ScaleMotion(montage->playback.RootMotion(), weight);
    total.translation += total.rotation * step.translation;
    total.rotation = glm::normalize(total.rotation * step.rotation);
  }
  return total;
}

std::size_t Slot::CollectNotifySources(std::uint32_t id, std::span<NotifySource> out) const {
  std::size_t count = 0;
  for (const Montage* montage : {&outgoing_, &current_}) {
    if (count >= out.size() || EffectiveWeight(*montage) <= 0.0f)
      continue;
    out[count++] = montage->playback.AsNotifySource(id + montage->lane, EffectiveWeight(*montage));
  }
  return count;
}

}  // namespace footwork::graph
