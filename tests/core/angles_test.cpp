#include "footwork/core/angles.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace footwork {
namespace {

constexpr float kDt60 = 1.0f / 60.0f;

// Seed 000 Part05: RInterpTo(0 -> -90 deg, speed 25) at 60 FPS moves about -37.5 deg in one frame.
TEST(AnglesTest, RInterpToReproducesSeedWorkedExample) {
  const Rotator result = RInterpTo(Rotator::FromYaw(0.0f), Rotator::FromYaw(Radians(-90.0f)),
                                   kDt60, 25.0f);
  EXPECT_NEAR(Degrees(result.yaw), -37.5f, 1e-3f);
}

// Seed 000 Part05: RInterpConstantTo(90 -> 0 deg, 800 deg/s) at 60 FPS gives 76.67 deg.
TEST(AnglesTest, RInterpConstantToReproducesSeedWorkedExample) {
  const Rotator result = RInterpConstantTo(Rotator::FromYaw(Radians(90.0f)), Rotator::FromYaw(0.0f),
                                           kDt60, Radians(800.0f));
  EXPECT_NEAR(Degrees(result.yaw), 76.6667f, 1e-3f);
  // Then the actor, RInterpTo at 25 toward 76.67 - 90 = -13.33 deg, moves about -5.56 deg.
  const Rotator actor = RInterpTo(Rotator::FromYaw(0.0f),
                                  Rotator::FromYaw(result.yaw - Radians(90.0f)), kDt60, 25.0f);
  EXPECT_NEAR(Degrees(actor.yaw), -5.5556f, 1e-3f);
}

TEST(AnglesTest, RInterpToTakesShortestPathAcrossWrap) {
  const Rotator result = RInterpTo(Rotator::FromYaw(Radians(170.0f)),
                                   Rotator::FromYaw(Radians(-170.0f)), 0.5f, 1.0f);
  EXPECT_NEAR(Degrees(result.yaw), 180.0f, 1e-3f);
}

TEST(AnglesTest, RInterpEdgeCasesFollowUnreal) {
  const Rotator current = Rotator::FromYaw(0.3f);
  const Rotator target = Rotator::FromYaw(-1.0f);
  EXPECT_EQ(RInterpTo(current, target, 0.0f, 10.0f), current);   // dt 0 keeps current
  EXPECT_EQ(RInterpTo(current, target, 0.1f, 0.0f), target);     // speed 0 snaps
  EXPECT_EQ(RInterpConstantTo(current, target, 0.0f, 1.0f), current);
  EXPECT_EQ(RInterpConstantTo(current, target, 0.1f, -1.0f), target);
  // A huge dt clamps alpha to 1 instead of overshooting.
  EXPECT_NEAR(RInterpTo(current, target, 10.0f, 25.0f).yaw, -1.0f, 1e-6f);
}

TEST(AnglesTest, FInterpToMatchesUnrealFormula) {
  EXPECT_FLOAT_EQ(FInterpTo(0.0f, 10.0f, 0.1f, 5.0f), 5.0f);
  EXPECT_FLOAT_EQ(FInterpTo(0.0f, 10.0f, 1.0f, 5.0f), 10.0f);  // alpha clamped to 1
  EXPECT_FLOAT_EQ(FInterpTo(3.0f, 10.0f, 0.1f, 0.0f), 10.0f);  // speed 0 snaps
  EXPECT_FLOAT_EQ(FInterpTo(10.0f - 1e-5f, 10.0f, 0.01f, 1.0f), 10.0f);  // tiny distance snaps
  EXPECT_FLOAT_EQ(FInterpConstantTo(0.0f, 10.0f, 0.5f, 4.0f), 2.0f);
  EXPECT_FLOAT_EQ(FInterpConstantTo(9.0f, 10.0f, 0.5f, 4.0f), 10.0f);
}

TEST(AnglesTest, VInterpConstantToMovesAlongLine) {
  const glm::vec3 result = VInterpConstantTo({0, 0, 0}, {3, 0, 4}, 0.5f, 2.0f);
  EXPECT_NEAR(result.x, 0.6f, 1e-6f);
  EXPECT_NEAR(result.z, 0.8f, 1e-6f);
}

TEST(AnglesTest, NormalizedDeltaRotatorWraps) {
  const Rotator delta =
      NormalizedDeltaRotator(Rotator::FromYaw(Radians(-170.0f)), Rotator::FromYaw(Radians(170.0f)));
  EXPECT_NEAR(Degrees(delta.yaw), 20.0f, 1e-3f);
  EXPECT_NEAR(Degrees(NormalizeAngle(Radians(540.0f))), 180.0f, 1e-3f);
  EXPECT_NEAR(Degrees(NormalizeAngle(Radians(-180.0f))), 180.0f, 1e-3f);
}

TEST(AnglesTest, CalculateDirectionIsVelocityYawMinusActorYaw) {
  // Facing +Z, moving toward +X (the character's left) is +90 degrees.
  EXPECT_NEAR(Degrees(CalculateDirection({1, 0, 0}, 0.0f)), 90.0f, 1e-3f);
  EXPECT_NEAR(Degrees(CalculateDirection({-1, 0, 0}, 0.0f)), -90.0f, 1e-3f);
  EXPECT_NEAR(std::fabs(Degrees(CalculateDirection({0, 0, -1}, 0.0f))), 180.0f, 1e-3f);
  EXPECT_EQ(CalculateDirection({0, 5, 0}, 1.0f), 0.0f);  // vertical only: no direction
  // Vertical velocity is ignored, as GetSafeNormal2D does.
  EXPECT_NEAR(Degrees(CalculateDirection({1, 3, 1}, 0.0f)), 45.0f, 1e-3f);
}

TEST(AnglesTest, SafeNormal2DDropsVerticalAndTinyVectors) {
  const glm::vec3 n = SafeNormal2D({3, 7, 4});
  EXPECT_NEAR(n.x, 0.6f, 1e-6f);
  EXPECT_EQ(n.y, 0.0f);
  EXPECT_NEAR(n.z, 0.8f, 1e-6f);
  EXPECT_EQ(SafeNormal2D({1e-5f, 1.0f, 0.0f}), glm::vec3(0.0f));
}

TEST(AnglesTest, YawDirectionAndQuatAgree) {
  for (float deg = -170.0f; deg <= 180.0f; deg += 37.0f) {
    const float yaw = Radians(deg);
    EXPECT_NEAR(YawFromDirection(DirectionFromYaw(yaw)), yaw, 1e-5f);
    EXPECT_NEAR(NormalizedDeltaAngle(YawFromQuat(QuatFromYaw(yaw)), yaw), 0.0f, 1e-5f);
    const glm::vec3 forward = QuatFromYaw(yaw) * glm::vec3(0, 0, 1);
    EXPECT_NEAR(glm::length(forward - DirectionFromYaw(yaw)), 0.0f, 1e-5f);
  }
}

RC_GTEST_PROP(AnglesProperty, NormalizeAngleStaysInRangeAndPreservesDirection, ()) {
  const float angle = static_cast<float>(*rc::gen::inRange(-100000, 100000)) / 100.0f;
  const float wrapped = NormalizeAngle(angle);
  RC_ASSERT(wrapped > -kPi - 1e-6f);
  RC_ASSERT(wrapped <= kPi + 1e-6f);
  RC_ASSERT(std::fabs(std::sin(wrapped) - std::sin(angle)) < 1e-3f);
  RC_ASSERT(std::fabs(std::cos(wrapped) - std::cos(angle)) < 1e-3f);
}

RC_GTEST_PROP(AnglesProperty, RInterpConstantToNeverStepsFurtherThanSpeedTimesDt, ()) {
  const float from = Radians(static_cast<float>(*rc::gen::inRange(-180, 180)));
  const float to = Radians(static_cast<float>(*rc::gen::inRange(-180, 180)));
  const float dt = static_cast<float>(*rc::gen::inRange(1, 100)) / 1000.0f;
  const float speed = Radians(static_cast<float>(*rc::gen::inRange(1, 1000)));
  const float result = YawInterpConstantTo(from, to, dt, speed);
  RC_ASSERT(std::fabs(NormalizedDeltaAngle(result, from)) <= speed * dt + 1e-4f);
  // It never moves away from the target.
  RC_ASSERT(std::fabs(NormalizedDeltaAngle(to, result)) <=
            std::fabs(NormalizedDeltaAngle(to, from)) + 1e-4f);
}

}  // namespace
}  // namespace footwork
