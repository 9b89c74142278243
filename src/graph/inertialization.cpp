#include "footwork/graph/inertialization.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <numbers>

namespace footwork::graph {
namespace {

// Below this half-angle, log/exp use their first-order forms to avoid dividing by ~0.
constexpr float kSmallAngle = 1e-8f;

glm::quat Abs(const glm::quat& q) {
  return q.w < 0.0f ? -q : q;
}

// Callers validate dt; a non-finite or negative one still must not write NaNs into a pose, so it
// counts as 0 here (nothing moves this frame).
float UsableDt(float dt_s) {
  return std::isfinite(dt_s) && dt_s > 0.0f ? dt_s : 0.0f;
}

// Distance travelled by a velocity that decays with `half_life_s`, over dt_s, per unit of
// initial velocity: (1 - e^(-y dt)) / y with y = ln2 / half_life. Zero half-life: no motion.
float DecayedTravel(float half_life_s, float dt_s) {
  if (!(half_life_s > 0.0f))
    return 0.0f;
  const float y = std::numbers::ln2_v<float> / half_life_s;
  return (1.0f - std::exp(-y * dt_s)) / y;
}

float VelocityDecay(float half_life_s, float dt_s) {
  if (!(half_life_s > 0.0f))
    return 0.0f;
  return std::exp2(-dt_s / half_life_s);
}

// The left Jacobian of the rotation exp map at phi, applied to v: the space angular velocity of
// exp(phi(t)) is J(phi) phi'. Offsets decay in log space, so converting between offset velocity
// and angular velocity through J keeps the output's angular velocity exactly continuous even for
// large offsets (a plain difference of angular velocities is only right for small ones).
glm::vec3 LeftJacobian(const glm::vec3& phi, const glm::vec3& v) {
  const float theta = glm::length(phi);
  const glm::vec3 phi_v = glm::cross(phi, v);
  const glm::vec3 phi_phi_v = glm::cross(phi, phi_v);
  if (theta < 1e-4f)
    return v + 0.5f * phi_v + (1.0f / 6.0f) * phi_phi_v;
  const float theta2 = theta * theta;
  return v + ((1.0f - std::cos(theta)) / theta2) * phi_v +
         ((theta - std::sin(theta)) / (theta2 * theta)) * phi_phi_v;
}

glm::vec3 InverseLeftJacobian(const glm::vec3& phi, const glm::vec3& v) {
  const float theta = glm::length(phi);
  const glm::vec3 phi_v = glm::cross(phi, v);
  const glm::vec3 phi_phi_v = glm::cross(phi, phi_v);
  // 1/theta^2 - cot(theta/2) / (2 theta), finite for theta in (0, pi] (log gives angles <= pi).
  const float coefficient =
      theta < 1e-3f ? 1.0f / 12.0f + theta * theta / 720.0f
                    : 1.0f / (theta * theta) -
                          std::cos(0.5f * theta) / (2.0f * theta * std::sin(0.5f * theta));
  return v - 0.5f * phi_v + coefficient * phi_phi_v;
}

}  // namespace

glm::vec3 QuatToScaledAngleAxis(const glm::quat& q_in) {
  const glm::quat q = Abs(q_in);
  const glm::vec3 v(q.x, q.y, q.z);
  const float length = glm::length(v);
  if (length < kSmallAngle)
    return 2.0f * v;
  return v * (2.0f * std::atan2(length, q.w) / length);
}

glm::quat ScaledAngleAxisToQuat(const glm::vec3& scaled_axis) {
  const glm::vec3 half = 0.5f * scaled_axis;
  const float half_angle = glm::length(half);
  if (half_angle < kSmallAngle)
    return glm::normalize(glm::quat(1.0f, half.x, half.y, half.z));
  const glm::vec3 axis = half * (std::sin(half_angle) / half_angle);
  return glm::quat(std::cos(half_angle), axis.x, axis.y, axis.z);
}

void ComputePoseVelocities(std::span<const Transform> previous, std::span<const Transform> current,
                           float dt_s, std::span<TransformVelocity> velocities) {
  assert(previous.size() == current.size() && velocities.size() == current.size() && dt_s > 0.0f);
  const float inv_dt = 1.0f / dt_s;
  for (std::size_t j = 0; j < current.size(); ++j) {
    velocities[j].linear = (current[j].translation - previous[j].translation) * inv_dt;
    velocities[j].angular =
        QuatToScaledAngleAxis(current[j].rotation * glm::inverse(previous[j].rotation)) * inv_dt;
    velocities[j].scale = (current[j].scale - previous[j].scale) * inv_dt;
  }
}

void CurveRange::Include(float value) {
  min = std::min(min, value);
  max = std::max(max, value);
}

CurveRange CurveRange::Empty() {
  return {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity()};
}

void BuildCurveFilterMask(std::span<const std::string_view> curve_names,
                          std::span<const std::string_view> filtered,
                          std::span<std::uint8_t> mask) {
  assert(mask.size() == curve_names.size());
  for (std::size_t c = 0; c < curve_names.size(); ++c) {
    mask[c] = 0;
    for (std::string_view name : filtered) {
      if (curve_names[c] == name)
        mask[c] = 1;
    }
  }
}

// ---- Offset-decay inertialization -------------------------------------------------------------

void ResetOffsets(std::span<JointOffset> offsets) {
  for (JointOffset& offset : offsets)
    offset = JointOffset{};
}
void ResetOffsets(std::span<SpringState> curve_offsets) {
  for (SpringState& offset : curve_offsets)
    offset = SpringState{};
}

void InertializeTransition(std::span<JointOffset> offsets, std::span<const Transform> source,
                           std::span<const TransformVelocity> source_velocity,
                           std::span<const Transform> destination,
                           std::span<const TransformVelocity> destination_velocity) {
  assert(source.size() == offsets.size() && destination.size() == offsets.size());
  assert(source_velocity.size() == offsets.size() && destination_velocity.size() == offsets.size());
  for (std::size_t j = 0; j < offsets.size(); ++j) {
    JointOffset& offset = offsets[j];
    offset.translation.x += source[j].translation - destination[j].translation;
    offset.translation.v += source_velocity[j].linear - destination_velocity[j].linear;
    // The shown rotation is exp(offset) * source; the new offset maps destination onto it, and
    // its log-space velocity reproduces the shown angular velocity.
    const glm::quat old_offset = ScaledAngleAxisToQuat(offset.rotation.x);
    const glm::quat shown = old_offset * source[j].rotation;
    const glm::vec3 shown_angular = LeftJacobian(offset.rotation.x, offset.rotation.v) +
                                    old_offset * source_velocity[j].angular;
    offset.rotation.x = QuatToScaledAngleAxis(shown * glm::inverse(destination[j].rotation));
    const glm::quat new_offset = ScaledAngleAxisToQuat(offset.rotation.x);
    offset.rotation.v = InverseLeftJacobian(
        offset.rotation.x, shown_angular - new_offset * destination_velocity[j].angular);
    offset.scale.x += source[j].scale - destination[j].scale;
    offset.scale.v += source_velocity[j].scale - destination_velocity[j].scale;
  }
}

void InertializeUpdate(std::span<Transform> output, std::span<JointOffset> offsets,
                       std::span<const Transform> destination, float half_life_s, float dt_s) {
  dt_s = UsableDt(dt_s);
  assert(output.size() == offsets.size() && destination.size() == offsets.size());
  for (std::size_t j = 0; j < offsets.size(); ++j) {
    JointOffset& offset = offsets[j];
    DecaySpringDamperExact(offset.translation, half_life_s, dt_s);
    DecaySpringDamperExact(offset.rotation, half_life_s, dt_s);
    DecaySpringDamperExact(offset.scale, half_life_s, dt_s);
    output[j].translation = destination[j].translation + offset.translation.x;
    output[j].rotation =
        glm::normalize(ScaledAngleAxisToQuat(offset.rotation.x) * destination[j].rotation);
    output[j].scale = destination[j].scale + offset.scale.x;
  }
}

void InertializeCurvesTransition(std::span<SpringState> offsets, std::span<const float> source,
                                 std::span<const float> source_velocity,
                                 std::span<const float> destination,
                                 std::span<const float> destination_velocity,
                                 std::span<const std::uint8_t> filtered_mask) {
  assert(source.size() == offsets.size() && destination.size() == offsets.size());
  assert(source_velocity.size() == offsets.size() && destination_velocity.size() == offsets.size());
  for (std::size_t c = 0; c < offsets.size(); ++c) {
    if (!filtered_mask.empty() && filtered_mask[c] == kCurveFiltered) {
      offsets[c] = SpringState{};
      continue;
    }
    offsets[c].x += source[c] - destination[c];
    offsets[c].v += source_velocity[c] - destination_velocity[c];
  }
}

void InertializeCurvesUpdate(std::span<float> output, std::span<SpringState> offsets,
                             std::span<const float> destination, float half_life_s, float dt_s,
                             std::span<const CurveRange> ranges) {
  dt_s = UsableDt(dt_s);
  assert(output.size() == offsets.size() && destination.size() == offsets.size());
  assert(ranges.empty() || ranges.size() == offsets.size());
  for (std::size_t c = 0; c < offsets.size(); ++c) {
    DecaySpringDamperExact(offsets[c], half_life_s, dt_s);
    output[c] = destination[c] + offsets[c].x;
    if (!ranges.empty())
      output[c] = ranges[c].Clamp(output[c]);
  }
}

// ---- Dead blending ----------------------------------------------------------------------------

float DeadBlendClock::Alpha() const {
  if (duration_s <= 0.0f)
    return 1.0f;
  const float t = std::clamp(elapsed_s / duration_s, 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

void DeadBlendTransition(DeadBlendClock& clock, std::span<DeadBlendJoint> joints,
                         std::span<const Transform> source,
                         std::span<const TransformVelocity> source_velocity, float duration_s) {
  assert(source.size() == joints.size() && source_velocity.size() == joints.size());
  clock.elapsed_s = 0.0f;
  clock.duration_s = std::max(0.0f, duration_s);
  for (std::size_t j = 0; j < joints.size(); ++j) {
    joints[j].extrapolated = source[j];
    joints[j].velocity = source_velocity[j];
  }
}

void DeadBlendCurvesTransition(std::span<DeadBlendCurve> curves, std::span<const float> source,
                               std::span<const float> source_velocity,
                               std::span<const CurveRange> ranges) {
  assert(source.size() == curves.size() && source_velocity.size() == curves.size());
  assert(ranges.empty() || ranges.size() == curves.size());
  for (std::size_t c = 0; c < curves.size(); ++c) {
    CurveRange range = ranges.empty() ? CurveRange{} : ranges[c];
    if (std::isfinite(source[c]))
      range.Include(source[c]);  // a shown value outside the range is not snapped back
    curves[c] = {source[c], source_velocity[c], range};
  }
}

void AdvanceDeadBlend(DeadBlendClock& clock, float dt_s) {
  dt_s = UsableDt(dt_s);
  clock.elapsed_s = std::min(clock.elapsed_s + dt_s, std::max(clock.duration_s, 0.0f));
}

void DeadBlendUpdate(std::span<Transform> output, std::span<DeadBlendJoint> joints,
                     const DeadBlendClock& clock, std::span<const Transform> destination,
                     float decay_half_life_s, float dt_s) {
  dt_s = UsableDt(dt_s);
  assert(output.size() == joints.size() && destination.size() == joints.size());
  const float alpha = clock.Alpha();
  if (alpha >= 1.0f) {
    std::copy(destination.begin(), destination.end(), output.begin());
    return;
  }
  const float travel = DecayedTravel(decay_half_life_s, dt_s);
  const float decay = VelocityDecay(decay_half_life_s, dt_s);
  for (std::size_t j = 0; j < joints.size(); ++j) {
    DeadBlendJoint& joint = joints[j];
    Transform& extrapolated = joint.extrapolated;
    extrapolated.translation += joint.velocity.linear * travel;
    extrapolated.rotation = glm::normalize(ScaledAngleAxisToQuat(joint.velocity.angular * travel) *
                                           extrapolated.rotation);
    extrapolated.scale += joint.velocity.scale * travel;
    joint.velocity.linear *= decay;
    joint.velocity.angular *= decay;
    joint.velocity.scale *= decay;
    output[j] = Lerp(extrapolated, destination[j], alpha);
  }
}

void DeadBlendCurvesUpdate(std::span<float> output, std::span<DeadBlendCurve> curves,
                           const DeadBlendClock& clock, std::span<const float> destination,
                           std::span<const std::uint8_t> curve_mask, float decay_half_life_s,
                           float dt_s) {
  dt_s = UsableDt(dt_s);
  assert(output.size() == curves.size() && destination.size() == curves.size());
  const float alpha = clock.Alpha();
  const float travel = DecayedTravel(decay_half_life_s, dt_s);
  const float decay = VelocityDecay(decay_half_life_s, dt_s);
  for (std::size_t c = 0; c < curves.size(); ++c) {
    const std::uint8_t mode = curve_mask.empty() ? kCurveBlended : curve_mask[c];
    if (alpha >= 1.0f || mode == kCurveFiltered) {
      output[c] = destination[c];
      continue;
    }
    // Extrapolate, stopping at the curve's range: a bound reached is a wall, not a bounce.
    DeadBlendCurve& curve = curves[c];
    const float moved = curve.value + curve.velocity * travel;
    curve.value = curve.range.Clamp(moved);
    curve.velocity = curve.value == moved ? curve.velocity * decay : 0.0f;
    output[c] = curve.value + (destination[c] - curve.value) * alpha;
    if (mode == kCurveAtMostDestination)
      output[c] = std::min(output[c], destination[c]);
  }
}

}  // namespace footwork::graph
