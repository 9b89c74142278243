#include "footwork/cook/sample_motion.h"

#include <gtest/gtest.h>

#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;

anim::RigBinding HumanoidBinding(const anim::Skeleton& skeleton) {
  Result<anim::RigBinding> binding = anim::Bind(fwt::HumanoidRigProfile(), skeleton);
  EXPECT_TRUE(binding.ok());
  return *binding;
}

TEST(SampleMotionTest, FeetFollowTheAnalyticAnklePath) {
  const anim::Skeleton skeleton = fwt::HumanoidSkeleton();
  const anim::RigBinding binding = HumanoidBinding(skeleton);
  const fwt::HumanoidClip walk = fwt::MakeCycleInPlace(fwt::WalkGait());
  Result<SampledMotion> motion = SampleMotion(skeleton, walk.clip, binding, 60.0f);
  ASSERT_TRUE(motion.ok()) << motion.error().message;
  EXPECT_EQ(motion->frames(), FrameCount(walk.clip.duration_s, 60.0f));
  ASSERT_EQ(motion->left.ball.size(), motion->left.ankle.size());
  for (int f = 0; f < motion->frames(); ++f) {
    const float t = motion->TimeOf(f);
    const glm::vec3 left = fwt::TrueAnkleModelPosition(walk.gait, fwt::Side::kLeft, t);
    const glm::vec3 right = fwt::TrueAnkleModelPosition(walk.gait, fwt::Side::kRight, t);
    // The clip is keyed at 60 Hz like the sampling, so the keys are hit exactly.
    EXPECT_NEAR(glm::length(motion->left.ankle[f] - left), 0.0f, 2e-3f) << "frame " << f;
    EXPECT_NEAR(glm::length(motion->right.ankle[f] - right), 0.0f, 2e-3f) << "frame " << f;
    // In-place clip: no root-motion track, so the root stays at the origin.
    EXPECT_EQ(motion->root[f].translation, glm::vec3(0.0f));
  }
}

TEST(SampleMotionTest, RootComesFromTheRootMotionTrack) {
  const anim::Skeleton skeleton = fwt::HumanoidSkeleton();
  const anim::RigBinding binding = HumanoidBinding(skeleton);
  anim::Clip clip = fwt::MakeIdle().clip;
  clip.root_motion.translation.times = {0.0f, clip.duration_s};
  clip.root_motion.translation.values = {glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 2.0f)};
  Result<SampledMotion> motion = SampleMotion(skeleton, clip, binding, 30.0f);
  ASSERT_TRUE(motion.ok());
  EXPECT_NEAR(motion->root.back().translation.z, 2.0f, 1e-5f);
  EXPECT_NEAR(motion->root[motion->frames() / 2].translation.z, 1.0f, 0.05f);
}

TEST(SampleMotionTest, MissingFootRoleIsAnError) {
  const anim::Skeleton skeleton = fwt::HumanoidSkeleton();
  anim::RigBinding binding = HumanoidBinding(skeleton);
  binding.roles.erase("foot_r");
  Result<SampledMotion> motion = SampleMotion(skeleton, fwt::MakeIdle().clip, binding, 60.0f);
  ASSERT_FALSE(motion.ok());
  EXPECT_NE(motion.error().message.find("foot_r"), std::string::npos);
}

TEST(SampleMotionTest, TrackCountMismatchNamesTheClip) {
  const anim::Skeleton skeleton = fwt::HumanoidSkeleton();
  anim::Clip clip = fwt::MakeIdle().clip;
  clip.tracks.pop_back();
  Result<SampledPoses> poses = SamplePoses(skeleton, clip, 60.0f);
  ASSERT_FALSE(poses.ok());
  EXPECT_NE(poses.error().message.find("idle"), std::string::npos);
}

}  // namespace
}  // namespace footwork::cook
