#include "footwork/core/transform.h"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace footwork {

Transform Transform::FromMatrix(const glm::mat4& matrix) {
  Transform result;
  result.translation = glm::vec3(matrix[3]);
  glm::vec3 axis_x(matrix[0]);
  glm::vec3 axis_y(matrix[1]);
  glm::vec3 axis_z(matrix[2]);
  result.scale = {glm::length(axis_x), glm::length(axis_y), glm::length(axis_z)};
  // A mirrored basis keeps its handedness in a negative X scale.
  if (glm::dot(glm::cross(axis_x, axis_y), axis_z) < 0.0f) result.scale.x = -result.scale.x;
  glm::mat3 rotation_matrix(axis_x / result.scale.x, axis_y / result.scale.y,
                            axis_z / result.scale.z);
  result.rotation = glm::normalize(glm::quat_cast(rotation_matrix));
  return result;
}

glm::mat4 Transform::ToMatrix() const {
  glm::mat4 matrix = glm::mat4_cast(rotation);
  matrix[0] *= scale.x;
  matrix[1] *= scale.y;
  matrix[2] *= scale.z;
  matrix[3] = glm::vec4(translation, 1.0f);
  return matrix;
}

glm::vec3 Transform::InverseTransformPoint(const glm::vec3& point) const {
  return (glm::inverse(rotation) * (point - translation)) / scale;
}

Transform Transform::Inverse() const {
  Transform result;
  result.rotation = glm::inverse(rotation);
  result.scale = 1.0f / scale;
  result.translation = result.rotation * (-translation) * result.scale;
  return result;
}

Transform operator*(const Transform& parent, const Transform& child) {
  Transform result;
  result.rotation = parent.rotation * child.rotation;
  result.scale = parent.scale * child.scale;
  result.translation = parent.TransformPoint(child.translation);
  return result;
}

glm::quat Nlerp(const glm::quat& a, const glm::quat& b, float alpha) {
  const float sign = glm::dot(a, b) < 0.0f ? -1.0f : 1.0f;
  return glm::normalize(a * (1.0f - alpha) + b * (alpha * sign));
}

Transform Lerp(const Transform& a, const Transform& b, float alpha) {
  Transform result;
  result.translation = glm::mix(a.translation, b.translation, alpha);
  result.rotation = Nlerp(a.rotation, b.rotation, alpha);
  result.scale = glm::mix(a.scale, b.scale, alpha);
  return result;
}

bool IsFinite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

bool IsFinite(const glm::quat& q) {
  return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

bool IsFinite(const Transform& transform) {
  return IsFinite(transform.translation) && IsFinite(transform.rotation) &&
         IsFinite(transform.scale);
}

float AngleBetween(const glm::quat& a, const glm::quat& b) {
  // atan2 of the relative rotation's vector and scalar parts stays accurate for tiny angles,
  // where acos of a dot product near 1 loses everything below about 1e-3 rad in float.
  const glm::quat relative = glm::inverse(glm::normalize(a)) * glm::normalize(b);
  const float vector_length = glm::length(glm::vec3(relative.x, relative.y, relative.z));
  return 2.0f * std::atan2(vector_length, std::fabs(relative.w));
}

}  // namespace footwork
