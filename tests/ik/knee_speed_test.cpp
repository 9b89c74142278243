#include "footwork/ik/knee_speed.h"

#include <cmath>
#include <limits>
#include <numbers>

#include <gtest/gtest.h>

namespace footwork::ik {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;

TEST(KneeSpeed, KneeAngleIsZeroFoldedPiStraightAndRightAngledBetween) {
  const glm::vec3 hip(0.0f, 1.0f, 0.0f);
  const glm::vec3 knee(0.0f, 0.5f, 0.0f);
  EXPECT_NEAR(KneeAngle(hip, knee, glm::vec3(0.0f, 0.0f, 0.0f)), kPi, 1e-6f);
  EXPECT_NEAR(KneeAngle(hip, knee, glm::vec3(0.0f, 0.5f, 0.4f)), 0.5f * kPi, 1e-6f);
  EXPECT_NEAR(KneeAngle(hip, knee, glm::vec3(0.0f, 0.9f, 0.0f)), 0.0f, 1e-6f);
  // Near straight, where an acos of the dot product would lose the angle: 1 mm off the line at
  // 0.5 m is 0.002 rad.
  EXPECT_NEAR(KneeAngle(hip, knee, glm::vec3(0.001f, 0.0f, 0.0f)), kPi - 0.002f, 2e-5f);
  // A zero-length bone counts as straight (no bend to limit).
  EXPECT_EQ(KneeAngle(hip, hip, glm::vec3(0.0f)), kPi);
}

TEST(KneeSpeed, ReachRangeIsTheLawOfCosinesAtTheAngleLessAndPlusTheStep) {
  const float upper = 0.23f;
  const float lower = 0.15f;
  const auto reach = [&](float angle) {
    return std::sqrt(upper * upper + lower * lower - 2.0f * upper * lower * std::cos(angle));
  };
  const float angle = 2.5f;
  const float step = 0.2f;
  const ReachRange range = KneeStepReachRange(upper, lower, angle, step);
  EXPECT_NEAR(range.min_m, reach(angle - step), 1e-6f);
  EXPECT_NEAR(range.max_m, reach(angle + step), 1e-6f);
  EXPECT_LT(range.min_m, reach(angle));
  EXPECT_GT(range.max_m, reach(angle));
  // A step that allows the knee straight leaves the reach unbounded above; one that allows it
  // folded shut, below.
  const ReachRange to_straight = KneeStepReachRange(upper, lower, angle, kPi - angle);
  EXPECT_TRUE(std::isinf(to_straight.max_m));
  EXPECT_GT(to_straight.min_m, 0.0f);
  const ReachRange to_folded = KneeStepReachRange(upper, lower, 0.3f, 0.3f);
  EXPECT_EQ(to_folded.min_m, 0.0f);
  EXPECT_NEAR(to_folded.max_m, reach(0.6f), 1e-6f);
  // No step, or one that is not a number, bounds nothing.
  for (const float bad : {0.0f, -0.1f, std::numeric_limits<float>::quiet_NaN(),
                          std::numeric_limits<float>::infinity()}) {
    const ReachRange unbounded = KneeStepReachRange(upper, lower, angle, bad);
    EXPECT_EQ(unbounded.min_m, 0.0f) << bad;
    EXPECT_TRUE(std::isinf(unbounded.max_m)) << bad;
  }
}

}  // namespace
}  // namespace footwork::ik
