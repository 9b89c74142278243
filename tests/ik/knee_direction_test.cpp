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

// The sprint's straight leg: its knee 4 cm behind the hip-to-ankle line and 4 mm to the side.
// Added as it is to 5 cm of the thigh's axis, the two all but cancelled and the pole pointed 20
// degrees sideways; with the backward part dropped it points along the thigh's axis.
TEST(KneeDirectionTest, AKneeAnimatedPastStraightLeavesTheBendToTheThighsAxis) {
  // Measured (model space) as the knee swung: hip to ankle, the thigh's axis, the knee's offset.
  const glm::vec3 line = glm::normalize(glm::vec3(0.012f, -0.751f, 0.341f));
  const glm::vec3 thigh_axis = glm::normalize(glm::vec3(-0.04f, 0.31f, 0.95f));
  const glm::vec3 knee_offset(0.004f, -0.019f, -0.043f);
  const glm::vec3 naive = knee_offset + 0.05f * thigh_axis;
  const glm::vec3 pole = KneePole(knee_offset, thigh_axis, line, 0.05f);
  const auto sideways_deg = [&](const glm::vec3& p) {
    const glm::vec3 across = p - glm::dot(p, line) * line;
    return glm::degrees(
        std::atan2(std::fabs(across.x), glm::length(glm::vec2(across.y, across.z))));
  };
  EXPECT_GT(sideways_deg(naive), 15.0f);
  EXPECT_LT(sideways_deg(pole), 5.0f);
  EXPECT_GT(glm::dot(pole, thigh_axis), 0.045f);
  // A knee bent forward keeps its own bend: the thigh's axis is only added.
  const glm::vec3 bent(0.01f, 0.05f, 0.12f);
  const glm::vec3 kept = KneePole(bent, thigh_axis, line, 0.05f);
  EXPECT_NEAR(glm::length(kept - (bent + 0.05f * thigh_axis)), 0.0f, 1e-6f);
  // No forward side (the thigh's axis along the line): the offset as it is.
  const glm::vec3 along = KneePole(knee_offset, line, line, 0.05f);
  EXPECT_NEAR(glm::length(along - (knee_offset + 0.05f * line)), 0.0f, 1e-6f);
}

}  // namespace
}  // namespace footwork::ik
