#pragma once
// Inline transform math for the anim hot loops (core's versions are out of line and normalise
// through glm's slower paths). Private to src/anim.

#include <cmath>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "footwork/core/transform.h"

namespace footwork::anim::detail {

inline float Dot(const glm::quat& a, const glm::quat& b) {
  return a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
}

// std::sqrt without its errno branch (a compare and a library call for negative input, on every
// call site); the same correctly rounded IEEE square root, so bit-identical.
inline float Sqrt(float x) {
#if defined(__SSE__)
  return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(x)));
#else
  return std::sqrt(x);
#endif
}

inline glm::quat NormalizeFast(const glm::quat& q) {
  const float length_squared = Dot(q, q);
  const float inverse_length = 1.0f / Sqrt(length_squared);
  return glm::quat(q.w * inverse_length, q.x * inverse_length, q.y * inverse_length,
                   q.z * inverse_length);
}

// Shortest-path normalised lerp.
inline glm::quat Nlerp(const glm::quat& a, const glm::quat& b, float alpha) {
  const float weight_b = Dot(a, b) < 0.0f ? -alpha : alpha;
  const float weight_a = 1.0f - alpha;
  return NormalizeFast(glm::quat(weight_a * a.w + weight_b * b.w, weight_a * a.x + weight_b * b.x,
                                 weight_a * a.y + weight_b * b.y, weight_a * a.z + weight_b * b.z));
}

// nlerp(identity, rotation, weight): a fraction of a rotation, on the shortest path.
inline glm::quat ScaleRotation(const glm::quat& rotation, float weight) {
  const float signed_weight = rotation.w < 0.0f ? -weight : weight;
  return NormalizeFast(glm::quat(1.0f - weight + signed_weight * rotation.w,
                                 signed_weight * rotation.x, signed_weight * rotation.y,
                                 signed_weight * rotation.z));
}

// Unit quaternion conjugate (= inverse).
inline glm::quat Conjugate(const glm::quat& q) {
  return glm::quat(q.w, -q.x, -q.y, -q.z);
}

// Rotates v by unit quaternion q (two cross products, no matrix).
inline glm::vec3 Rotate(const glm::quat& q, const glm::vec3& v) {
  const glm::vec3 axis(q.x, q.y, q.z);
  const glm::vec3 t = 2.0f * glm::cross(axis, v);
  return v + q.w * t + glm::cross(axis, t);
}

// parent * child, as core's operator* but inline.
inline Transform Mul(const Transform& parent, const Transform& child) {
  Transform result;
  result.rotation = parent.rotation * child.rotation;
  result.scale = parent.scale * child.scale;
  result.translation =
      parent.translation + Rotate(parent.rotation, parent.scale * child.translation);
  return result;
}

// inverse(a) * b without forming the inverse (exact for uniform scale).
inline Transform InverseMul(const Transform& a, const Transform& b) {
  const glm::quat inverse_rotation = Conjugate(a.rotation);
  const glm::vec3 inverse_scale = 1.0f / a.scale;
  Transform result;
  result.rotation = inverse_rotation * b.rotation;
  result.scale = inverse_scale * b.scale;
  result.translation = inverse_scale * Rotate(inverse_rotation, b.translation - a.translation);
  return result;
}

}  // namespace footwork::anim::detail
