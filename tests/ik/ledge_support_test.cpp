#include "footwork/ik/ledge_support.h"

#include <cmath>

#include <gtest/gtest.h>

#include "anim/anim_test_util.h"
#include "ik/ik_test_util.h"

namespace footwork::ik {
namespace {

using anim::testing::VecNear;
using testing::PlaneWorld;
using testing::StepWorld;

// StepWorld(0): the floor at y = 0 for z < 0, a 0.3 m step from z = 0 on.
TEST(LedgeSupport, AFootOverADropItsLegCannotTakeMovesBackOntoTheStep) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;  // 2 cm search steps, 5 cm margin
  const glm::vec3 root(0.0f, 0.3f, 0.5f);
  const glm::vec3 foot(0.0f, 0.4f, -0.01f);  // 1 cm past the edge, 30 cm over the floor
  // The first search point (z = 0.01) is on the step: moved there and 5 cm on.
  EXPECT_TRUE(VecNear(LedgeSupportShift(world, foot, root, 0.2f, settings), {0, 0, 0.07f}, 1e-5f));
  // A leg that takes 35 cm steps down stays over the floor.
  EXPECT_TRUE(VecNear(LedgeSupportShift(world, foot, root, 0.35f, settings), {0, 0, 0}, 0.0f));
  // A foot over the step is not moved.
  const glm::vec3 on_step(0.0f, 0.4f, 0.2f);
  EXPECT_TRUE(VecNear(LedgeSupportShift(world, on_step, root, 0.2f, settings), {0, 0, 0}, 0.0f));
}

TEST(LedgeSupport, NeverMovesTheFootPastTheRoot) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;
  const glm::vec3 root(0.0f, 0.3f, 0.03f);
  const glm::vec3 foot(0.0f, 0.4f, -0.01f);
  EXPECT_TRUE(VecNear(LedgeSupportShift(world, foot, root, 0.2f, settings), {0, 0, 0.04f}, 1e-5f));
}

TEST(LedgeSupport, HigherGroundOrASlopeIsNoDrop) {
  // The root on the floor, the foot over the step: ground higher than the root is not a drop.
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;
  EXPECT_TRUE(
      VecNear(LedgeSupportShift(world, {0.0f, 0.1f, 0.1f}, {0.0f, 0.0f, -0.3f}, 0.1f, settings),
              {0, 0, 0}, 0.0f));
  // 25 degrees down a slope, 60 cm downhill of the root (28 cm lower): the plane under the root
  // continues under the foot.
  const float slope = std::tan(25.0f * 3.14159265f / 180.0f);
  const PlaneWorld hill(0.0f, slope);
  const glm::vec3 root(0.0f, hill.HeightAt(0.0f), 0.0f);
  const glm::vec3 foot(-0.6f, hill.HeightAt(-0.6f) + 0.1f, 0.0f);
  EXPECT_TRUE(VecNear(LedgeSupportShift(hill, foot, root, 0.1f, settings), {0, 0, 0}, 0.0f));
}

// The root perched on the step's edge with its axis 3 cm off it (the showcase's stairs side, where
// the Knight climbed with its right foot over the floor): the ground under the root is the floor,
// 30 cm down, so toward the root finds nothing; sideways (the body's left-right is z here) it
// finds the step.
TEST(LedgeSupport, APerchedRootsFootGoesSidewaysOntoTheLedgeBesideIt) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;  // 2 cm search steps, 5 cm margin
  const glm::vec3 side(0.0f, 0.0f, 1.0f);
  const glm::vec3 root(0.0f, 0.3f, -0.03f);
  const glm::vec3 foot(0.1f, 0.4f, -0.21f);  // 18 cm to the root's side, over the floor
  // The step begins 21 cm over (the first search point on it is at 22 cm): 5 cm on from there.
  EXPECT_TRUE(
      VecNear(LedgeSupportShift(world, foot, root, 0.2f, settings, side), {0, 0, 0.27f}, 1e-4f));
  // Either way along the axis: the side is taken toward the root.
  EXPECT_TRUE(
      VecNear(LedgeSupportShift(world, foot, root, 0.2f, settings, -side), {0, 0, 0.27f}, 1e-4f));
  // Without the body's side axis a perched root moves nothing.
  EXPECT_TRUE(VecNear(LedgeSupportShift(world, foot, root, 0.2f, settings), {0, 0, 0}, 0.0f));
  // The other foot, over the step, stays.
  EXPECT_TRUE(VecNear(LedgeSupportShift(world, {0.0f, 0.4f, 0.15f}, root, 0.2f, settings, side),
                      {0, 0, 0}, 0.0f));
}

// The root on the step near its side edge, a foot behind and to the side over the floor: moved
// sideways onto the step, keeping its place along the stride; toward the root it would have gone
// 20 cm forward as well.
TEST(LedgeSupport, AFootBesideAnEdgeMovesSidewaysRatherThanTowardTheRoot) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;
  const glm::vec3 root(0.0f, 0.3f, 0.05f);
  const glm::vec3 foot(-0.25f, 0.4f, -0.13f);
  EXPECT_TRUE(VecNear(LedgeSupportShift(world, foot, root, 0.2f, settings, {0.0f, 0.0f, 1.0f}),
                      {0, 0, 0.19f}, 1e-4f));
  const glm::vec3 toward_root = LedgeSupportShift(world, foot, root, 0.2f, settings);
  EXPECT_GT(toward_root.x, 0.15f);
  EXPECT_GT(toward_root.z, 0.1f);
}

// Sideways only: a foot a step down behind the root as the body walks off the step (its side axis
// x) stays where it is; one beside the step's edge as the body walks along it (side axis z) still
// moves onto it.
TEST(LedgeSupport, SidewaysOnlyLeavesAStepDownOnTheWayAndMovesAFootBesideTheEdge) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;
  const glm::vec3 root(0.0f, 0.3f, 0.05f);
  const glm::vec3 behind(0.0f, 0.4f, -0.13f);
  const glm::vec3 walking_along_z(1.0f, 0.0f, 0.0f);
  EXPECT_GT(LedgeSupportShift(world, behind, root, 0.2f, settings, walking_along_z).z, 0.1f);
  EXPECT_TRUE(VecNear(LedgeSupportShift(world, behind, root, 0.2f, settings, walking_along_z, true),
                      {0, 0, 0}, 0.0f));
  const glm::vec3 beside(-0.25f, 0.4f, -0.13f);
  const glm::vec3 walking_along_x(0.0f, 0.0f, 1.0f);
  EXPECT_TRUE(VecNear(LedgeSupportShift(world, beside, root, 0.2f, settings, walking_along_x, true),
                      {0, 0, 0.19f}, 1e-4f));
}

// Perched higher than the leg steps down to anything beside it (the capsule on a step's front
// corner, 9 cm over the tread beside the foot, with a short leg): the highest ground beside is
// taken when it rises at least half the leg's step above the ground under the foot.
TEST(LedgeSupport, APerchedRootsFootTakesTheHighestGroundBesideWhenNothingIsInReach) {
  const StepWorld world(0.0f);
  const FootPlacementSettings settings;
  const glm::vec3 side(0.0f, 0.0f, 1.0f);
  const glm::vec3 root(0.0f, 0.6f, -0.03f);  // the step 30 cm down, the floor 60
  const glm::vec3 foot(0.1f, 0.7f, -0.21f);
  EXPECT_TRUE(
      VecNear(LedgeSupportShift(world, foot, root, 0.2f, settings, side), {0, 0, 0.27f}, 1e-4f));
  // A leg that steps 0.7 m down rises to nothing that is not already within its reach.
  EXPECT_TRUE(VecNear(LedgeSupportShift(world, foot, root, 0.7f, settings, side), {0, 0, 0}, 0.0f));
}

TEST(LedgeSupport, NothingUnderTheRootOrBadInputMovesNothing) {
  const PlaneWorld deep(-2.0f);
  const FootPlacementSettings settings;
  EXPECT_TRUE(
      VecNear(LedgeSupportShift(deep, {0.3f, 0.1f, 0.0f}, {0.0f, 0.0f, 0.0f}, 0.1f, settings),
              {0, 0, 0}, 0.0f));
  const StepWorld world(0.0f);
  const float nan = std::nanf("");
  EXPECT_TRUE(
      VecNear(LedgeSupportShift(world, {nan, 0.4f, -0.01f}, {0.0f, 0.3f, 0.5f}, 0.2f, settings),
              {0, 0, 0}, 0.0f));
  EXPECT_TRUE(
      VecNear(LedgeSupportShift(world, {0.0f, 0.4f, -0.01f}, {0.0f, 0.3f, 0.5f}, nan, settings),
              {0, 0, 0}, 0.0f));
}

}  // namespace
}  // namespace footwork::ik
