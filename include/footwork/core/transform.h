#pragma once
// A rigid transform with scale (translation, rotation, scale), the unit of every joint pose.
// Composition follows matrices: (parent * child) maps child-space points into parent space.

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace footwork {

struct Transform {
  glm::vec3 translation{0.0f};
  // Unit quaternion. glm stores (w, x, y, z) in its constructor order.
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
  glm::vec3 scale{1.0f};

  static Transform Identity() { return {}; }

  // Builds from a matrix with no shear (as glTF node matrices are required to be).
  static Transform FromMatrix(const glm::mat4& matrix);
  glm::mat4 ToMatrix() const;

  glm::vec3 TransformPoint(const glm::vec3& point) const {
    return translation + rotation * (scale * point);
  }
  glm::vec3 TransformVector(const glm::vec3& vector) const { return rotation * (scale * vector); }
  glm::vec3 InverseTransformPoint(const glm::vec3& point) const;

  // Inverse; exact for uniform scale, the usual approximation (scale inverted per axis) otherwise.
  Transform Inverse() const;
};

// parent * child: child expressed in the parent's space.
Transform operator*(const Transform& parent, const Transform& child);

// Interpolates translation and scale linearly and rotation by shortest-path nlerp.
Transform Lerp(const Transform& a, const Transform& b, float alpha);

// True when every component is finite.
bool IsFinite(const Transform& transform);
bool IsFinite(const glm::vec3& v);
bool IsFinite(const glm::quat& q);

// Shortest-path normalized lerp of two quaternions.
glm::quat Nlerp(const glm::quat& a, const glm::quat& b, float alpha);

// Angle in radians between two rotations (0..pi).
float AngleBetween(const glm::quat& a, const glm::quat& b);

}  // namespace footwork
