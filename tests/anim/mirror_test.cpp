#include "footwork/anim/mirror.h"

#include <numbers>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "anim/anim_test_util.h"

namespace footwork::anim {
namespace {

using namespace testing;  // NOLINT: joint indices.

glm::vec3 ReflectX(const glm::vec3& v) {
  return {-v.x, v.y, v.z};
}

std::vector<Transform> Mirror(const Skeleton& skeleton, const RigBinding& binding,
                              std::span<const Transform> pose) {
  std::vector<Transform> output(pose.size()), scratch(pose.size());
  MirrorJob job;
  job.skeleton = &skeleton;
  job.binding = &binding;
  job.input = pose;
  job.scratch = scratch;
  job.output = output;
  EXPECT_TRUE(job.Run().ok());
  return output;
}

TEST(MirrorJointNameTest, SwapsTheBestMatchingFragment) {
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {".L", ".R"}, {"_l", "_r"}, {"Left", "Right"}};
  EXPECT_EQ(MirrorJointName("hand_l", pairs), "hand_r");
  EXPECT_EQ(MirrorJointName("hand_r", pairs), "hand_l");
  EXPECT_EQ(MirrorJointName("UpperArm.L", pairs), "UpperArm.R");
  EXPECT_EQ(MirrorJointName("LeftHandIndex1", pairs), "RightHandIndex1");
  EXPECT_EQ(MirrorJointName("spine_lower_l", pairs), "spine_lower_r");
  EXPECT_EQ(MirrorJointName("spine", pairs), "spine");
}

TEST(BindTest, ResolvesRolesSpineAndTwins) {
  const Skeleton skeleton = MakeHumanoid();
  const Result<RigBinding> binding = Bind(MakeHumanoidProfile(), skeleton);
  ASSERT_TRUE(binding.ok()) << binding.error().message;
  EXPECT_EQ(binding->Joint("foot_l"), kFootL);
  EXPECT_EQ(binding->Joint("pelvis"), kPelvis);
  EXPECT_EQ(binding->Joint("tail"), -1);
  EXPECT_EQ(binding->spine_chain, (std::vector<int>{kSpine, kChest}));
  EXPECT_EQ(binding->mirror_twin[kHandL], kHandR);
  EXPECT_EQ(binding->mirror_twin[kThighR], kThighL);
  EXPECT_EQ(binding->mirror_twin[kHead], kHead);
  EXPECT_EQ(binding->mirror_twin[kRoot], kRoot);
}

TEST(BindTest, ErrorsNameProfileRoleAndJoint) {
  const Skeleton skeleton = MakeHumanoid();
  RigProfile missing_role = MakeHumanoidProfile();
  missing_role.roles.erase("head");
  auto result = Bind(missing_role, skeleton);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("'head'"), std::string::npos);
  EXPECT_NE(result.error().message.find("test humanoid"), std::string::npos);

  RigProfile bad_joint = MakeHumanoidProfile();
  bad_joint.roles["foot_l"] = "LeftFoot";
  result = Bind(bad_joint, skeleton);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("LeftFoot"), std::string::npos);
  EXPECT_NE(result.error().message.find("foot_l"), std::string::npos);

  RigProfile bad_spine = MakeHumanoidProfile();
  bad_spine.spine_chain.push_back("spine_03");
  result = Bind(bad_spine, skeleton);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("spine_03"), std::string::npos);
}

TEST(MirrorValidateTest, NamesEachProblem) {
  const Skeleton skeleton = MakeHumanoid();
  const RigBinding binding = *Bind(MakeHumanoidProfile(), skeleton);
  const std::size_t n = skeleton.rest_pose.size();
  std::vector<Transform> pose(n), scratch(n), output(n), short_pose(n - 1);
  MirrorJob job;
  job.input = pose;
  job.scratch = scratch;
  job.output = output;
  EXPECT_FALSE(job.Validate().ok());
  job.skeleton = &skeleton;
  EXPECT_NE(job.Validate().error().message.find("binding"), std::string::npos);
  job.binding = &binding;
  EXPECT_TRUE(job.Validate().ok());
  MirrorJob bad = job;
  bad.scratch = short_pose;
  EXPECT_NE(bad.Validate().error().message.find("scratch"), std::string::npos);
  bad = job;
  bad.output = short_pose;
  EXPECT_FALSE(bad.Validate().ok());
  const Skeleton other = [] {
    Skeleton s;
    s.joint_names = {"a"};
    s.parents = {-1};
    s.rest_pose = {Transform::Identity()};
    return s;
  }();
  bad = job;
  bad.skeleton = &other;
  EXPECT_FALSE(bad.Run().ok());
}

class MirrorTest : public ::testing::TestWithParam<bool> {};

TEST_P(MirrorTest, RestPoseMirrorsOntoItself) {
  const Skeleton skeleton = MakeHumanoid(GetParam());
  const RigBinding binding = *Bind(MakeHumanoidProfile(), skeleton);
  EXPECT_TRUE(PoseNear(Mirror(skeleton, binding, skeleton.rest_pose), skeleton.rest_pose, 1e-4f));
}

TEST_P(MirrorTest, LeftArmRaiseBecomesRightArmRaise) {
  const Skeleton skeleton = MakeHumanoid(GetParam());
  const RigBinding binding = *Bind(MakeHumanoidProfile(), skeleton);
  // Raise the left arm 80 degrees about model +Z (the arm points +X, so it swings up), and bend
  // the left knee.
  std::vector<Transform> model = ToModel(skeleton, skeleton.rest_pose);
  for (int j : {kUpperArmL, kLowerArmL, kHandL}) {
    model[j].rotation = AxisAngle({0, 0, 1}, 1.4f) * model[j].rotation;
    model[j].translation =
        model[kUpperArmL].translation +
        AxisAngle({0, 0, 1}, 1.4f) * (model[j].translation - model[kUpperArmL].translation);
  }
  const std::vector<Transform> pose = ToLocal(skeleton, model);
  const std::vector<Transform> mirrored = Mirror(skeleton, binding, pose);
  const std::vector<Transform> mirrored_model = ToModel(skeleton, mirrored);
  const std::vector<Transform> rest_model = ToModel(skeleton, skeleton.rest_pose);

  EXPECT_TRUE(VecNear(mirrored_model[kHandR].translation, ReflectX(model[kHandL].translation)));
  EXPECT_GT(mirrored_model[kHandR].translation.y, rest_model[kHandR].translation.y + 0.5f);
  // The left arm is back at rest.
  EXPECT_TRUE(VecNear(mirrored_model[kHandL].translation, rest_model[kHandL].translation));
  EXPECT_TRUE(QuatNear(mirrored[kUpperArmL].rotation, skeleton.rest_pose[kUpperArmL].rotation));
}

TEST_P(MirrorTest, CentreJointTurnsTheOtherWay) {
  const Skeleton skeleton = MakeHumanoid(GetParam());
  const RigBinding binding = *Bind(MakeHumanoidProfile(), skeleton);
  // Yaw the chest left (+Y); mirrored, it yaws right by the same angle.
  std::vector<Transform> model = ToModel(skeleton, skeleton.rest_pose);
  const std::vector<Transform> rest_model = model;
  for (int j = kChest; j <= kHead; ++j) {
    model[j].rotation = AxisAngle({0, 1, 0}, 0.5f) * model[j].rotation;
    model[j].translation =
        model[kChest].translation +
        AxisAngle({0, 1, 0}, 0.5f) * (model[j].translation - model[kChest].translation);
  }
  const std::vector<Transform> mirrored_model =
      ToModel(skeleton, Mirror(skeleton, binding, ToLocal(skeleton, model)));
  EXPECT_TRUE(QuatNear(mirrored_model[kChest].rotation,
                       AxisAngle({0, 1, 0}, -0.5f) * rest_model[kChest].rotation));
}

INSTANTIATE_TEST_SUITE_P(RestOrientations, MirrorTest, ::testing::Values(false, true),
                         [](const auto& test_info) {
                           return test_info.param ? "Arbitrary" : "Identity";
                         });

RC_GTEST_PROP(MirrorProperties, MirroringTwiceGivesTheOriginal, ()) {
  const Skeleton skeleton = MakeHumanoid(*rc::gen::arbitrary<bool>());
  const RigBinding binding = *Bind(MakeHumanoidProfile(), skeleton);
  const std::vector<Transform> pose = GenPose(skeleton.rest_pose.size());
  const std::vector<Transform> twice = Mirror(skeleton, binding, Mirror(skeleton, binding, pose));
  RC_ASSERT(PoseNear(twice, pose, 2e-3f));
}

}  // namespace
}  // namespace footwork::anim
