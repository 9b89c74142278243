#include "footwork/core/transform.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

namespace footwork {
namespace {

void ExpectNear(const glm::vec3& a, const glm::vec3& b, float tolerance = 1e-5f) {
  EXPECT_NEAR(a.x, b.x, tolerance);
  EXPECT_NEAR(a.y, b.y, tolerance);
  EXPECT_NEAR(a.z, b.z, tolerance);
}

Transform Sample() {
  Transform t;
  t.translation = {1.0f, 2.0f, -3.0f};
  t.rotation = glm::angleAxis(0.7f, glm::normalize(glm::vec3(1, 2, 3)));
  t.scale = glm::vec3(2.0f);
  return t;
}

TEST(TransformTest, CompositionMatchesMatrices) {
  const Transform parent = Sample();
  Transform child;
  child.translation = {0.5f, -1.0f, 0.25f};
  child.rotation = glm::angleAxis(-1.2f, glm::vec3(0, 1, 0));
  const glm::vec3 point{0.3f, 0.4f, 0.5f};
  const glm::vec3 by_transform = (parent * child).TransformPoint(point);
  const glm::vec3 by_matrix = glm::vec3(parent.ToMatrix() * child.ToMatrix() * glm::vec4(point, 1));
  ExpectNear(by_transform, by_matrix, 1e-4f);
}

TEST(TransformTest, InverseUndoes) {
  const Transform t = Sample();
  const glm::vec3 point{4.0f, -2.0f, 1.0f};
  ExpectNear(t.Inverse().TransformPoint(t.TransformPoint(point)), point, 1e-4f);
  ExpectNear(t.InverseTransformPoint(t.TransformPoint(point)), point, 1e-4f);
}

TEST(TransformTest, MatrixRoundTrip) {
  const Transform t = Sample();
  const Transform back = Transform::FromMatrix(t.ToMatrix());
  ExpectNear(back.translation, t.translation);
  ExpectNear(back.scale, t.scale);
  EXPECT_LT(AngleBetween(back.rotation, t.rotation), 1e-3f);
}

TEST(TransformTest, LerpTakesShortestRotationPath) {
  Transform a;
  Transform b;
  b.rotation = -glm::angleAxis(0.5f, glm::vec3(0, 1, 0));  // same rotation, opposite sign
  const Transform mid = Lerp(a, b, 0.5f);
  EXPECT_NEAR(AngleBetween(mid.rotation, glm::angleAxis(0.25f, glm::vec3(0, 1, 0))), 0.0f, 1e-3f);
}

TEST(TransformTest, IsFiniteDetectsNaN) {
  Transform t;
  EXPECT_TRUE(IsFinite(t));
  t.translation.y = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(IsFinite(t));
}

}  // namespace
}  // namespace footwork

namespace footwork {
namespace {

TEST(TransformTest, AngleBetweenIsAccurateForTinyAndLargeAngles) {
  const glm::quat identity(1, 0, 0, 0);
  for (const float angle : {1e-5f, 1e-4f, 1e-3f, 0.5f, 3.0f}) {
    const glm::quat q = glm::angleAxis(angle, glm::normalize(glm::vec3(1, 2, 3)));
    EXPECT_NEAR(AngleBetween(identity, q), angle, angle * 1e-3f + 1e-7f);
    EXPECT_NEAR(AngleBetween(identity, -q), angle, angle * 1e-3f + 1e-7f);  // sign-independent
  }
}

}  // namespace
}  // namespace footwork
