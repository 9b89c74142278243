#include "footwork/ik/stride_warping.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "footwork/anim/local_to_model.h"
#include "footwork/anim/two_bone_ik.h"
#include "footwork/core/angles.h"
#include "footwork/core/spring.h"
#include "footwork/ik/knee_direction.h"

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

// The reach a leg gets when asked for `wanted`: unchanged up to `limit - band`, then eased
// (continuous, with a continuous slope) toward `limit`, never past it.
float SoftReach(float wanted, float limit, float band) {
  const float knee = limit - band;
  if (wanted <= knee)
    return wanted;
  if (!(band > 0.0f))
    return limit;
  return knee + band * (1.0f - std::exp(-(wanted - knee) / band));
}

// The length of the shift along `along` (a horizontal unit vector) that puts the foot at `reach`
// from the hip, moving away from it: from + shift * along has length reach. `from` is foot minus
// hip; 0 when even the unshifted foot is that far.
float ShiftForReach(const glm::vec3& from, const glm::vec3& along, float reach) {
  const float a = std::abs(glm::dot(from, along));
  const float c = glm::dot(from, from);
  const float discriminant = a * a + reach * reach - c;
  if (!(discriminant > 0.0f))
    return 0.0f;
  return std::max(0.0f, std::sqrt(discriminant) - a);
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
  if (!(s.pelvis_drop_half_life_s >= 0.0f) || !std::isfinite(s.pelvis_drop_half_life_s))
    return Error{fmt::format("stride warping: pelvis drop half-life {} s must be >= 0",
                             s.pelvis_drop_half_life_s)};
  if (!(s.swing_follow_lift_m >= 0.0f) || !std::isfinite(s.swing_follow_lift_m))
    return Error{
        fmt::format("stride warping: swing follow lift {} m must be >= 0", s.swing_follow_lift_m)};
  if (!(s.max_leg_extension > 0.0f && s.max_leg_extension <= 1.0f))
    return Error{
        fmt::format("stride warping: max leg extension {} must be in (0, 1]", s.max_leg_extension)};
  if (!(s.support_height_band_m >= 0.0f) || !std::isfinite(s.support_height_band_m))
    return Error{fmt::format("stride warping: support height band {} m must be >= 0",
                             s.support_height_band_m)};
  if (!(s.reach_limit > 0.0f && s.reach_limit <= 1.0f) || !(s.reach_soft_band >= 0.0f) ||
      !(s.reach_soft_band < s.reach_limit)) {
    return Error{fmt::format(
        "stride warping: reach limit {} must be in (0, 1] and its soft band {} in [0, limit)",
        s.reach_limit, s.reach_soft_band)};
  }
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

namespace {

// Below this drop (metres) a warp that has ended leaves the pose alone again.
constexpr float kNoDropM = 1e-5f;

// ApplyStrideWarping, with the drop carried over frames when `state` is given.
Result<StrideWarpResult> Warp(const anim::Skeleton& skeleton, const IkRig& rig,
                              const glm::vec3& direction_model, float ratio,
                              const StrideWarpingSettings& settings, StrideWarpState* state,
                              float dt, std::span<Transform> local, std::span<Transform> model) {
  const std::size_t joints = skeleton.parents.size();
  if (local.size() != joints || model.size() != joints) {
    return Error{fmt::format("stride warping: pose of {}/{} joints for a skeleton of {}",
                             local.size(), model.size(), joints)};
  }
  if (!std::isfinite(ratio) || !(ratio > 0.0f))
    return Error{fmt::format("stride warping: ratio {} is not positive and finite", ratio)};
  if (!Finite(direction_model))
    return Error{"stride warping: direction is not finite"};
  if (state != nullptr && (!(dt > 0.0f) || !std::isfinite(dt)))
    return Error{fmt::format("stride warping: time step {} s is not positive and finite", dt)};

  StrideWarpResult result;
  for (int side = 0; side < 2; ++side)
    result.feet[side] = model[rig.legs[side].chain.end].translation;
  const glm::vec3 flat(direction_model.x, 0.0f, direction_model.z);
  const float flat_length = glm::length(flat);
  const bool warping = ratio != 1.0f && flat_length > 1e-6f;
  const float carried = state != nullptr && std::isfinite(state->pelvis_drop_m)
                            ? std::max(state->pelvis_drop_m, 0.0f)
                            : 0.0f;
  if (!warping && !(carried > kNoDropM)) {
    if (state != nullptr)
      state->pelvis_drop_m = 0.0f;
    return result;
  }
  const glm::vec3 along = warping ? flat / flat_length : glm::vec3(0.0f);

  // The drop that keeps the supporting leg (the lower foot; both, blended, while the feet are
  // level within support_height_band_m) as extended as it was animated. A swinging foot asks for
  // no drop: it is eased in below instead.
  std::array<glm::vec3, 2> animated;
  std::array<float, 2> leg_length{0.0f, 0.0f};
  std::array<float, 2> wanted_drop{0.0f, 0.0f};
  for (int side = 0; side < 2; ++side) {
    const anim::TwoBoneIkChain& chain = rig.legs[side].chain;
    const glm::vec3 hip = model[chain.upper].translation;
    const glm::vec3 knee = model[chain.lower].translation;
    animated[side] = model[chain.end].translation - hip;
    leg_length[side] = glm::length(knee - hip) + glm::length(model[chain.end].translation - knee);
    const glm::vec3 warped =
        animated[side] + (ratio - 1.0f) * glm::dot(animated[side], along) * along;
    wanted_drop[side] = std::max(0.0f, DropToKeepExtension(animated[side], warped));
  }
  const float band = settings.support_height_band_m;
  const float lower_left = animated[kRight].y - animated[kLeft].y;  // > 0: left foot lower
  const float left_support =
      band > 0.0f ? std::clamp(0.5f + lower_left / band, 0.0f, 1.0f) : (lower_left >= 0.0f);
  const float drop =
      left_support * wanted_drop[kLeft] + (1.0f - left_support) * wanted_drop[kRight];
  const float drop_goal =
      warping ? std::clamp(drop * settings.pelvis_drop_fraction, 0.0f, settings.max_pelvis_drop_m)
              : 0.0f;
  result.pelvis_drop_m = drop_goal;
  if (state != nullptr) {
    if (settings.pelvis_drop_half_life_s > 0.0f)
      result.pelvis_drop_m = DamperExact(carried, drop_goal, settings.pelvis_drop_half_life_s, dt);
    if (!warping && !(result.pelvis_drop_m > kNoDropM)) {
      state->pelvis_drop_m = 0.0f;
      return result;  // the drop has eased out: the pose is the animated one
    }
    state->pelvis_drop_m = result.pelvis_drop_m;
  }
  // A foot pushed away from its hip is eased in short of the leg's reach limit (from the dropped
  // hip), so a leg never snaps straight and then bends back fast.
  for (int side = 0; side < 2; ++side) {
    // A foot lifted into its swing goes down with the pelvis (fully once lifted
    // swing_follow_lift_m above its standing height), so the swinging leg keeps its animated
    // shape instead of folding under the lowered hip.
    const float lift = model[rig.legs[side].chain.end].translation.y - rig.foot_height_m;
    const float follow = settings.swing_follow_lift_m > 0.0f
                             ? std::clamp(lift / settings.swing_follow_lift_m, 0.0f, 1.0f)
                             : 0.0f;
    const glm::vec3 lowered = -kUp * (result.pelvis_drop_m * follow);
    const glm::vec3 from_dropped_hip = animated[side] + lowered + kUp * result.pelvis_drop_m;
    const float along_offset = glm::dot(animated[side], along);
    float shift = (ratio - 1.0f) * along_offset;
    if (shift * along_offset > 0.0f) {
      const float wanted = glm::length(from_dropped_hip + shift * along);
      // As far as the animation itself stretched this leg is always allowed.
      const float limit =
          std::max(settings.reach_limit * leg_length[side], glm::length(animated[side]));
      const float reach =
          std::max(glm::length(from_dropped_hip),
                   SoftReach(wanted, limit, settings.reach_soft_band * leg_length[side]));
      shift = std::copysign(ShiftForReach(from_dropped_hip, along, reach), along_offset);
    }
    result.feet[side] =
        model[rig.legs[side].chain.upper].translation + animated[side] + lowered + shift * along;
  }

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
    // Kept on the forward side of the warped line (knee_direction.h): a stair stride shortened
    // by 1.7 at the run drew the foot kicked up behind the hip forward under it, and the clip's
    // bend, across the animated line, pointed back across the new one (knees 79-94 degrees in a
    // frame).
    goal.pole = KneeForwardOfLine(
        KneePole(knee_offset, thigh_axis, line, settings.knee_axis_weight_m), goal.target - hip);
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

}  // namespace

Result<StrideWarpResult> ApplyStrideWarping(const anim::Skeleton& skeleton, const IkRig& rig,
                                            const glm::vec3& direction_model, float ratio,
                                            const StrideWarpingSettings& settings,
                                            std::span<Transform> local,
                                            std::span<Transform> model) {
  return Warp(skeleton, rig, direction_model, ratio, settings, nullptr, 0.0f, local, model);
}

Result<StrideWarpResult> ApplyStrideWarping(const anim::Skeleton& skeleton, const IkRig& rig,
                                            const glm::vec3& direction_model, float ratio,
                                            const StrideWarpingSettings& settings,
                                            StrideWarpState& state, float dt,
                                            std::span<Transform> local,
                                            std::span<Transform> model) {
  return Warp(skeleton, rig, direction_model, ratio, settings, &state, dt, local, model);
}

}  // namespace footwork::ik
