// HoldYawFollowTilt: a held foot keeps its yaw on the ground and takes the placed foot's tilt.
#include <gtest/gtest.h>

#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "footwork/ik/foot_lock.h"

namespace footwork::ik {
namespace {

const glm::vec3 kUp(0.0f, 1.0f, 0.0f);
const glm::vec3 kForward(0.0f, 0.0f, 1.0f);

float YawOf(const glm::quat& q) {
  const glm::vec3 forward = q * kForward;
  return std::atan2(forward.x, forward.z);
}

TEST(HoldYawFollowTiltTest, KeepsTheHeldYawAndThePlacedPitch) {
  const glm::quat held = glm::angleAxis(0.4f, kUp);  // planted facing 0.4 rad
  // The animation turned the foot to 0.9 rad and pitched it 0.3 rad toe-down (heel rising).
  const glm::quat placed = glm::angleAxis(0.9f, kUp) * glm::angleAxis(0.3f, glm::vec3(1, 0, 0));
  const glm::quat result = HoldYawFollowTilt(held, placed);
  EXPECT_NEAR(YawOf(result), 0.4f, 1e-4f);
  // The pitch (angle between the foot's forward and the ground plane) is the placed one.
  const glm::vec3 forward = result * kForward;
  const glm::vec3 placed_forward = placed * kForward;
  EXPECT_NEAR(std::asin(forward.y), std::asin(placed_forward.y), 1e-4f);
  EXPECT_NEAR(std::asin(forward.y), -0.3f, 1e-4f);
}

TEST(HoldYawFollowTiltTest, ATiltOnlyChangeIsTakenWhole) {
  // Same yaw, the surface tilted the foot by 25 degrees about its side axis: nothing held back.
  const glm::quat held = glm::angleAxis(-1.2f, kUp);
  const glm::quat placed = glm::angleAxis(0.436f, glm::vec3(1, 0, 0)) * held;
  const glm::quat result = HoldYawFollowTilt(held, placed);
  EXPECT_NEAR(std::fabs(glm::dot(result, placed)), 1.0f, 1e-5f);
}

TEST(HoldYawFollowTiltTest, EqualRotationsAreUnchangedAndTheResultIsUnit) {
  const glm::quat q = glm::normalize(glm::quat(0.8f, 0.1f, 0.5f, -0.2f));
  const glm::quat result = HoldYawFollowTilt(q, q);
  EXPECT_NEAR(std::fabs(glm::dot(result, q)), 1.0f, 1e-6f);
  EXPECT_NEAR(glm::length(result), 1.0f, 1e-6f);
}

}  // namespace
}  // namespace footwork::ik
