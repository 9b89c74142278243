#include "footwork/ik/riser_clearance.h"

#include <cmath>

#include <gtest/gtest.h>

#include "anim/anim_test_util.h"
#include "ik/ik_test_util.h"

namespace footwork::ik {
namespace {

using anim::testing::VecNear;
using testing::PlaneWorld;
using testing::StepWorld;

// StepWorld(0): the floor at y = 0 for z < 0, a 0.3 m step from z = 0 on. Feet point +z.
TEST(RiserClearShift, AFootLandingAcrossARiserMovesOntoTheNearerTread) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;
  // Heel 3 cm short of the riser, ball 10 cm past it: 5 cm forward puts the heel 2 cm past it.
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.1f, -0.03f}, {0, 0.1f, 0.10f}, 0.0f, 0.02f, 0.08f, settings),
      {0, 0, 0.05f}, 0.005f));
  // Heel 10 cm short, ball 3 cm past: 5 cm back puts the ball 2 cm short of it.
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.1f, -0.10f}, {0, 0.1f, 0.03f}, 0.0f, 0.02f, 0.08f, settings),
      {0, 0, -0.05f}, 0.005f));
  // Astride it by 9 cm either way: further than the 8 cm allowed.
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.1f, -0.09f}, {0, 0.1f, 0.09f}, 0.0f, 0.02f, 0.08f, settings),
      {0, 0, 0}, 0.0f));
}

TEST(RiserClearShift, ABallJustShortOfARiserIsDrawnBackToTheMargin) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;
  // Ball 1 cm short of the riser, 5 cm of margin: 4 cm back.
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.1f, -0.15f}, {0, 0.1f, -0.01f}, 0.0f, 0.05f, 0.08f, settings),
      {0, 0, -0.04f}, 0.005f));
  // Ball 6 cm short: clear of the margin, it stays.
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.1f, -0.2f}, {0, 0.1f, -0.06f}, 0.0f, 0.05f, 0.08f, settings),
      {0, 0, 0}, 0.0f));
}

TEST(RiserClearShift, MovedBackTheMarginIsCutToTheLargestShiftMovedForwardItIsNot) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;
  // Heel 10 cm short, ball 7 cm past (nearer the ball): 7 cm back clears it, the 5 cm margin is
  // cut to the 1 cm left of the 8 cm allowed.
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.1f, -0.10f}, {0, 0.1f, 0.07f}, 0.0f, 0.05f, 0.08f, settings),
      {0, 0, -0.08f}, 0.005f));
  // Heel 4 cm short, ball 13 cm past (nearer the heel): 4 cm forward and the 5 cm margin is more
  // than allowed, and part of it would take the ball on toward the next riser: none.
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.1f, -0.04f}, {0, 0.1f, 0.13f}, 0.0f, 0.05f, 0.08f, settings),
      {0, 0, 0}, 0.0f));
}

// Walking down (-z) off the step of StepWorld(0) (its edge at z = 0) onto the floor.
TEST(RiserClearShift, AFootLandingAcrossAStepDownMovesOntoOneTread) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;
  // Heel 5 cm on the step, ball 8 cm over the floor: 7 cm forward puts the heel 2 cm past the edge.
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.4f, 0.05f}, {0, 0.4f, -0.08f}, 0.3f, 0.02f, 0.08f, settings),
      {0, 0, -0.07f}, 0.006f));
  // Heel 1 cm past the edge, within the margin: 1 cm more.
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.4f, -0.01f}, {0, 0.4f, -0.14f}, 0.3f, 0.02f, 0.08f, settings),
      {0, 0, -0.01f}, 0.006f));
  // Heel 10 cm on the step, ball 3 cm over the floor: 5 cm back keeps the ball 2 cm on the step.
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.4f, 0.10f}, {0, 0.4f, -0.03f}, 0.3f, 0.02f, 0.08f, settings),
      {0, 0, 0.05f}, 0.006f));
  // Astride it by 9 cm either way: further than the 8 cm allowed.
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.4f, 0.09f}, {0, 0.4f, -0.09f}, 0.3f, 0.02f, 0.08f, settings),
      {0, 0, 0}, 0.0f));
}

TEST(RiserClearShift, AFootOnOneTreadOrOnASlopeStays) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.1f, -0.3f}, {0, 0.1f, -0.17f}, 0.0f, 0.02f, 0.08f, settings),
      {0, 0, 0}, 0.0f));
  // Walking down (-z), the whole foot on the floor with its heel further than the margin past the
  // step's edge.
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.4f, -0.03f}, {0, 0.4f, -0.16f}, 0.3f, 0.02f, 0.08f, settings),
      {0, 0, 0}, 0.0f));
  // 25 degrees up a slope (rising along +x) the ball is 6 cm above the heel, on the heel's plane.
  const PlaneWorld hill(0.0f, std::tan(25.0f * 3.14159265f / 180.0f));
  EXPECT_TRUE(VecNear(
      RiserClearShift(hill, {0, 0.3f, 0.0f}, {0.13f, 0.3f, 0.0f}, 0.0f, 0.02f, 0.08f, settings),
      {0, 0, 0}, 0.0f));
}

TEST(RiserClearShift, BadInputMovesNothing) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;
  const float nan = std::nanf("");
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {nan, 0.1f, -0.03f}, {0, 0.1f, 0.1f}, 0.0f, 0.02f, 0.08f, settings),
      {0, 0, 0}, 0.0f));
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.1f, -0.03f}, {0, 0.1f, 0.1f}, 0.0f, 0.02f, nan, settings),
      {0, 0, 0}, 0.0f));
  EXPECT_TRUE(VecNear(
      RiserClearShift(world, {0, 0.1f, -0.03f}, {0, 0.1f, 0.1f}, 0.0f, 0.02f, 0.0f, settings),
      {0, 0, 0}, 0.0f));
}

// A stop's last step down (-z) off the step of StepWorld(0) (its edge at z = 0): the foot is moved
// back along itself until its ball is the margin short of the edge. The heel is taken 0.4 of the
// ankle-to-ball length (15 cm) behind the ankle: 6 cm.
TEST(StopLandingBackShift, AFootWhoseBallIsOverTheTreadBelowIsMovedBackOntoItsOwn) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;
  const glm::vec3 down(0.0f, 0.0f, -1.0f);
  // The ankle 1 cm on the step, the ball 14 cm over the floor: 16 cm back.
  EXPECT_TRUE(VecNear(StopLandingBackShift(world, {0, 0.4f, 0.01f}, {0, 0.4f, -0.14f}, down, 0.4f,
                                           0.02f, 0.24f, settings),
                      {0, 0, 0.16f}, 0.006f));
  // The ankle 1 cm past the edge, its heel still on the step: 18 cm back.
  EXPECT_TRUE(VecNear(StopLandingBackShift(world, {0, 0.4f, -0.01f}, {0, 0.4f, -0.16f}, down, 0.4f,
                                           0.02f, 0.24f, settings),
                      {0, 0, 0.18f}, 0.006f));
  // The ball 1 cm short of the edge, within the margin: 1 cm back.
  EXPECT_TRUE(VecNear(StopLandingBackShift(world, {0, 0.4f, 0.16f}, {0, 0.4f, 0.01f}, down, 0.4f,
                                           0.02f, 0.24f, settings),
                      {0, 0, 0.01f}, 0.006f));
  // Further than allowed: nothing.
  EXPECT_TRUE(VecNear(StopLandingBackShift(world, {0, 0.4f, 0.01f}, {0, 0.4f, -0.14f}, down, 0.4f,
                                           0.02f, 0.1f, settings),
                      {0, 0, 0}, 0.0f));
}

TEST(StopLandingBackShift, AFootOnOneTreadOffTheSideOfTheStairsOrOnASlopeStays) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;
  const glm::vec3 down(0.0f, 0.0f, -1.0f);
  // The whole foot on the floor, its heel past the edge.
  EXPECT_TRUE(VecNear(StopLandingBackShift(world, {0, 0.4f, -0.10f}, {0, 0.4f, -0.25f}, down, 0.4f,
                                           0.02f, 0.24f, settings),
                      {0, 0, 0}, 0.0f));
  // The whole foot on the step, the ball 5 cm short of the edge.
  EXPECT_TRUE(VecNear(StopLandingBackShift(world, {0, 0.4f, 0.20f}, {0, 0.4f, 0.05f}, down, 0.4f,
                                           0.02f, 0.24f, settings),
                      {0, 0, 0}, 0.0f));
  // The same foot over the edge with the body facing along it (+x): the floor beside the stairs,
  // no step down ahead of the body.
  EXPECT_TRUE(VecNear(StopLandingBackShift(world, {0, 0.4f, 0.01f}, {0, 0.4f, -0.14f},
                                           {1.0f, 0.0f, 0.0f}, 0.4f, 0.02f, 0.24f, settings),
                      {0, 0, 0}, 0.0f));
  // 25 degrees down a slope (falling along -x).
  const PlaneWorld hill(0.0f, std::tan(25.0f * 3.14159265f / 180.0f));
  EXPECT_TRUE(VecNear(StopLandingBackShift(hill, {0, 0.3f, 0.0f}, {-0.15f, 0.3f, 0.0f},
                                           {-1.0f, 0.0f, 0.0f}, 0.3f, 0.02f, 0.24f, settings),
                      {0, 0, 0}, 0.0f));
}

TEST(StopLandingBackShift, BadInputMovesNothing) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;
  const float nan = std::nanf("");
  const glm::vec3 down(0.0f, 0.0f, -1.0f);
  EXPECT_TRUE(VecNear(StopLandingBackShift(world, {nan, 0.4f, 0.01f}, {0, 0.4f, -0.14f}, down, 0.4f,
                                           0.02f, 0.24f, settings),
                      {0, 0, 0}, 0.0f));
  EXPECT_TRUE(VecNear(StopLandingBackShift(world, {0, 0.4f, 0.01f}, {0, 0.4f, -0.14f}, down, nan,
                                           0.02f, 0.24f, settings),
                      {0, 0, 0}, 0.0f));
  EXPECT_TRUE(VecNear(StopLandingBackShift(world, {0, 0.4f, 0.01f}, {0, 0.4f, -0.14f}, down, 0.4f,
                                           0.02f, 0.0f, settings),
                      {0, 0, 0}, 0.0f));
  EXPECT_TRUE(VecNear(StopLandingBackShift(world, {0, 0.4f, 0.01f}, {0, 0.4f, -0.14f}, {0, 0, 0},
                                           0.4f, 0.02f, 0.24f, settings),
                      {0, 0, 0}, 0.0f));
}

}  // namespace
}  // namespace footwork::ik
