// Pose cleanup on the procedural humanoid: a run given the wrong root speed (its planted feet
// slide; pinned, its knees pop) comes out with still feet and no joint over the bar,
// and a clean clip comes out exactly as pinning alone makes it.
#include "footwork/cook/pose_cleanup.h"

#include <gtest/gtest.h>

#include "footwork/anim/local_to_model.h"
#include "footwork/cook/clip_quality.h"
#include "footwork/cook/foot_plants.h"
#include "footwork/core/angles.h"
#include "support/procedural_humanoid.h"

namespace footwork::cook {
namespace {

namespace fwt = footwork::testing;

constexpr float kBarDeg = 15.0f;

struct CleanupCase {
  anim::Skeleton skeleton = fwt::HumanoidSkeleton();
  anim::RigBinding binding = *anim::Bind(fwt::HumanoidRigProfile(), skeleton);
  fwt::HumanoidClip cycle;
  SampledPoses poses;
  SampledMotion motion;
  FootPlants left;
  FootPlants right;
  std::vector<Transform> root;

  // `gait` in place, with root motion at speed_scale times its true speed along +Z.
  CleanupCase(const fwt::GaitSpec& gait, float speed_scale) : cycle(fwt::MakeCycleInPlace(gait)) {
    poses = *SamplePoses(skeleton, cycle.clip, 60.0f);
    motion = *SampleMotion(skeleton, cycle.clip, binding, 60.0f);
    FootContactSettings contacts;
    contacts.height_tolerance_m = 0.02f;
    contacts.max_vertical_speed_m_s = 1.5f;
    left = *DetectFootPlants(motion.left, 60.0f, contacts);
    right = *DetectFootPlants(motion.right, 60.0f, contacts);
    for (int f = 0; f < motion.frames(); ++f) {
      Transform t = Transform::Identity();
      t.translation = {0.0f, 0.0f, speed_scale * gait.speed_m_s * motion.TimeOf(f)};
      root.push_back(t);
    }
  }

  std::vector<FootPin> Pins() const {
    std::vector<FootPin> pins;
    for (const auto& [side, plants] : {std::pair{"l", &left}, std::pair{"r", &right}}) {
      FootPin pin;
      pin.chain = {binding.Joint(std::string("thigh_") + side),
                   binding.Joint(std::string("calf_") + side),
                   binding.Joint(std::string("foot_") + side)};
      pin.ball = binding.Joint(std::string("ball_") + side);
      pin.planted = plants->lock;
      pins.push_back(pin);
    }
    return pins;
  }

  static PoseCleanupSettings Settings() {
    PoseCleanupSettings settings;
    settings.step_bar_rad = Radians(kBarDeg);
    settings.step_limit_rad = Radians(0.9f * kBarDeg);
    return settings;
  }

  // Mean world speed (cm/s) of an ankle over its planted frames.
  float LockedSpeedCm(const SampledPoses& p, const char* joint_role,
                      const FootPlants& plants) const {
    const int joint = binding.Joint(joint_role);
    std::vector<glm::vec3> ankle;
    std::vector<float> lock;
    std::vector<Transform> model(static_cast<std::size_t>(p.joints));
    for (int f = 0; f < p.frames(); ++f) {
      anim::LocalToModelJob job{&skeleton,
                                {p.Frame(f), static_cast<std::size_t>(p.joints)},
                                Transform::Identity(),
                                model};
      EXPECT_TRUE(job.Run().ok());
      ankle.push_back(model[joint].translation);
      lock.push_back(plants.lock[f] ? 1.0f : 0.0f);
    }
    return 100.0f * MeanLockedFootSpeed(root, ankle, lock, 60.0f);
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
