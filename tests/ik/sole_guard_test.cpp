#include "footwork/ik/sole_guard.h"

#include <gtest/gtest.h>
#include <glm/gtc/constants.hpp>

#include "ik/ik_test_util.h"

namespace footwork::ik {
namespace {

using testing::PlaneWorld;
using testing::StepWorld;

constexpr float kFootHeight = 0.08f;
constexpr float kTolerance = 0.004f;

// A foot facing +Z: the ball 15 cm ahead of the ankle, on the sole (2 cm above it at rest).
LegRig FootRig() {
  LegRig leg;
  leg.ball = 1;
  leg.ball_in_foot = {0.0f, -0.06f, 0.15f};
  leg.ball_height_m = 0.02f;
  return leg;
}

Transform FootAt(const glm::vec3& ankle) {
  Transform foot;
  foot.translation = ankle;
  return foot;
}

FootPlacementSettings Settings() {
  FootPlacementSettings settings;
  settings.sink_tolerance_m = kTolerance;
  return settings;
}

TEST(SoleGuard, ABallJustOverARiserIsDrawnBackShortOfIt) {
  // Heel on the floor, ball 2 cm past the edge of a 0.3 m step: drawn back, not lifted.
  const LegRig leg = FootRig();
  const Transform start = FootAt({0.0f, kFootHeight, 0.0f});
  const float ball_z = ToeSolePoint(leg, start)->z;
  const StepWorld world(ball_z - 0.02f);
  Transform foot = start;
  KeepSoleAboveGround(world, leg, kFootHeight, 0.0f, Settings(), foot);
  EXPECT_FLOAT_EQ(foot.translation.y, start.translation.y);
  EXPECT_LT(ToeSolePoint(leg, foot)->z, ball_z - 0.02f);
  EXPECT_GT(foot.translation.z, -0.03f);  // by about the overlap, not more
}

TEST(SoleGuard, ABallFarOverARiserLiftsTheFootOntoTheStep) {
  const LegRig leg = FootRig();
  const StepWorld world(0.05f);  // the ball 10 cm past the edge
  Transform foot = FootAt({0.0f, kFootHeight, 0.0f});
  KeepSoleAboveGround(world, leg, kFootHeight, 0.0f, Settings(), foot);
  EXPECT_FLOAT_EQ(foot.translation.z, 0.0f);
  EXPECT_NEAR(ToeSolePoint(leg, foot)->y, 0.3f - kTolerance, 1e-5f);
}

TEST(SoleGuard, AFootComingDownOverAStepsEdgeIsLiftedOntoItNotDrawnBack) {
  // The ball 2 cm past the edge and 1 cm under the step's top, the heel 29 cm over the floor: a
  // foot coming down onto the step. Drawn back, it would hang over the floor.
  const LegRig leg = FootRig();
  const Transform start = FootAt({0.0f, 0.37f, 0.0f});
  const glm::vec3 ball = *ToeSolePoint(leg, start);
  ASSERT_NEAR(ball.y, 0.29f, 1e-5f);
  const StepWorld world(ball.z - 0.02f);
  Transform foot = start;
  KeepSoleAboveGround(world, leg, kFootHeight, 0.0f, Settings(), foot);
  EXPECT_FLOAT_EQ(foot.translation.z, start.translation.z);
  EXPECT_NEAR(ToeSolePoint(leg, foot)->y, 0.3f - kTolerance, 1e-5f);

  // With the lift off, or the ball deeper under the top than max_riser_lift_m, it is drawn back.
  FootPlacementSettings off = Settings();
  off.max_riser_lift_m = 0.0f;
  Transform drawn = start;
  KeepSoleAboveGround(world, leg, kFootHeight, 0.0f, off, drawn);
  EXPECT_FLOAT_EQ(drawn.translation.y, start.translation.y);
  EXPECT_LT(ToeSolePoint(leg, drawn)->z, ball.z - 0.02f);
  Transform deeper = FootAt({0.0f, 0.34f, 0.0f});  // the ball 4 cm under the top
  KeepSoleAboveGround(world, leg, kFootHeight, 0.0f, Settings(), deeper);
  EXPECT_FLOAT_EQ(deeper.translation.y, 0.34f);
  EXPECT_LT(ToeSolePoint(leg, deeper)->z, ball.z - 0.02f);
}

TEST(SoleGuard, AHeelOverTheHigherTreadIsLiftedOntoIt) {
  // The heel (under the ankle) 1 cm past the edge of the step: the foot is lifted until the heel
  // stands on the tread; the ball, further on the tread, then stands on it too.
  const LegRig leg = FootRig();
  const StepWorld world(-0.01f);
  Transform foot = FootAt({0.0f, kFootHeight, 0.0f});
  KeepSoleAboveGround(world, leg, kFootHeight, 0.0f, Settings(), foot);
  EXPECT_NEAR(HeelSolePoint(leg, kFootHeight, foot).y, 0.3f - kTolerance, 1e-5f);
  EXPECT_FLOAT_EQ(foot.translation.z, 0.0f);
}

// Walking down (the foot turned to face -Z) off a step whose edge is at z = 0: a heel over the
// step's edge, its ball over the floor, is pushed forward off it by up to
// max_heel_push_forward_m (a foot rolling onto its toes at the foot of a step swings its heel back
// over the edge), and lifted onto the step when further over.
TEST(SoleGuard, AHeelJustOverAStepBehindIsPushedForwardOffIt) {
  const LegRig leg = FootRig();
  const StepWorld world(0.0f);
  Transform foot = FootAt({0.0f, kFootHeight, 0.01f});
  foot.rotation = glm::angleAxis(glm::pi<float>(), glm::vec3(0.0f, 1.0f, 0.0f));
  KeepSoleAboveGround(world, leg, kFootHeight, 0.3f, Settings(), foot);
  EXPECT_FLOAT_EQ(foot.translation.y, kFootHeight);
  EXPECT_LT(HeelSolePoint(leg, kFootHeight, foot).z, 0.0f);
  EXPECT_GT(foot.translation.z, -0.01f);  // by about the overlap, not more

  Transform far = FootAt({0.0f, kFootHeight, 0.06f});
  far.rotation = foot.rotation;
  KeepSoleAboveGround(world, leg, kFootHeight, 0.3f, Settings(), far);
  EXPECT_FLOAT_EQ(far.translation.z, 0.06f);
  EXPECT_NEAR(HeelSolePoint(leg, kFootHeight, far).y, 0.3f - kTolerance, 1e-5f);

  FootPlacementSettings off = Settings();
  off.max_heel_push_forward_m = 0.0f;
  Transform lifted = FootAt({0.0f, kFootHeight, 0.01f});
  lifted.rotation = foot.rotation;
  KeepSoleAboveGround(world, leg, kFootHeight, 0.3f, off, lifted);
  EXPECT_FLOAT_EQ(lifted.translation.z, 0.01f);
  EXPECT_NEAR(HeelSolePoint(leg, kFootHeight, lifted).y, 0.3f - kTolerance, 1e-5f);
}

TEST(SoleGuard, OnLevelGroundASunkBallLiftsTheFootAndAFootAboveIsUntouched) {
  const LegRig leg = FootRig();
  const PlaneWorld world(0.0f);
  // Pitched toe down so the ball is 3 cm under the floor while the heel is above it.
  Transform foot = FootAt({0.0f, kFootHeight + 0.01f, 0.0f});
  foot.rotation = glm::angleAxis(0.3f, glm::vec3(1.0f, 0.0f, 0.0f));
  const Transform pitched = foot;
  KeepSoleAboveGround(world, leg, kFootHeight, 0.0f, Settings(), foot);
  EXPECT_NEAR(ToeSolePoint(leg, foot)->y, -kTolerance, 1e-5f);
  EXPECT_FLOAT_EQ(foot.translation.z, pitched.translation.z);
  // Standing 1 cm up: nothing moves.
  Transform above = FootAt({0.0f, kFootHeight + 0.01f, 0.0f});
  KeepSoleAboveGround(world, leg, kFootHeight, 0.0f, Settings(), above);
  EXPECT_FLOAT_EQ(above.translation.y, kFootHeight + 0.01f);
}

}  // namespace
}  // namespace footwork::ik
