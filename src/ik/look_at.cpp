#include "footwork/ik/look_at.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <glm/gtc/quaternion.hpp>

#include "footwork/anim/sampling.h"

namespace footwork::ik {
namespace {

const glm::vec3 kUp(0.0f, 1.0f, 0.0f);
const glm::vec3 kLeft(1.0f, 0.0f, 0.0f);

// Rotation taking +Z to the direction of (yaw, pitch): pitch up about the left axis, then yaw.
glm::quat YawPitchRotation(float yaw, float pitch) {
  return glm::angleAxis(yaw, kUp) * glm::angleAxis(-pitch, kLeft);
}

glm::quat ScaleRotation(const glm::quat& rotation, float weight) {
  const glm::quat aligned = rotation.w < 0.0f ? -rotation : rotation;
  return glm::normalize(glm::mix(glm::quat(1.0f, 0.0f, 0.0f, 0.0f), aligned, weight));
}

}  // namespace

float LookAmountFromDirection(const glm::vec3& right, const glm::vec3& forward,
                              const glm::vec3& direction) {
  if (glm::dot(forward, direction) < 0.0f)
    return 0.5f;
  return std::clamp((glm::dot(right, direction) + 1.0f) * 0.5f, 0.0f, 1.0f);
}

float DirectionYaw(const glm::vec3& direction) {
  return std::atan2(direction.x, direction.z);
}

float DirectionPitch(const glm::vec3& direction) {
  return std::atan2(direction.y, std::hypot(direction.x, direction.z));
}

void UpdateLookAt(LookAtState& state, const std::optional<glm::vec3>& target_model,
                  const glm::vec3& head_model, const LookAtSettings& settings, float dt) {
  float goal_yaw = 0.0f;
  float goal_pitch = 0.0f;
  float goal_weight = 0.0f;
  state.reachable = false;
  const glm::vec3 to_target = target_model ? *target_model - head_model : glm::vec3(0.0f);
  if (target_model && IsFinite(to_target) && glm::length(to_target) > 1e-3f) {
    const float yaw = DirectionYaw(to_target);
    const float pitch = DirectionPitch(to_target);
    // Hysteresis across the back: enter at one angle, leave at a smaller one.
    if (std::fabs(yaw) > settings.behind_enter_rad)
      state.behind = true;
    else if (std::fabs(yaw) < settings.behind_exit_rad)
      state.behind = false;
    goal_weight = 1.0f;
    if (!state.behind) {
      goal_yaw = std::clamp(yaw, -settings.max_yaw_rad, settings.max_yaw_rad);
      goal_pitch = std::clamp(pitch, -settings.max_pitch_down_rad, settings.max_pitch_up_rad);
      state.reachable = goal_yaw == yaw && goal_pitch == pitch;
    }
  } else {
    state.behind = false;
  }
  // The seed's look-clip mapping, from the model's right (-X: the character faces +Z and +X is
  // its left) and forward; no target or a target behind gives the neutral 0.5.
  float goal_amount = 0.5f;
  if (goal_weight > 0.0f) {
    goal_amount = LookAmountFromDirection(glm::vec3(-1.0f, 0.0f, 0.0f), glm::vec3(0.0f, 0.0f, 1.0f),
                                          glm::normalize(to_target));
  }
  CriticalSpringDamperExact(state.amount, goal_amount, settings.half_life_s, dt);
  CriticalSpringDamperExact(state.yaw, goal_yaw, settings.half_life_s, dt);
  CriticalSpringDamperExact(state.pitch, goal_pitch, settings.half_life_s, dt);
  state.weight = DamperExact(state.weight, goal_weight, settings.weight_half_life_s, dt);
}

Result<LookClip> RecordLookClip(const anim::Skeleton& skeleton, const IkRig& rig,
                                const anim::Clip& clip, int samples) {
  const std::size_t joints = skeleton.rest_pose.size();
  if (samples < 2)
    return Error{
        fmt::format("look clip '{}': needs at least 2 samples, got {}", clip.name, samples)};
  if (rig.body_parts.size() != joints)
    return Error{fmt::format("look clip '{}': rig of {} joints for a skeleton of {}", clip.name,
                             rig.body_parts.size(), joints)};
  if (!(clip.duration_s >= 0.0f) || !std::isfinite(clip.duration_s))
    return Error{
        fmt::format("look clip '{}': duration {} s is not valid", clip.name, clip.duration_s)};
  LookClip look;
  look.name = clip.name;
  for (std::size_t j = 0; j < joints; ++j) {
    if (rig.body_parts[j] == BodyPart::kHead)
      look.joints.push_back(static_cast<int>(j));
  }
  if (look.joints.empty())
    return Error{fmt::format("look clip '{}': the rig has no head joints", clip.name)};
  const auto sample = [&](float amount) -> Result<std::vector<Transform>> {
    std::vector<Transform> local(joints);
    anim::SamplingJob sampling;
    sampling.skeleton = &skeleton;
    sampling.clip = &clip;
    sampling.time_s = amount * clip.duration_s;
    sampling.wrap = anim::WrapMode::kClamp;
    sampling.output = local;
    if (Status sampled = sampling.Run(); !sampled)
      return WithContext("look clip '" + clip.name + "'", sampled.error());
    return local;
  };
  auto neutral = sample(0.5f);
  if (!neutral)
    return neutral.error();
  look.samples = samples;
  look.additive.reserve(static_cast<std::size_t>(samples) * look.joints.size());
  for (int i = 0; i < samples; ++i) {
    auto pose = sample(static_cast<float>(i) / static_cast<float>(samples - 1));
    if (!pose)
      return pose.error();
    for (const int j : look.joints) {
      const auto index = static_cast<std::size_t>(j);
      look.additive.push_back(
          glm::normalize(glm::inverse((*neutral)[index].rotation) * (*pose)[index].rotation));
    }
  }
  return look;
}

Status ApplyLookClip(const LookClip& look, float amount, float weight, std::span<Transform> local) {
  if (look.samples < 2 ||
      look.additive.size() != static_cast<std::size_t>(look.samples) * look.joints.size())
    return Error{fmt::format("look clip '{}' is not recorded", look.name)};
  for (const int j : look.joints) {
    if (j < 0 || static_cast<std::size_t>(j) >= local.size())
      return Error{
          fmt::format("look clip '{}': joint {} outside a pose of {}", look.name, j, local.size())};
  }
  const float w = std::isfinite(weight) ? std::clamp(weight, 0.0f, 1.0f) : 0.0f;
  if (!(w > 0.0f))
    return Status::Ok();
  const float a = std::isfinite(amount) ? std::clamp(amount, 0.0f, 1.0f) : 0.5f;
  const float position = a * static_cast<float>(look.samples - 1);
  const int lower = std::min(static_cast<int>(position), look.samples - 2);
  const float fraction = position - static_cast<float>(lower);
  const std::size_t count = look.joints.size();
  for (std::size_t k = 0; k < count; ++k) {
    const glm::quat& from = look.additive[static_cast<std::size_t>(lower) * count + k];
    const glm::quat& to = look.additive[static_cast<std::size_t>(lower + 1) * count + k];
    const glm::quat additive = ScaleRotation(glm::slerp(from, to, fraction), w);
    Transform& joint = local[static_cast<std::size_t>(look.joints[k])];
    joint.rotation = glm::normalize(joint.rotation * additive);
  }
  return Status::Ok();
}

glm::vec3 HeadForward(const IkRig& rig, std::span<const Transform> model) {
  return glm::normalize(model[rig.head].rotation * rig.head_forward_in_head);
}

Status ApplyLookAt(const anim::Skeleton& skeleton, const IkRig& rig, const LookAtState& state,
                   const LookAtSettings& settings, std::span<Transform> local,
                   std::span<Transform> model) {
  const std::size_t joints = skeleton.parents.size();
  if (local.size() != joints || model.size() != joints || rig.head < 0 ||
      static_cast<std::size_t>(rig.head) >= joints) {
    return Error{fmt::format("look-at: pose of {}/{} joints or head joint {} for a skeleton of {}",
                             local.size(), model.size(), rig.head, joints)};
  }
  const float weight = std::clamp(state.weight, 0.0f, 1.0f);
  if (!(weight > 0.0f) || !std::isfinite(state.yaw.x) || !std::isfinite(state.pitch.x))
    return Status::Ok();
  const glm::vec3 forward = HeadForward(rig, model);
  const glm::quat animated = YawPitchRotation(DirectionYaw(forward), DirectionPitch(forward));
  const glm::quat wanted = YawPitchRotation(state.yaw.x, state.pitch.x);
  const glm::quat delta = ScaleRotation(wanted * glm::inverse(animated), weight);

  const auto rotate_joint = [&](int joint, const glm::quat& rotation) {
    const int parent = skeleton.parents[joint];
    const glm::quat parent_rotation =
        parent < 0 ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : model[parent].rotation;
    const glm::quat rotated = glm::normalize(rotation * model[joint].rotation);
    local[joint].rotation = glm::normalize(glm::inverse(parent_rotation) * rotated);
    model[joint] = parent < 0 ? local[joint] : model[parent] * local[joint];
  };
  if (rig.neck >= 0) {
    const float share = std::clamp(settings.neck_share, 0.0f, 1.0f);
    const glm::quat neck_delta = ScaleRotation(delta, share);
    rotate_joint(rig.neck, neck_delta);
    // The head rides on the neck (its model rotation is now neck_delta * animated); the rest of
    // the rotation goes to the head itself.
    model[rig.head] = model[rig.neck] * local[rig.head];
    rotate_joint(rig.head, delta * glm::inverse(neck_delta));
  } else {
    rotate_joint(rig.head, delta);
  }
  return Status::Ok();
}

}  // namespace footwork::ik
