// Pose cleanup on the procedural humanoid: a run given the wrong root speed (its planted feet
// slide; pinned, its knees pop) comes out with still feet and no joint over the bar,
// and a clean clip comes out exactly as pinning alone makes it.
#include "footwork/cook/pose_cleanup.h"

#include <gtest/gtest.h>

#include "cook/cook_test_pinning.h"
#include "footwork/cook/clip_quality.h"
#include "footwork/core/angles.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;

constexpr float kBarDeg = 15.0f;

// The shared contact fixture with the root at speed_scale times the gait's true speed.
struct CleanupCase : testing::PinnedCycleCase {
  CleanupCase(const fwt::GaitSpec& gait, float speed_scale)
      : PinnedCycleCase(gait, speed_scale * gait.speed_m_s, Contacts()) {}

  // Plants detected with a looser vertical speed than the default (0.25 m/s).
  static FootContactSettings Contacts() {
    FootContactSettings contacts;
    contacts.height_tolerance_m = 0.02f;
    contacts.max_vertical_speed_m_s = 1.5f;
    return contacts;
  }

  static PoseCleanupSettings Settings() {
    PoseCleanupSettings settings;
    settings.step_bar_rad = Radians(kBarDeg);
    settings.step_limit_rad = Radians(0.9f * kBarDeg);
    return settings;
  }
};

float MaxStepDeg(const SampledPoses& poses) {
  std::vector<glm::quat> rotations;
  for (const Transform& t : poses.locals)
    rotations.push_back(t.rotation);
  return Degrees(MaxJointStep(rotations, poses.joints));
}

TEST(PoseCleanupTest, ARunPinnedAtTheWrongSpeedComesOutStillAndUnderTheBar) {
  // Root motion 30% faster than the run's truth: holding each planted foot still makes the
  // stance leg sweep back 30% further in the same time, and its knee pops at the contact edges.
  CleanupCase c(fwt::RunGait(), 1.3f);
  // The case is hard: pinning alone leaves the knees popping over the bar.
  SampledPoses pinned_only = c.poses;
  ASSERT_TRUE(PinFeet(c.skeleton, pinned_only, c.root, c.Pins(), true, {}).ok());
  EXPECT_GT(MaxStepDeg(pinned_only), kBarDeg);

  SampledPoses poses = c.poses;
  Result<PoseCleanup> cleanup =
      CleanUpPoses(c.skeleton, poses, c.root, c.Pins(), true, CleanupCase::Settings());
  ASSERT_TRUE(cleanup.ok()) << cleanup.error().message;
  EXPECT_TRUE(cleanup->changed);
  EXPECT_FALSE(cleanup->notes.empty());
  EXPECT_LE(MaxStepDeg(poses), kBarDeg);
  EXPECT_LT(c.LockedSpeedCm(poses, "foot_l", c.left), 1.0f);
  EXPECT_LT(c.LockedSpeedCm(poses, "foot_r", c.right), 1.0f);
  // The loop stays closed.
  for (int j = 0; j < poses.joints; ++j) {
    EXPECT_LT(AngleBetween(poses.Frame(0)[j].rotation, poses.Frame(poses.frames() - 1)[j].rotation),
              1e-5f);
  }
}

TEST(PoseCleanupTest, ACleanClipIsWhatPinningAloneMakesOfIt) {
  CleanupCase c(fwt::WalkGait(), 0.9f);
  SampledPoses pinned_only = c.poses;
  ASSERT_TRUE(PinFeet(c.skeleton, pinned_only, c.root, c.Pins(), true, {}).ok());
  ASSERT_LE(MaxStepDeg(pinned_only), 0.9f * kBarDeg);
  SampledPoses poses = c.poses;
  ASSERT_TRUE(
      CleanUpPoses(c.skeleton, poses, c.root, c.Pins(), true, CleanupCase::Settings()).ok());
  for (std::size_t i = 0; i < poses.locals.size(); ++i)
    EXPECT_EQ(poses.locals[i].rotation, pinned_only.locals[i].rotation) << i;
}

TEST(PoseCleanupTest, NothingToPinOnlySmooths) {
  // A 40-degree pop in one arm at frame 10 of a clean walk, and no feet to pin.
  CleanupCase c(fwt::WalkGait(), 1.0f);
  const int arm = c.binding.Joint("upperarm_l");
  SampledPoses poses = c.poses;
  for (int f = 10; f < poses.frames(); ++f) {
    Transform& t = poses.locals[static_cast<std::size_t>(f) * poses.joints + arm];
    t.rotation = glm::normalize(QuatFromYaw(Radians(40.0f)) * t.rotation);
  }
  ASSERT_GT(MaxStepDeg(poses), 30.0f);
  const SampledPoses before = poses;
  Result<PoseCleanup> cleanup =
      CleanUpPoses(c.skeleton, poses, c.root, {}, false, CleanupCase::Settings());
  ASSERT_TRUE(cleanup.ok());
  EXPECT_TRUE(cleanup->changed);
  EXPECT_LE(MaxStepDeg(poses), kBarDeg);
  // The legs are not touched: nothing was pinned.
  const int calf = c.binding.Joint("calf_l");
  for (int f = 0; f < poses.frames(); ++f) {
    EXPECT_EQ(poses.Frame(f)[calf].rotation, before.Frame(f)[calf].rotation) << f;
  }
}

}  // namespace
}  // namespace footwork::cook
