// The follow camera's placement and the projection of points it looks at.
#include <cmath>

#include <gtest/gtest.h>

#include "footwork/render/camera.h"

namespace footwork::render {
namespace {

constexpr float kPi = 3.14159265f;

TEST(FollowCamera, YawZeroLooksAtTheBackYawPiAtTheFace) {
  FollowRig rig;
  rig.pitch_rad = 0.0f;
  rig.distance_m = 4.0f;
  rig.target_height_m = 1.0f;
  // The character faces +Z: behind it is -Z.
  const Camera behind = FollowCamera({0, 0, 0}, 0.0f, rig);
  EXPECT_NEAR(behind.position_m.z, -4.0f, 1e-5f);
  EXPECT_NEAR(behind.position_m.y, 1.0f, 1e-5f);
  rig.yaw_rad = kPi;
  const Camera front = FollowCamera({0, 0, 0}, 0.0f, rig);
  EXPECT_NEAR(front.position_m.z, 4.0f, 1e-4f);
  // Turning the character turns the camera with it: facing +X puts "behind" at -X.
  rig.yaw_rad = 0.0f;
  const Camera turned = FollowCamera({2, 0, 0}, kPi / 2, rig);
  EXPECT_NEAR(turned.position_m.x, -2.0f, 1e-4f);
  EXPECT_NEAR(turned.position_m.z, 0.0f, 1e-4f);
}

TEST(FollowCamera, PitchRaisesTheCameraAndKeepsTheDistance) {
  FollowRig rig;
  rig.pitch_rad = 0.5f;
  rig.distance_m = 5.0f;
  const Camera camera = FollowCamera({1, 2, 3}, 0.3f, rig);
  EXPECT_GT(camera.position_m.y, camera.target_m.y);
  EXPECT_NEAR(glm::length(camera.position_m - camera.target_m), 5.0f, 1e-4f);
  EXPECT_NEAR(camera.target_m.y, 2.0f + rig.target_height_m, 1e-5f);
}

TEST(Camera, TargetProjectsToTheScreenCentreAndUpIsUp) {
  Camera camera;
  camera.position_m = {0, 1.5f, -4};
  camera.target_m = {0, 1, 0};
  const glm::mat4 view_projection = camera.Projection(16.0f / 9.0f) * camera.View();
  const glm::vec4 target = view_projection * glm::vec4(camera.target_m, 1);
  EXPECT_NEAR(target.x / target.w, 0.0f, 1e-5f);
  EXPECT_NEAR(target.y / target.w, 0.0f, 1e-5f);
  const glm::vec4 above = view_projection * glm::vec4(0, 2, 0, 1);
  EXPECT_GT(above.y / above.w, 0.0f);
  // Looking along +Z with Y up, +X is on the screen's left (right-handed).
  const glm::vec4 left = view_projection * glm::vec4(1, 1, 0, 1);
  EXPECT_LT(left.x / left.w, 0.0f);
}

}  // namespace
}  // namespace footwork::render
