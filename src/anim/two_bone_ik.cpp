#include "footwork/anim/two_bone_ik.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/pose_math.h"
#include "anim/rotation_batch.h"

namespace footwork::anim {
namespace {

// Bones shorter than this (metres) have no direction to rotate.
constexpr float kMinBoneLength = 1e-6f;
// A pole within ~0.5 degrees of the root-target line gives no usable bend direction.
constexpr float kMinPerpendicular = 1e-2f;
// The shortest reach is kept slightly above |upper - lower| so the knee angle stays defined.
constexpr float kMinReachMargin = 1e-4f;

// Inline (core's IsFinite is out of line and called seven times a leg otherwise); named apart
// from clip.cpp's Finite so the two can share a unity build (scripts/demo).
inline bool InlineFinite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
inline bool InlineFinite(const glm::quat& q) {
  return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

// nlerp(identity, rotation, weight) on the shortest path; at full weight only the sign is
// chosen, as nlerp would (the rotation is unit already, so normalising again would only round).
inline glm::quat PartOfRotation(const glm::quat& rotation, float weight) {
  if (weight >= 1.0f)
    return rotation.w < 0.0f ? -rotation : rotation;
  return detail::ScaleRotation(rotation, weight);
}

// nlerp(from, to, weight) on the shortest path, for unit `from` and `to`; at full weight only
// the sign is chosen, as nlerp would (`to` is unit already: normalising it twice only rounds).
inline glm::quat TurnToward(const glm::quat& from, const glm::quat& to, float weight) {
  if (weight >= 1.0f)
    return detail::Dot(from, to) < 0.0f ? -to : to;
  return detail::Nlerp(from, to, weight);
}

inline float Length2(const glm::vec3& v) {
  return glm::dot(v, v);
}
// glm::length and glm::normalize, with the square root that skips errno (bit-identical).
inline float Length(const glm::vec3& v) {
  return detail::Sqrt(Length2(v));
}
inline glm::vec3 Normalize(const glm::vec3& v) {
  return v * (1.0f / detail::Sqrt(Length2(v)));
}

// The candidates below are compared squared (no square root): a candidate is usable when its
// part off the line is longer than kMinPerpendicular times its own length.
constexpr float kMinPerpendicular2 = kMinPerpendicular * kMinPerpendicular;

// An axis well away from `line` (any length) to build a perpendicular from.
inline glm::vec3 HelperAxis(const glm::vec3& line) {
  return line.x * line.x < 0.81f * Length2(line) ? glm::vec3(1.0f, 0.0f, 0.0f)
                                                 : glm::vec3(0.0f, 1.0f, 0.0f);
}

// Any unit vector perpendicular to `axis`.
glm::vec3 AnyPerpendicular(const glm::vec3& axis) {
  return Normalize(glm::cross(axis, HelperAxis(axis)));
}

// Unit vector perpendicular to `axis` (unit) in the plane of `axis` and `preferred`, else of
// `fallback`, else any: the knee's bend direction for a root-to-end line along `axis`.
glm::vec3 BendDirection(const glm::vec3& axis, const glm::vec3& preferred,
                        const glm::vec3& fallback) {
  for (const glm::vec3* candidate : {&preferred, &fallback}) {
    const glm::vec3 perpendicular = *candidate - glm::dot(*candidate, axis) * axis;
    const float length2 = Length2(perpendicular);
    if (length2 > kMinPerpendicular2 * Length2(*candidate))
      return perpendicular * (1.0f / detail::Sqrt(length2));
  }
  return AnyPerpendicular(axis);
}

// Normal of the plane BendDirection(line / |line|, preferred, fallback) spans with the line
// (same candidate chosen, same orientation: bend x line), left unnormalised: only its direction
// is used, so neither the line nor the bend needs normalising. |candidate x line| is the
// candidate's part off the line times |line|.
glm::vec3 BendPlaneNormal(const glm::vec3& line, const glm::vec3& preferred,
                          const glm::vec3& fallback) {
  const float line2 = Length2(line);
  for (const glm::vec3* candidate : {&preferred, &fallback}) {
    const glm::vec3 normal = glm::cross(*candidate, line);
    if (Length2(normal) > kMinPerpendicular2 * Length2(*candidate) * line2)
      return normal;
  }
  return glm::cross(glm::cross(line, HelperAxis(line)), line);
}

// Shortest rotation taking unit vector `from` onto unit vector `to`, scaled by a positive factor
// (at least ~1.4e-3): the callers normalise the product it goes into, which makes the scale
// harmless and saves normalising twice.
glm::quat ScaledArcRotation(const glm::vec3& from, const glm::vec3& to) {
  const float cosine = glm::dot(from, to);
  if (cosine < -1.0f + 1e-6f) {
    const glm::vec3 axis = AnyPerpendicular(from);
    return glm::quat(0.0f, axis.x, axis.y, axis.z);
  }
  const glm::vec3 axis = glm::cross(from, to);
  return glm::quat(1.0f + cosine, axis.x, axis.y, axis.z);
}

// Orthonormal frame whose first axis is `e1` (unit) and whose second lies in the plane of `e1`
// and `secondary` (any length); false when they are parallel.
bool MakeFrame(const glm::vec3& e1, const glm::vec3& secondary, glm::mat3& frame) {
  glm::vec3 e2 = secondary - glm::dot(secondary, e1) * e1;
  const float length2 = Length2(e2);
  if (length2 < kMinPerpendicular2 * Length2(secondary))
    return false;
  e2 *= 1.0f / detail::Sqrt(length2);
  frame = glm::mat3(e1, e2, glm::cross(e1, e2));
  return true;
}

// The solve on inputs already checked finite (SolveTwoBoneIk checks all of them; ApplyTwoBoneIk
// has checked the goal and checks only the chain's positions).
TwoBoneIkSolution SolveFinite(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                              const glm::vec3& target, const glm::vec3& pole, float max_extension,
                              float soft_extension, float reach_floor_m = 0.0f,
                              float reach_ceiling_m = std::numeric_limits<float>::infinity()) {
  TwoBoneIkSolution solution;
  const glm::vec3 upper_bone = b - a;
  const glm::vec3 lower_bone = c - b;
  const float upper_length = Length(upper_bone);
  const float lower_length = Length(lower_bone);
  const glm::vec3 to_target = target - a;
  const float target_distance = Length(to_target);
  const glm::vec3 to_end = c - a;
  // Only the direction of the current root-to-end line is used (through BendPlaneNormal).
  if (upper_length < kMinBoneLength || lower_length < kMinBoneLength ||
      target_distance < kMinBoneLength || Length2(to_end) < kMinBoneLength * kMinBoneLength)
    return solution;

  // Clamp the reach into [just above |l1 - l2|, max_extension * (l1 + l2)].
  const float chain_length = upper_length + lower_length;
  const float max_reach = std::clamp(max_extension, 1e-3f, 1.0f) * chain_length;
  const float min_reach =
      std::min(std::fabs(upper_length - lower_length) + kMinReachMargin * chain_length, max_reach);
  // Soft reach: unchanged below max - band, then eased toward max (never reaching it).
  const float band =
      std::clamp(soft_extension, 0.0f, 0.5f * max_reach / chain_length) * chain_length;
  const float soft_start = max_reach - band;
  const float eased = band > 0.0f && target_distance > soft_start
                          ? max_reach - band * std::exp(-(target_distance - soft_start) / band)
                          : target_distance;
  const float limited = std::min(std::max(eased, reach_floor_m), reach_ceiling_m);
  const float reach = std::clamp(limited, min_reach, max_reach);
  solution.reached =
      target_distance >= min_reach && target_distance <= soft_start && limited == eased;

  // The bend plane: root-to-target line plus the pole (or, failing that, the current knee).
  const glm::vec3 new_direction = to_target * (1.0f / target_distance);
  const glm::vec3 new_bend = BendDirection(new_direction, pole, upper_bone);

  // Law of cosines for the angle at the upper joint between the target line and the upper bone.
  const float cos_upper =
      std::clamp((upper_length * upper_length + reach * reach - lower_length * lower_length) /
                     (2.0f * upper_length * reach),
                 -1.0f, 1.0f);
  const float sin_upper = detail::Sqrt(std::max(0.0f, 1.0f - cos_upper * cos_upper));
  // new_direction and new_bend are orthonormal, so this is a unit vector as it stands.
  const glm::vec3 new_upper_direction = cos_upper * new_direction + sin_upper * new_bend;
  const glm::vec3 new_knee = a + upper_length * new_upper_direction;
  const glm::vec3 new_end = a + reach * new_direction;
  const glm::vec3 wanted_lower = Normalize(new_end - new_knee);
  const float inverse_lower_length = 1.0f / lower_length;

  // Upper: carry the frame (upper bone, bend-plane normal) onto its new place, which keeps the
  // bone's twist about itself tied to the pole instead of taking the shortest arc. The new
  // frame needs no orthonormalising: its bone lies in the new bend plane by construction, so
  // (bone, plane normal, bone x normal) is (u, new_bend x new_direction, cos * new_bend - sin *
  // new_direction) with u = new_upper_direction.
  const glm::vec3 old_upper_direction = upper_bone * (1.0f / upper_length);
  glm::mat3 old_frame;
  if (MakeFrame(old_upper_direction, BendPlaneNormal(to_end, pole, upper_bone), old_frame)) {
    const glm::mat3 new_frame(new_upper_direction, glm::cross(new_bend, new_direction),
                              cos_upper * new_bend - sin_upper * new_direction);
    const glm::mat3 old_to_new = new_frame * glm::transpose(old_frame);
    // Unit up to rounding (both frames are orthonormal); normalised for the output only, so the
    // lower's solve below does not wait for it.
    const glm::quat upper_delta = glm::quat_cast(old_to_new);
    solution.upper_delta = detail::NormalizeFast(upper_delta);
    // The upper's rotation carries the lower bone along as the matrix does; the matrix is at
    // hand before the quaternion.
    const glm::vec3 carried_lower = old_to_new * lower_bone * inverse_lower_length;
    solution.lower_delta =
        detail::NormalizeFast(ScaledArcRotation(carried_lower, wanted_lower) * upper_delta);
  } else {
    solution.upper_delta =
        detail::NormalizeFast(ScaledArcRotation(old_upper_direction, new_upper_direction));
    // Lower: after the upper's rotation, swing the lower bone onto the knee-to-end line.
    const glm::vec3 carried_lower =
        detail::Rotate(solution.upper_delta, lower_bone) * inverse_lower_length;
    solution.lower_delta = detail::NormalizeFast(ScaledArcRotation(carried_lower, wanted_lower) *
                                                 solution.upper_delta);
  }
  solution.valid = true;
  return solution;
}

// The five rotations ApplyTwoBoneIk writes, before normalisation.
struct NewRotations {
  glm::quat upper_local;
  glm::quat lower_local;
  glm::quat end_local;
  glm::quat upper_model;
  glm::quat lower_model;
};

// NormalizeFast on all five: four in one SSE pass (four square roots and divisions in one
// instruction each, bit-identical to one at a time), then the fifth.
inline void Normalize(NewRotations& rotations) {
#if defined(__SSE2__)
  detail::NormalizeFour(&rotations.upper_local.x, &rotations.lower_local.x, &rotations.end_local.x,
                        &rotations.upper_model.x);
#else
  rotations.upper_local = detail::NormalizeFast(rotations.upper_local);
  rotations.lower_local = detail::NormalizeFast(rotations.lower_local);
  rotations.end_local = detail::NormalizeFast(rotations.end_local);
  rotations.upper_model = detail::NormalizeFast(rotations.upper_model);
#endif
  rotations.lower_model = detail::NormalizeFast(rotations.lower_model);
}

// Error messages, out of line and marked cold: formatted inline, they bloated ApplyTwoBoneIk
// enough that GCC kept NormalizeFast and glm's quaternion products there as calls.
[[gnu::cold, gnu::noinline]] Error ChainOutOfRange(const TwoBoneIkChain& chain, int num_joints) {
  return Error{fmt::format("two-bone IK: chain joints ({}, {}, {}) out of range (skeleton has {})",
                           chain.upper, chain.lower, chain.end, num_joints)};
}

[[gnu::cold, gnu::noinline]] Error ChainNotLinked(const Skeleton& skeleton,
                                                  const TwoBoneIkChain& chain) {
  return Error{fmt::format("two-bone IK: chain '{}' -> '{}' -> '{}' is not a parent-child chain",
                           skeleton.joint_names[chain.upper], skeleton.joint_names[chain.lower],
                           skeleton.joint_names[chain.end])};
}

[[gnu::cold, gnu::noinline]] Error PoseSizeMismatch(std::size_t local, std::size_t model,
                                                    int num_joints) {
  return Error{fmt::format("two-bone IK: local {} and model {} transforms; the skeleton has {}",
                           local, model, num_joints)};
}

[[gnu::cold, gnu::noinline]] Error GoalError(const Skeleton& skeleton, const TwoBoneIkChain& chain,
                                             const char* problem) {
  return Error{fmt::format("two-bone IK on '{}': {}", skeleton.joint_names[chain.end], problem)};
}

}  // namespace

TwoBoneIkSolution SolveTwoBoneIk(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                                 const glm::vec3& target, const glm::vec3& pole,
                                 float max_extension, float soft_extension) {
  if (!InlineFinite(a) || !InlineFinite(b) || !InlineFinite(c) || !InlineFinite(target) ||
      !InlineFinite(pole) || !std::isfinite(max_extension) || !std::isfinite(soft_extension))
    return {};
  return SolveFinite(a, b, c, target, pole, max_extension, soft_extension);
}

Status ApplyTwoBoneIk(const Skeleton& skeleton, const TwoBoneIkChain& chain,
                      const TwoBoneIkGoal& goal, std::span<Transform> local,
                      std::span<Transform> model) {
  const int num_joints = skeleton.num_joints();
  const auto in_range = [num_joints](int joint) { return joint >= 0 && joint < num_joints; };
  if (!in_range(chain.upper) || !in_range(chain.lower) || !in_range(chain.end))
    return ChainOutOfRange(chain, num_joints);
  if (skeleton.parents[chain.lower] != chain.upper || skeleton.parents[chain.end] != chain.lower)
    return ChainNotLinked(skeleton, chain);
  if (local.size() != static_cast<std::size_t>(num_joints) ||
      model.size() != static_cast<std::size_t>(num_joints))
    return PoseSizeMismatch(local.size(), model.size(), num_joints);
  if (!InlineFinite(goal.target) || !InlineFinite(goal.pole) || !std::isfinite(goal.weight) ||
      !std::isfinite(goal.max_extension) || !std::isfinite(goal.soft_extension) ||
      std::isnan(goal.min_reach_m) || std::isnan(goal.max_reach_m) ||
      (goal.set_end_rotation && !InlineFinite(goal.end_rotation)))
    return GoalError(skeleton, chain, "goal is not finite");
  if (goal.set_end_rotation && detail::Dot(goal.end_rotation, goal.end_rotation) < 1e-12f)
    return GoalError(skeleton, chain, "end rotation is not a rotation (zero length)");
  const float weight = std::clamp(goal.weight, 0.0f, 1.0f);
  if (weight <= 0.0f)
    return Status::Ok();

  // The goal is checked above, so only the chain's positions are left to check.
  const glm::vec3& a = model[chain.upper].translation;
  const glm::vec3& b = model[chain.lower].translation;
  const glm::vec3& c = model[chain.end].translation;
  const TwoBoneIkSolution solution =
      InlineFinite(a) && InlineFinite(b) && InlineFinite(c)
          ? SolveFinite(a, b, c, goal.target, goal.pole, goal.max_extension, goal.soft_extension,
                        goal.min_reach_m, goal.max_reach_m)
          : TwoBoneIkSolution{};
  if (!solution.valid) {
    return GoalError(skeleton, chain,
                     "degenerate chain or target (zero-length bone, non-finite model pose, or "
                     "target on the upper joint)");
  }
  const glm::quat upper_delta = PartOfRotation(solution.upper_delta, weight);
  const glm::quat lower_delta = PartOfRotation(solution.lower_delta, weight);
  const glm::quat end_rotation =
      goal.set_end_rotation
          ? TurnToward(model[chain.end].rotation, detail::NormalizeFast(goal.end_rotation), weight)
          : model[chain.end].rotation;

  // Root joints: their model space is taken to be their local space.
  const int parent = skeleton.parents[chain.upper];
  const glm::quat parent_rotation =
      parent < 0 ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : model[parent].rotation;
  // New model rotations as products of unit quaternions: unit up to rounding. What is stored is
  // normalised, but the local rotations and positions below are derived from the products
  // as they stand (each local is normalised once at the end), so they need not wait for the
  // model rotations' normalisation. Never near zero, so the inline normalisation (no
  // zero-length guard) is safe.
  const glm::quat upper_product = upper_delta * model[chain.upper].rotation;
  const glm::quat lower_product = lower_delta * model[chain.lower].rotation;
  NewRotations rotations{detail::Conjugate(parent_rotation) * upper_product,
                         detail::Conjugate(upper_product) * lower_product,
                         detail::Conjugate(lower_product) * end_rotation, upper_product,
                         lower_product};
  Normalize(rotations);
  local[chain.upper].rotation = rotations.upper_local;
  local[chain.lower].rotation = rotations.lower_local;
  local[chain.end].rotation = rotations.end_local;

  // Model space: the rotations just computed (parent * local gives them back up to rounding),
  // and positions carried down the chain; scales do not change.
  Transform& upper_model = model[chain.upper];
  Transform& lower_model = model[chain.lower];
  Transform& end_model = model[chain.end];
  upper_model.rotation = rotations.upper_model;
  lower_model.rotation = rotations.lower_model;
  lower_model.translation = upper_model.translation +
                            upper_product * (upper_model.scale * local[chain.lower].translation);
  end_model.rotation = end_rotation;
  end_model.translation =
      lower_model.translation + lower_product * (lower_model.scale * local[chain.end].translation);
  return Status::Ok();
}

}  // namespace footwork::anim
