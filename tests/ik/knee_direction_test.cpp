#include "footwork/ik/knee_direction.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace footwork::ik {
namespace {

// The part of `pole` across the line `hip_to_target`, and the forward side of that line.
float ForwardPart(const glm::vec3& pole, const glm::vec3& hip_to_target) {
  const glm::vec3 line = glm::normalize(hip_to_target);
  const glm::vec3 forward(0.0f, 0.0f, 1.0f);
  const glm::vec3 ahead = glm::normalize(forward - glm::dot(forward, line) * line);
  return glm::dot(pole - glm::dot(pole, line) * line, ahead);
}

TEST(KneeDirectionTest, AKneeAlreadyForwardIsLeftAlone) {
  // Standing: the foot under the hip, the knee bent forward.
  const glm::vec3 pole(0.1f, 0.0f, 0.5f);
  const glm::vec3 down(0.0f, -0.8f, 0.05f);
  const glm::vec3 kept = KneeForwardOfLine(pole, down);
  EXPECT_EQ(kept, pole);
}

// The Knight's foot lifted behind and under its hip (down and back at 45 degrees), with the
// clip's knee direction (measured across the clip's own, steeper line) pointing up and back
// across it: turned forward, the sideways part kept.
TEST(KneeDirectionTest, AKneePointingBackAcrossTheLineIsTurnedForward) {
  const glm::vec3 to_foot(0.0f, -0.1f, -0.1f);
  const glm::vec3 pole(0.05f, 0.3f, -0.4f);
  ASSERT_LT(ForwardPart(pole, to_foot), 0.0f);
  const glm::vec3 turned = KneeForwardOfLine(pole, to_foot);
  EXPECT_NEAR(ForwardPart(turned, to_foot), kKneeForwardBiasM, 1e-5f);
  EXPECT_NEAR(turned.x, pole.x, 1e-5f);  // sideways kept
  // Nothing along the line itself is left (it does not steer the bend).
  EXPECT_NEAR(glm::dot(turned, glm::normalize(to_foot)), 0.0f, 1e-5f);
}

TEST(KneeDirectionTest, ALineAlongTheForwardAxisOrBadInputKeepsThePole) {
  const glm::vec3 pole(0.0f, 0.3f, -0.4f);
  EXPECT_EQ(KneeForwardOfLine(pole, glm::vec3(0.0f, 0.0f, 0.5f)), pole);
  EXPECT_EQ(KneeForwardOfLine(pole, glm::vec3(0.0f)), pole);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(KneeForwardOfLine(pole, glm::vec3(nan, 0.0f, 0.0f)), pole);
  const glm::vec3 bad(nan, 0.0f, 0.0f);
  const glm::vec3 out = KneeForwardOfLine(bad, glm::vec3(0.0f, -0.8f, 0.0f));
  EXPECT_TRUE(std::isnan(out.x));
}

}  // namespace
}  // namespace footwork::ik
