#include "footwork/ik/stride_warping.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "footwork/anim/local_to_model.h"
#include "footwork/anim/two_bone_ik.h"
#include "footwork/core/angles.h"

namespace footwork::ik {
namespace {

const glm::vec3 kUp(0.0f, 1.0f, 0.0f);

bool Finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// How far the hip must go down so that the warped leg (hip -> warped foot) is as long as the
// animated one was (hip -> foot); <= 0 when the warped foot is nearer. `animated` and `warped`
// are foot minus hip; both share their vertical part.
float DropToKeepExtension(const glm::vec3& animated, const glm::vec3& warped) {
  const float reach_sq = glm::dot(animated, animated);
  const float horizontal_sq = warped.x * warped.x + warped.z * warped.z;
  const float depth = -warped.y;
  if (horizontal_sq >= reach_sq)
    return std::max(depth, 0.0f);  // only a hip level with the foot would do; clamped later
  return depth - std::sqrt(reach_sq - horizontal_sq);
}

}  // namespace

Status ValidateStrideWarpingSettings(const StrideWarpingSettings& s) {
  if (!(s.min_ratio > 0.0f) || !(s.min_ratio <= 1.0f) || !(s.max_ratio >= 1.0f) ||
      !std::isfinite(s.max_ratio)) {
    return Error{fmt::format("stride warping: ratio range [{}, {}] must be positive and contain 1",
                             s.min_ratio, s.max_ratio)};
  }
  if (!(s.interp_speed >= 0.0f) || !std::isfinite(s.interp_speed))
    return Error{fmt::format("stride warping: interp speed {} must be >= 0", s.interp_speed)};
  if (!(s.min_speed_m_s >= 0.0f) || !std::isfinite(s.min_speed_m_s))
    return Error{fmt::format("stride warping: min speed {} m/s must be >= 0", s.min_speed_m_s)};
  if (!(s.pelvis_drop_fraction >= 0.0f && s.pelvis_drop_fraction <= 1.0f))
    return Error{fmt::format("stride warping: pelvis drop fraction {} must be in [0, 1]",
                             s.pelvis_drop_fraction)};
  if (!(s.max_pelvis_drop_m >= 0.0f) || !std::isfinite(s.max_pelvis_drop_m))
    return Error{
        fmt::format("stride warping: max pelvis drop {} m must be >= 0", s.max_pelvis_drop_m)};
  if (!(s.max_leg_extension > 0.0f && s.max_leg_extension <= 1.0f))
    return Error{
        fmt::format("stride warping: max leg extension {} must be in (0, 1]", s.max_leg_extension)};
  if (!(s.knee_axis_weight_m >= 0.0f) || !std::isfinite(s.knee_axis_weight_m))
    return Error{
        fmt::format("stride warping: knee axis weight {} m must be >= 0", s.knee_axis_weight_m)};
  return Status::Ok();
}

float StrideWarpTargetRatio(float capsule_speed_m_s, float animation_speed_m_s,
                            const StrideWarpingSettings& settings) {
  if (!settings.enabled || !std::isfinite(capsule_speed_m_s) ||
      !std::isfinite(animation_speed_m_s) || capsule_speed_m_s < settings.min_speed_m_s ||
      animation_speed_m_s < settings.min_speed_m_s) {
    return 1.0f;
  }
  return std::clamp(capsule_speed_m_s / animation_speed_m_s, settings.min_ratio,
                    settings.max_ratio);
}

Result<float> UpdateStrideWarpRatio(float current, float target, float dt,
                                    const StrideWarpingSettings& settings) {
  if (!(dt > 0.0f) || !std::isfinite(dt))
    return Error{fmt::format("stride warping: time step {} s is not positive and finite", dt)};
  if (!settings.enabled)
    return 1.0f;
  const float start = std::isfinite(current) ? current : 1.0f;
  const float goal =
      std::isfinite(target) ? std::clamp(target, settings.min_ratio, settings.max_ratio) : 1.0f;
  return std::clamp(FInterpTo(start, goal, dt, settings.interp_speed), settings.min_ratio,
                    settings.max_ratio);
}

Result<StrideWarpResult> ApplyStrideWarping(const anim::Skeleton& skeleton, const IkRig& rig,
                                            const glm::vec3& direction_model, float ratio,
                                            const StrideWarpingSettings& settings,
                                            std::span<Transform> local,
                                            std::span<Transform> model) {
  const std::size_t joints = skeleton.parents.size();
  if (local.size() != joints || model.size() != joints) {
    return Error{fmt::format("stride warping: pose of {}/{} joints for a skeleton of {}",
                             local.size(), model.size(), joints)};
  }
  if (!std::isfinite(ratio) || !(ratio > 0.0f))
    return Error{fmt::format("stride warping: ratio {} is not positive and finite", ratio)};
  if (!Finite(direction_model))
    return Error{"stride warping: direction is not finite"};

  StrideWarpResult result;
  for (int side = 0; side < 2; ++side)
    result.feet[side] = model[rig.legs[side].chain.end].translation;
  const glm::vec3 flat(direction_model.x, 0.0f, direction_model.z);
  const float flat_length = glm::length(flat);
  if (ratio == 1.0f || !(flat_length > 1e-6f))
    return result;
  const glm::vec3 along = flat / flat_length;

  // Warped feet (about each hip, along the direction only) and the drop that keeps the most
  // stretched leg as extended as it was animated.
  std::array<glm::vec3, 2> hips;
  float drop = 0.0f;
  for (int side = 0; side < 2; ++side) {
    const anim::TwoBoneIkChain& chain = rig.legs[side].chain;
    hips[side] = model[chain.upper].translation;
    const glm::vec3 animated = model[chain.end].translation - hips[side];
    const glm::vec3 warped = animated + (ratio - 1.0f) * glm::dot(animated, along) * along;
    result.feet[side] = hips[side] + warped;
    drop = std::max(drop, DropToKeepExtension(animated, warped));
  }
  result.pelvis_drop_m =
      std::clamp(drop * settings.pelvis_drop_fraction, 0.0f, settings.max_pelvis_drop_m);

  if (result.pelvis_drop_m > 0.0f) {
    const int parent = skeleton.parents[rig.pelvis];
    const glm::vec3 drop_model = -kUp * result.pelvis_drop_m;
    const glm::vec3 drop_local =
        parent < 0 ? drop_model
                   : glm::inverse(model[parent].rotation) * drop_model / model[parent].scale;
    local[rig.pelvis].translation += drop_local;
    anim::LocalToModelJob job;
    job.skeleton = &skeleton;
    job.input = local;
    job.output = model;
    if (Status modeled = job.Run(); !modeled)
      return modeled.error();
  }

  for (int side = 0; side < 2; ++side) {
    const LegRig& leg = rig.legs[side];
    const glm::vec3 hip = model[leg.chain.upper].translation;
    const glm::vec3 knee = model[leg.chain.lower].translation;
    const glm::vec3 ankle = model[leg.chain.end].translation;
    // Knee direction: the animated knee's bend, steadied by the thigh's forward axis.
    const glm::vec3 to_ankle = ankle - hip;
    const float to_ankle_length = glm::length(to_ankle);
    const glm::vec3 line = to_ankle_length > 1e-6f ? to_ankle / to_ankle_length : -kUp;
    const glm::vec3 knee_offset = (knee - hip) - glm::dot(knee - hip, line) * line;
    const glm::vec3 thigh_axis = model[leg.chain.upper].rotation * leg.knee_axis_in_thigh;
    anim::TwoBoneIkGoal goal;
    goal.target = result.feet[side];
    goal.pole = knee_offset + settings.knee_axis_weight_m * thigh_axis;
    goal.max_extension = settings.max_leg_extension;
    const float length = glm::length(knee - hip) + glm::length(ankle - knee);
    if (glm::length(goal.target - hip) > settings.max_leg_extension * length)
      result.reached = false;
    if (Status solved = anim::ApplyTwoBoneIk(skeleton, leg.chain, goal, local, model); !solved)
      return solved.error();
  }
  // The toes (and anything else under the legs) follow their feet.
  anim::LocalToModelJob job;
  job.skeleton = &skeleton;
  job.input = local;
  job.output = model;
  if (Status modeled = job.Run(); !modeled)
    return modeled.error();
  return result;
}

}  // namespace footwork::ik
