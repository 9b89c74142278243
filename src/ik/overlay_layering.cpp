#include "footwork/ik/overlay_layering.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "footwork/anim/curve.h"
#include "footwork/anim/local_to_model.h"
#include "footwork/anim/sampling.h"

namespace footwork::ik {
namespace {

constexpr glm::quat kIdentity(1.0f, 0.0f, 0.0f, 0.0f);

glm::quat NlerpShortest(const glm::quat& a, const glm::quat& b, float alpha) {
  const glm::quat aligned = glm::dot(a, b) < 0.0f ? -b : b;
  return glm::normalize(glm::mix(a, aligned, alpha));
}

float Clamp01(float value) {
  return std::isfinite(value) ? std::clamp(value, 0.0f, 1.0f) : 0.0f;
}

Result<std::vector<Transform>> SampleFrame(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                           float time_s) {
  if (!std::isfinite(time_s))
    return Error{fmt::format("overlay record '{}': time is not finite", clip.name)};
  std::vector<Transform> local(skeleton.rest_pose.size());
  anim::SamplingJob sampling;
  sampling.skeleton = &skeleton;
  sampling.clip = &clip;
  sampling.time_s = time_s;
  sampling.wrap = anim::WrapMode::kClamp;
  sampling.output = local;
  if (Status sampled = sampling.Run(); !sampled)
    return WithContext("overlay record '" + clip.name + "'", sampled.error());
  return local;
}

std::vector<glm::quat> ModelRotations(const anim::Skeleton& skeleton,
                                      std::span<const Transform> local) {
  std::vector<glm::quat> model(local.size());
  for (std::size_t j = 0; j < local.size(); ++j) {
    const int parent = skeleton.parents[j];
    model[j] = glm::normalize(parent < 0 ? local[j].rotation : model[parent] * local[j].rotation);
  }
  return model;
}

}  // namespace

LayeringCurves LayeringCurves::FromClip(const anim::Clip& clip, float time_s) {
  LayeringCurves curves;
  for (int part = 1; part < kBodyPartCount; ++part) {
    const std::string name =
        std::string("Layering_") + BodyPartCurveName(static_cast<BodyPart>(part));
    const auto read = [&](const std::string& curve_name) {
      const anim::FloatCurve* curve = clip.FindCurve(curve_name);
      return curve == nullptr ? 0.0f : Clamp01(anim::EvaluateCurve(*curve, time_s));
    };
    curves.weight[part] = read(name);
    curves.add[part] = read(name + "_Add");
    curves.local[part] = read(name + "_LS");
  }
  return curves;
}

LayeringCurves LayeringCurves::Lerp(const LayeringCurves& a, const LayeringCurves& b, float alpha) {
  LayeringCurves out;
  for (int part = 0; part < kBodyPartCount; ++part) {
    out.weight[part] = a.weight[part] + (b.weight[part] - a.weight[part]) * alpha;
    out.add[part] = a.add[part] + (b.add[part] - a.add[part]) * alpha;
    out.local[part] = a.local[part] + (b.local[part] - a.local[part]) * alpha;
  }
  return out;
}

Result<BasePose> RecordBasePose(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                float time_s) {
  auto local = SampleFrame(skeleton, clip, time_s);
  if (!local)
    return local.error();
  BasePose base;
  base.model_rotation = ModelRotations(skeleton, *local);
  base.local = std::move(*local);
  return base;
}

Result<OverlayPose> RecordOverlayPose(const anim::Skeleton& skeleton, const IkRig& rig,
                                      const anim::Clip& clip, float time_s, const BasePose& base) {
  if (base.local.size() != skeleton.rest_pose.size() ||
      rig.body_parts.size() != skeleton.rest_pose.size()) {
    return Error{fmt::format("overlay record '{}': base pose has {} joints, rig {}, skeleton {}",
                             clip.name, base.local.size(), rig.body_parts.size(),
                             skeleton.rest_pose.size())};
  }
  auto local = SampleFrame(skeleton, clip, time_s);
  if (!local)
    return local.error();
  OverlayPose overlay;
  overlay.name = clip.name;
  overlay.curves = LayeringCurves::FromClip(clip, time_s);
  // Parts the overlay does not layer keep the base pose (what "blend base by bones" records).
  for (std::size_t j = 0; j < local->size(); ++j) {
    const auto part = static_cast<std::size_t>(rig.body_parts[j]);
    if (rig.body_parts[j] == BodyPart::kNone || overlay.curves.weight[part] <= 0.0f)
      (*local)[j] = base.local[j];
  }
  overlay.model_rotation = ModelRotations(skeleton, *local);
  overlay.local = std::move(*local);
  return overlay;
}

Status OverlayLayeringJob::Validate() const {
  if (skeleton == nullptr || rig == nullptr || base_pose == nullptr || overlay == nullptr)
    return Error{"overlay layering: skeleton, rig, base pose and overlay are required"};
  const std::size_t joints = skeleton->parents.size();
  if (base_local.size() != joints || base_model.size() != joints || output_local.size() != joints ||
      output_model.size() != joints || rig->body_parts.size() != joints ||
      base_pose->local.size() != joints || base_pose->model_rotation.size() != joints ||
      overlay->local.size() != joints || overlay->model_rotation.size() != joints) {
    return Error{
        fmt::format("overlay layering: every pose must have the skeleton's {} joints", joints)};
  }
  if (!std::isfinite(overlay_alpha))
    return Error{"overlay layering: overlay_alpha is not finite"};
  return Status::Ok();
}

Status OverlayLayeringJob::Run() const {
  if (Status valid = Validate(); !valid)
    return valid;
  const float alpha = Clamp01(overlay_alpha);
  const LayeringCurves& curves = overlay->curves;
  // Overlay rotation of joint k plus the mesh-space dynamic additive (locomotion - base pose).
  const auto overlay_plus_additive = [&](int k, float add) {
    const glm::quat additive = base_model[k].rotation * glm::inverse(base_pose->model_rotation[k]);
    return glm::normalize(NlerpShortest(kIdentity, additive, add) * overlay->model_rotation[k]);
  };
  const std::size_t joints = base_local.size();
  for (std::size_t j = 0; j < joints; ++j) {
    const int parent = skeleton->parents[j];
    const auto part = static_cast<std::size_t>(rig->body_parts[j]);
    const float weight = part == 0 ? 0.0f : Clamp01(curves.weight[part]) * alpha;
    Transform out = base_local[j];
    if (weight > 0.0f) {
      const float add = Clamp01(curves.add[part]);
      const glm::quat layered = overlay_plus_additive(static_cast<int>(j), add);
      const glm::vec3 translation =
          overlay->local[j].translation +
          add * (base_local[j].translation - base_pose->local[j].translation);
      out.translation = glm::mix(base_local[j].translation, translation, weight);
      // Local-space and mesh-space results are both computed and mixed by Layering_<Part>_LS:
      // a hard switch at 0.5 made a fade between overlays with different LS values jump by
      // tens of degrees in one frame (issue #7).
      const float local_space = Clamp01(curves.local[part]);
      const glm::quat layered_parent = parent < 0 ? kIdentity : overlay_plus_additive(parent, add);
      const glm::quat layered_local = glm::inverse(layered_parent) * layered;
      const glm::quat in_local = NlerpShortest(base_local[j].rotation, layered_local, weight);
      const glm::quat blended = NlerpShortest(base_model[j].rotation, layered, weight);
      const glm::quat parent_rotation = parent < 0 ? kIdentity : output_model[parent].rotation;
      const glm::quat in_mesh = glm::normalize(glm::inverse(parent_rotation) * blended);
      out.rotation = local_space >= 1.0f   ? in_local
                     : local_space <= 0.0f ? in_mesh
                                           : NlerpShortest(in_mesh, in_local, local_space);
    }
    output_local[j] = out;
    output_model[j] = parent < 0 ? out : output_model[parent] * out;
  }
  return Status::Ok();
}

Result<OverlayPose> RebaseOverlayPose(const anim::Skeleton& skeleton, const IkRig& rig,
                                      const OverlayPose& overlay, const BasePose& from,
                                      const BasePose& to) {
  const std::size_t joints = skeleton.rest_pose.size();
  if (overlay.local.size() != joints || from.local.size() != joints || to.local.size() != joints ||
      rig.body_parts.size() != joints) {
    return Error{fmt::format(
        "overlay '{}': rebasing needs poses of the skeleton's {} joints (overlay {}, bases {}/{})",
        overlay.name, joints, overlay.local.size(), from.local.size(), to.local.size())};
  }
  OverlayPose rebased;
  rebased.name = overlay.name;
  rebased.curves = overlay.curves;
  rebased.local = to.local;
  for (std::size_t j = 0; j < joints; ++j) {
    const auto part = static_cast<std::size_t>(rig.body_parts[j]);
    if (rig.body_parts[j] == BodyPart::kNone || overlay.curves.weight[part] <= 0.0f)
      continue;
    const glm::quat delta = glm::inverse(from.local[j].rotation) * overlay.local[j].rotation;
    rebased.local[j].rotation = glm::normalize(to.local[j].rotation * delta);
    rebased.local[j].translation =
        to.local[j].translation + (overlay.local[j].translation - from.local[j].translation);
  }
  rebased.model_rotation = ModelRotations(skeleton, rebased.local);
  return rebased;
}

float OverlayState::Weight(int i) const {
  if (i < 0 || i >= count)
    return 0.0f;
  float weight = i == 0 ? 1.0f : layers[static_cast<std::size_t>(i)].blend;
  for (int k = i + 1; k < count; ++k)
    weight *= 1.0f - layers[static_cast<std::size_t>(k)].blend;
  return weight;
}

void SwitchOverlay(OverlayState& state, int overlay) {
  if (overlay == state.current())
    return;
  if (state.count == OverlayState::kMaxLayers) {
    // Four fades at once: drop the layer that shows least (the output moves by about its weight).
    int weakest = 0;
    for (int i = 1; i < state.count; ++i) {
      if (state.Weight(i) < state.Weight(weakest))
        weakest = i;
    }
    for (int i = weakest; i + 1 < state.count; ++i)
      state.layers[static_cast<std::size_t>(i)] = state.layers[static_cast<std::size_t>(i + 1)];
    --state.count;
  }
  state.layers[static_cast<std::size_t>(state.count)] = {overlay, 0.0f};
  ++state.count;
}

void UpdateOverlay(OverlayState& state, float blend_s, float dt) {
  const float step = blend_s > 0.0f ? dt / blend_s : 1.0f;
  int covering = 0;  // the topmost layer that has fully faded in hides everything below it
  for (int i = 1; i < state.count; ++i) {
    float& blend = state.layers[static_cast<std::size_t>(i)].blend;
    blend = std::isfinite(step) ? std::min(1.0f, blend + step) : 1.0f;
    if (blend >= 1.0f)
      covering = i;
  }
  if (covering == 0)
    return;
  for (int i = covering; i < state.count; ++i)
    state.layers[static_cast<std::size_t>(i - covering)] =
        state.layers[static_cast<std::size_t>(i)];
  state.count -= covering;
  state.layers[0].blend = 1.0f;
}

}  // namespace footwork::ik
