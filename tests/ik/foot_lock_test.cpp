#include "footwork/ik/foot_lock.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/anim_test_util.h"

namespace footwork::ik {
namespace {

using anim::testing::VecNear;

Transform At(const glm::vec3& position) {
  Transform transform;
  transform.translation = position;
  return transform;
}

TEST(FootLock, PlantedShareRisesFromHalfTheCurveToPlanted) {
  EXPECT_EQ(PlantedShare(0.0f), 0.0f);
  EXPECT_EQ(PlantedShare(0.5f), 0.0f);
  EXPECT_NEAR(PlantedShare(0.745f), 0.5f, 1e-5f);
  EXPECT_EQ(PlantedShare(kFootLockPlanted), 1.0f);
  EXPECT_EQ(PlantedShare(1.4f), 1.0f);  // a blend's overshoot
  EXPECT_EQ(PlantedShare(std::numeric_limits<float>::quiet_NaN()), 0.0f);
  // Planted and a full share agree.
  for (float curve = 0.0f; curve <= 1.0f; curve += 0.01f)
    EXPECT_EQ(IsFootPlanted(curve), PlantedShare(curve) >= 1.0f) << curve;
}

TEST(FootLock, HoldsTheFootInWorldWhilePlantedAndReleasesByTheCurve) {
  FootLockState state;
  // Planted at x = 0; the animation then drags the foot along +X (root motion mismatch).
  Transform out = UpdateFootLock(state, 1.0f, At({0, 0, 0}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {0, 0, 0}));
  for (int frame = 1; frame <= 10; ++frame) {
    out = UpdateFootLock(state, 1.0f, At({0.01f * frame, 0, 0}), world::kNoBody, std::nullopt);
    EXPECT_TRUE(VecNear(out.translation, {0, 0, 0})) << frame;
  }
  // Releasing: the output is lerp(animated, held, curve).
  out = UpdateFootLock(state, 0.75f, At({0.2f, 0, 0}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {0.05f, 0, 0}));
  out = UpdateFootLock(state, 0.25f, At({0.2f, 0, 0}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {0.15f, 0, 0}));
  out = UpdateFootLock(state, 0.0f, At({0.3f, 0, 0}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {0.3f, 0, 0}));
  EXPECT_FALSE(state.locked);
  // The next plant holds the new place.
  out = UpdateFootLock(state, 1.0f, At({0.6f, 0, 0}), world::kNoBody, std::nullopt);
  out = UpdateFootLock(state, 1.0f, At({0.7f, 0, 0}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {0.6f, 0, 0}));
}

TEST(FootLock, ReplantingBeforeAFullReleaseHoldsThePartReleasedFootWithoutAJump) {
  FootLockState state;
  (void)UpdateFootLock(state, 1.0f, At({0, 0, 0}), world::kNoBody, std::nullopt);
  Transform out = UpdateFootLock(state, 0.5f, At({0.2f, 0, 0}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {0.1f, 0, 0}));
  // Back to 1: held where the foot was shown at the last frame's alpha, not snapped anywhere.
  out = UpdateFootLock(state, 1.0f, At({0.2f, 0, 0}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {0.1f, 0, 0}));
  out = UpdateFootLock(state, 1.0f, At({0.4f, 0, 0}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {0.1f, 0, 0}));
}

TEST(FootLock, APartialRiseOfTheCurveDoesNotPullTheSwingingFootBack) {
  FootLockState state;
  (void)UpdateFootLock(state, 1.0f, At({0, 0, 0}), world::kNoBody, std::nullopt);
  Transform out = UpdateFootLock(state, 0.02f, At({1.0f, 0, 0}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {0.98f, 0, 0}));
  // A blended curve comes back up to 0.5 a stride later: the alpha stays at 0.02.
  out = UpdateFootLock(state, 0.5f, At({1.1f, 0, 0}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {1.078f, 0, 0}));
  // Planted again: held where the foot is shown, the old plant forgotten.
  out = UpdateFootLock(state, 1.0f, At({1.2f, 0, 0}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {1.176f, 0, 0}));
  out = UpdateFootLock(state, 1.0f, At({1.3f, 0, 0}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {1.176f, 0, 0}));
}

TEST(FootLock, RidesAMovingPlatformAndLetsGoWhenTheFootLeavesIt) {
  FootLockState state;
  Transform platform = At({5, 1, 0});
  Transform out = UpdateFootLock(state, 1.0f, At({5.2f, 1, 0}), 7, platform);
  EXPECT_TRUE(VecNear(out.translation, {5.2f, 1, 0}));
  platform.translation = {5.5f, 1, 0.25f};
  out = UpdateFootLock(state, 1.0f, At({5.2f, 1, 0}), 7, platform);
  EXPECT_TRUE(VecNear(out.translation, {5.7f, 1, 0.25f}));
  // Standing on something else now: the lock is dropped, the animation shows through.
  out = UpdateFootLock(state, 1.0f, At({9, 0, 0}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {9, 0, 0}));
}

TEST(FootLock, DrawIntoReachMovesAFootOutOfReachAlongTheGroundWithinTheBudget) {
  const glm::vec3 hip(0, 0.8f, 0);
  // Within reach (0.85 m): untouched.
  glm::vec3 foot(0.25f, 0, 0);
  EXPECT_EQ(DrawIntoReach(foot, hip, 0.85f, 0.1f), 0.0f);
  EXPECT_TRUE(VecNear(foot, {0.25f, 0, 0}));
  // 0.6 m out and 0.8 m down: reach 0.85 m allows sqrt(0.85^2 - 0.8^2) = 0.287 m out.
  foot = {0.6f, 0, 0};
  const float allowed = std::sqrt(0.85f * 0.85f - 0.8f * 0.8f);
  EXPECT_NEAR(DrawIntoReach(foot, hip, 0.85f, 1.0f), 0.6f - allowed, 1e-5f);
  EXPECT_TRUE(VecNear(foot, {allowed, 0, 0}, 1e-5f));
  // The budget limits the move; the height never changes.
  foot = {0, 0, -0.6f};
  EXPECT_NEAR(DrawIntoReach(foot, hip, 0.85f, 0.05f), 0.05f, 1e-6f);
  EXPECT_TRUE(VecNear(foot, {0, 0, -0.55f}, 1e-5f));
  // No budget, or a hip too far above for any horizontal move: untouched.
  foot = {0.6f, 0, 0};
  EXPECT_EQ(DrawIntoReach(foot, hip, 0.85f, 0.0f), 0.0f);
  foot = {0.1f, -0.2f, 0};
  EXPECT_EQ(DrawIntoReach(foot, hip, 0.85f, 1.0f), 0.0f);
  EXPECT_TRUE(VecNear(foot, {0.1f, -0.2f, 0}));
}

// A held foot a little past the leg's reach below a hip: the pelvis goes down until the leg
// reaches it, within the cap; nothing for a foot within reach, one too far out to the side for
// any drop to help, or one above the hip.
TEST(FootLock, PelvisDropToReachLowersTheHipOntoTheReachOfAHeldFoot) {
  const glm::vec3 hip(0.0f, 0.9f, 0.0f);
  const float reach = 0.85f;
  // 0.3 m behind and 0.82 m under the hip: 0.873 m away.
  const glm::vec3 foot(0.0f, 0.08f, -0.3f);
  const float drop = PelvisDropToReach(hip, foot, reach, 0.1f);
  EXPECT_NEAR(drop, -(0.82f - std::sqrt(reach * reach - 0.09f)), 1e-5f);
  EXPECT_NEAR(glm::length(hip + glm::vec3(0.0f, drop, 0.0f) - foot), reach, 1e-5f);
  EXPECT_FLOAT_EQ(PelvisDropToReach(hip, foot, reach, 0.01f), -0.01f);  // capped
  EXPECT_EQ(PelvisDropToReach(hip, foot, reach, 0.0f), 0.0f);           // off
  EXPECT_EQ(PelvisDropToReach(hip, glm::vec3(0.0f, 0.2f, -0.3f), reach, 0.1f), 0.0f);
  EXPECT_EQ(PelvisDropToReach(hip, glm::vec3(0.9f, 0.5f, 0.0f), reach, 0.1f), 0.0f);
  EXPECT_EQ(PelvisDropToReach(hip, glm::vec3(0.0f, 1.8f, -0.3f), reach, 0.1f), 0.0f);
}

// A foot target inside the sphere about the hip is lowered onto it, straight down; one outside it,
// below it already, or horizontally beyond its radius keeps its height, as does bad input.
TEST(FootLock, KeepOffHipLowersATargetOntoTheSphereAboutTheHip) {
  const glm::vec3 hip(0.0f, 0.5f, 0.0f);
  // 6 cm behind and 8 cm under the hip (10 cm away), kept 12.5 cm away: 10.9 cm under it.
  const float lowered = KeepOffHip(hip, glm::vec3(0.0f, 0.42f, -0.06f), 0.125f);
  EXPECT_NEAR(lowered, 0.5f - std::sqrt(0.125f * 0.125f - 0.06f * 0.06f), 1e-5f);
  EXPECT_NEAR(glm::length(glm::vec3(0.0f, lowered, -0.06f) - hip), 0.125f, 1e-5f);
  EXPECT_FLOAT_EQ(KeepOffHip(hip, glm::vec3(0.0f, 0.3f, -0.06f), 0.125f), 0.3f);  // outside
  EXPECT_FLOAT_EQ(KeepOffHip(hip, glm::vec3(0.2f, 0.45f, 0.0f), 0.125f), 0.45f);  // out beside
  EXPECT_FLOAT_EQ(KeepOffHip(hip, glm::vec3(0.0f, 0.45f, 0.0f), 0.0f), 0.45f);    // off
  // Above the hip, under it: lowered below it all the same.
  EXPECT_NEAR(KeepOffHip(hip, glm::vec3(0.0f, 0.6f, 0.0f), 0.125f), 0.375f, 1e-5f);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FLOAT_EQ(KeepOffHip(hip, glm::vec3(nan, 0.45f, 0.0f), 0.125f), 0.45f);
  EXPECT_FLOAT_EQ(KeepOffHip(glm::vec3(0.0f, nan, 0.0f), glm::vec3(0.0f, 0.45f, 0.0f), 0.125f),
                  0.45f);
}

// A curve that drops from planted to 0.2 in one update lets the foot go no faster than max_fall a
// frame: the held foot comes toward the animation over several frames instead of snapping.
TEST(FootLock, AReleaseFallsNoFasterThanMaxFall) {
  FootLockState state;
  Transform animated;
  animated.translation = {0.0f, 0.0f, 0.0f};
  UpdateFootLock(state, 1.0f, animated, world::kNoBody, std::nullopt, world::kNoBody, 0.25f);
  animated.translation = {0.0f, 0.0f, 0.4f};
  const Transform first =
      UpdateFootLock(state, 0.2f, animated, world::kNoBody, std::nullopt, world::kNoBody, 0.25f);
  EXPECT_NEAR(first.translation.z, 0.4f * 0.25f, 1e-6f);  // alpha 0.75, not 0.2
  const Transform second =
      UpdateFootLock(state, 0.2f, animated, world::kNoBody, std::nullopt, world::kNoBody, 0.25f);
  EXPECT_NEAR(second.translation.z, 0.4f * 0.5f, 1e-6f);
  const Transform third =
      UpdateFootLock(state, 0.2f, animated, world::kNoBody, std::nullopt, world::kNoBody, 0.25f);
  EXPECT_NEAR(third.translation.z, 0.4f * 0.75f, 1e-6f);
  const Transform fourth =
      UpdateFootLock(state, 0.2f, animated, world::kNoBody, std::nullopt, world::kNoBody, 0.25f);
  EXPECT_NEAR(fourth.translation.z, 0.4f * 0.8f, 1e-6f);  // reached the curve
  // Without the limit the same drop is taken at once.
  FootLockState free_state;
  animated.translation = {0.0f, 0.0f, 0.0f};
  UpdateFootLock(free_state, 1.0f, animated, world::kNoBody, std::nullopt);
  animated.translation = {0.0f, 0.0f, 0.4f};
  EXPECT_NEAR(
      UpdateFootLock(free_state, 0.2f, animated, world::kNoBody, std::nullopt).translation.z,
      0.4f * 0.8f, 1e-6f);
}

// A foot planted toe up (heel first) is followed down flat; once the follow stops, the held foot
// keeps the height and tilt it was last shown with, on the plant's place on the ground.
TEST(FootLock, OnceTheFollowStopsTheHeldFootKeepsTheHeightAndTiltLastShown) {
  FootLockState state;
  Transform planted = At({1.0f, 0.3f, 2.0f});
  planted.rotation = glm::angleAxis(0.5f, glm::vec3(1, 0, 0));  // toe up
  (void)UpdateFootLock(state, 1.0f, planted, world::kNoBody, std::nullopt);
  Transform shown = At({1.0f, 0.25f, 2.0f});  // flat, 5 cm lower
  RecordFollowedFoot(state, shown, std::nullopt);
  HoldLastFollowed(state);
  EXPECT_FALSE(state.followed.has_value());
  const Transform out =
      UpdateFootLock(state, 1.0f, At({1.3f, 0.1f, 2.2f}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {1.0f, 0.25f, 2.0f}));
  EXPECT_NEAR(std::fabs(glm::dot(out.rotation, shown.rotation)), 1.0f, 1e-6f);
  // Nothing followed since: the held foot stands as it is.
  HoldLastFollowed(state);
  EXPECT_TRUE(VecNear(state.held.translation, {1.0f, 0.25f, 2.0f}));
  // A new plant forgets what was followed before it.
  RecordFollowedFoot(state, At({1.0f, 0.9f, 2.0f}), std::nullopt);
  (void)UpdateFootLock(state, 0.0f, At({2.0f, 0.0f, 2.0f}), world::kNoBody, std::nullopt);
  (void)UpdateFootLock(state, 1.0f, At({3.0f, 0.0f, 2.0f}), world::kNoBody, std::nullopt);
  EXPECT_FALSE(state.followed.has_value());
}

// On a moving platform the followed foot is recorded in the platform's space.
TEST(FootLock, AFollowedFootOnAPlatformIsRecordedInItsSpace) {
  FootLockState state;
  const Transform platform = At({5.0f, 1.0f, 0.0f});
  (void)UpdateFootLock(state, 1.0f, At({5.2f, 1.1f, 0.0f}), 7, platform);
  RecordFollowedFoot(state, At({5.2f, 1.05f, 0.0f}), platform);
  HoldLastFollowed(state);
  EXPECT_TRUE(VecNear(state.held.translation, {0.2f, 0.05f, 0.0f}));
  const Transform moved = At({6.0f, 1.5f, 0.0f});
  const Transform out = UpdateFootLock(state, 1.0f, At({9.0f, 0.0f, 0.0f}), 7, moved);
  EXPECT_TRUE(VecNear(out.translation, {6.2f, 1.55f, 0.0f}));
}

TEST(FootLock, ResetAndNonFiniteCurvesDropTheLock) {
  FootLockState state;
  (void)UpdateFootLock(state, 1.0f, At({0, 0, 0}), world::kNoBody, std::nullopt);
  ResetFootLock(state);
  EXPECT_FALSE(state.locked);
  Transform out = UpdateFootLock(state, 1.0f, At({1, 0, 0}), world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {1, 0, 0}));
  out = UpdateFootLock(state, std::numeric_limits<float>::quiet_NaN(), At({2, 0, 0}),
                       world::kNoBody, std::nullopt);
  EXPECT_TRUE(VecNear(out.translation, {2, 0, 0}));
  EXPECT_FALSE(state.locked);
}

}  // namespace
}  // namespace footwork::ik
